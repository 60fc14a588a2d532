/**
 * The `*Properties` / `*Info` aspects of entity types, each mapped once to GraphQL's properties type.
 * The entity's key fills in what DataHub derives from it (a dataset's name when unnamed, say), so
 * mappers that need it take it.
 */
import { refOf, type GraphQLContext } from '../context.js';
import type { FabricType } from '../generated/resolvers.js';
import { auditStamp, customProperties, entityRefs, type Shape } from './common.js';

type Json = Record<string, any>;
/** The fields of an entity's key aspect, by name. */
type Key = Record<string, string>;

const UNSTAMPED = { time: 0, actor: null };

export function datasetProperties(urn: string, key: Key, p: Json | undefined): Shape<'DatasetProperties'> | null {
  if (!p) return null;
  return {
    name: p.name ?? key.name,
    qualifiedName: p.qualifiedName ?? null,
    origin: key.origin as FabricType,
    description: p.description ?? null,
    customProperties: customProperties(urn, p.customProperties),
    externalUrl: p.externalUrl ?? null,
    created: p.created?.time ?? null,
    createdActor: p.created?.actor ?? null,
    lastModified: { time: p.lastModified?.time ?? 0, actor: p.lastModified?.actor ?? null },
    lastModifiedActor: p.lastModified?.actor ?? null,
  };
}

/** `chartInfo` and `dashboardInfo`: title as name, audit stamps from `lastModified`. */
export function dashboardInfo(urn: string, info: Json | undefined): Shape<'DashboardProperties'> | null {
  if (!info) return null;
  return {
    name: info.title ?? info.name ?? '',
    description: info.description ?? null,
    externalUrl: info.externalUrl ?? info.chartUrl ?? info.dashboardUrl ?? null,
    access: info.access ?? null,
    customProperties: customProperties(urn, info.customProperties),
    lastRefreshed: info.lastRefreshed ?? null,
    created: auditStamp(info.lastModified?.created) ?? UNSTAMPED,
    lastModified: auditStamp(info.lastModified?.lastModified) ?? UNSTAMPED,
    deleted: auditStamp(info.lastModified?.deleted),
  };
}

export function chartInfo(urn: string, info: Json | undefined): Shape<'ChartProperties'> | null {
  const shared = dashboardInfo(urn, info);
  return shared && { ...shared, type: info?.type ?? null };
}

/** An `editable*Properties` aspect: the description (and name) edited in the app. */
export const editableProperties = (e: Json | undefined): { description: string | null; name: string | null } | null =>
  e ? { description: e.description ?? null, name: e.name ?? null } : null;

export function dataFlowInfo(urn: string, i: Json | undefined): Shape<'DataFlowProperties'> | null {
  return i
    ? {
        name: i.name,
        description: i.description ?? null,
        project: i.project ?? null,
        externalUrl: i.externalUrl ?? null,
        customProperties: customProperties(urn, i.customProperties),
      }
    : null;
}

export function dataJobInfo(urn: string, i: Json | undefined): Shape<'DataJobProperties'> | null {
  return i
    ? {
        name: i.name,
        description: i.description ?? null,
        externalUrl: i.externalUrl ?? null,
        customProperties: customProperties(urn, i.customProperties),
      }
    : null;
}

export function containerProperties(urn: string, p: Json | undefined): Shape<'ContainerProperties'> | null {
  return p
    ? {
        name: p.name,
        description: p.description ?? null,
        qualifiedName: p.qualifiedName ?? null,
        externalUrl: p.externalUrl ?? null,
        customProperties: customProperties(urn, p.customProperties),
      }
    : null;
}

export function notebookInfo(urn: string, i: Json | undefined): Shape<'NotebookInfo'> | null {
  return i
    ? {
        title: i.title,
        description: i.description ?? null,
        externalUrl: i.externalUrl ?? null,
        customProperties: customProperties(urn, i.customProperties),
      }
    : null;
}

export const domainProperties = (p: Json | undefined): Shape<'DomainProperties'> | null =>
  p ? { name: p.name, description: p.description ?? null } : null;

export function glossaryTermInfo(urn: string, key: Key, i: Json | undefined): Shape<'GlossaryTermProperties'> | null {
  if (!i) return null;
  return {
    name: i.name ?? key.name,
    description: i.definition ?? null,
    definition: i.definition ?? '',
    termSource: i.termSource ?? '',
    sourceRef: i.sourceRef ?? null,
    sourceUrl: i.sourceUrl ?? null,
    rawSchema: i.rawSchema ?? null,
    customProperties: customProperties(urn, i.customProperties),
  };
}

export function glossaryNodeInfo(urn: string, key: Key, p: Json | undefined): Shape<'GlossaryNodeProperties'> | null {
  return p
    ? { name: p.name ?? key.name, description: p.definition ?? null, customProperties: customProperties(urn, p.customProperties) }
    : null;
}

export function tagProperties(key: Key, p: Json | undefined): Shape<'TagProperties'> | null {
  return p ? { name: p.name ?? key.name, description: p.description ?? null, colorHex: p.colorHex ?? null } : null;
}

export function corpUserInfo(ctx: GraphQLContext, urn: string, i: Json | undefined): Shape<'CorpUserProperties'> | null {
  return i
    ? {
        ...i,
        active: i.active === true,
        manager: refOf(ctx.services, i.managerUrn) ?? null,
        customProperties: customProperties(urn, i.customProperties),
      }
    : null;
}

export function corpGroupInfo(ctx: GraphQLContext, i: Json | undefined): Shape<'CorpGroupInfo'> | null {
  return i ? { ...i, admins: entityRefs(ctx, i.admins), members: entityRefs(ctx, i.members), groups: i.groups ?? null } : null;
}

/**
 * The properties of ML models, groups, features, primary keys and feature tables. With `entityLists`,
 * the aspect's feature and key lists are entities in GraphQL (a feature table's), not urns.
 */
export function mlProperties(ctx: GraphQLContext, urn: string, p: Json | undefined, entityLists = false) {
  if (!p) return null;
  // One mapping serves the five types, each checked by its resolver; each reads the fields it declares.
  return {
    ...p,
    description: p.description ?? null,
    customProperties: customProperties(urn, p.customProperties),
    sources: entityRefs(ctx, p.sources),
    mlFeatures: p.mlFeatures ? (entityLists ? entityRefs(ctx, p.mlFeatures) : p.mlFeatures) : null,
    mlPrimaryKeys: p.mlPrimaryKeys && entityLists ? entityRefs(ctx, p.mlPrimaryKeys) : null,
    groups: entityRefs(ctx, p.groups),
  };
}

/** Aspects stored in GraphQL's shape already: read as they are, typed as the GraphQL type they stand for. */
export const corpUserEditableInfo = (e: Json | undefined): Shape<'CorpUserEditableProperties'> | null => e ?? null;
export const corpGroupEditableInfo = (e: Json | undefined): Shape<'CorpGroupEditableProperties'> | null => e ?? null;
export const dataPlatformInfo = (i: Json | undefined): Shape<'DataPlatformProperties'> | null => i ?? null;
