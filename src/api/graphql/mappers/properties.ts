/**
 * The `*Properties` / `*Info` aspects of entity types, each mapped once to GraphQL's properties type.
 * The entity's key fills in what DataHub derives from it (a dataset's name when unnamed, say), so
 * mappers that need it take it.
 */
import type { AspectName, AspectValue } from '../../../registry/aspectValues.js';
import { refOf, type GraphQLContext } from '../context.js';
import type { FabricType } from '../generated/resolvers.js';
import { auditStamp, customProperties, entityRefs, type Shape } from './common.js';

/** The aspects that hold the properties of an ML model, group, feature table, feature or primary key. */
export type MlPropertiesAspect = Extract<
  AspectName,
  'mlModelProperties' | 'mlModelGroupProperties' | 'mlFeatureTableProperties' | 'mlFeatureProperties' | 'mlPrimaryKeyProperties'
>;
/** The GraphQL type each ML properties aspect is read as. */
interface MlShapes {
  mlModelProperties: Shape<'MLModelProperties'>;
  mlModelGroupProperties: Shape<'MLModelGroupProperties'>;
  mlFeatureTableProperties: Shape<'MLFeatureTableProperties'>;
  mlFeatureProperties: Shape<'MLFeatureProperties'>;
  mlPrimaryKeyProperties: Shape<'MLPrimaryKeyProperties'>;
}
/** What the ML mapper reads: each of the five aspects has some of it. */
interface MlFields {
  description?: string;
  customProperties?: Record<string, string>;
  sources?: string[];
  mlFeatures?: string[];
  mlPrimaryKeys?: string[];
  groups?: string[];
}
/** The fields of an entity's key aspect, by name: those a mapper reads are there for its entity type (hence `!`). */
type Key = Record<string, string>;

const UNSTAMPED = { time: 0, actor: null };

export function datasetProperties(
  urn: string,
  key: Key,
  p: AspectValue<'datasetProperties'> | undefined,
): Shape<'DatasetProperties'> | null {
  if (!p) return null;
  return {
    name: p.name ?? key.name!,
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
export function dashboardInfo(
  urn: string,
  info: AspectValue<'dashboardInfo'> | AspectValue<'chartInfo'> | undefined,
): Shape<'DashboardProperties'> | null {
  if (!info) return null;
  const urls: { chartUrl?: string; dashboardUrl?: string } = info;
  return {
    name: info.title ?? '',
    description: info.description ?? null,
    externalUrl: info.externalUrl ?? urls.chartUrl ?? urls.dashboardUrl ?? null,
    access: info.access ?? null,
    customProperties: customProperties(urn, info.customProperties),
    lastRefreshed: info.lastRefreshed ?? null,
    created: auditStamp(info.lastModified?.created) ?? UNSTAMPED,
    lastModified: auditStamp(info.lastModified?.lastModified) ?? UNSTAMPED,
    deleted: auditStamp(info.lastModified?.deleted),
  };
}

export function chartInfo(urn: string, info: AspectValue<'chartInfo'> | undefined): Shape<'ChartProperties'> | null {
  const shared = dashboardInfo(urn, info);
  return shared && { ...shared, type: info?.type ?? null };
}

/** An `editable*Properties` aspect: the description (and name) edited in the app. */
export const editableProperties = (
  e: { description?: string; name?: string } | undefined,
): { description: string | null; name: string | null } | null => (e ? { description: e.description ?? null, name: e.name ?? null } : null);

export function dataFlowInfo(urn: string, i: AspectValue<'dataFlowInfo'> | undefined): Shape<'DataFlowProperties'> | null {
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

export function dataJobInfo(urn: string, i: AspectValue<'dataJobInfo'> | undefined): Shape<'DataJobProperties'> | null {
  return i
    ? {
        name: i.name,
        description: i.description ?? null,
        externalUrl: i.externalUrl ?? null,
        customProperties: customProperties(urn, i.customProperties),
      }
    : null;
}

export function containerProperties(urn: string, p: AspectValue<'containerProperties'> | undefined): Shape<'ContainerProperties'> | null {
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

export function notebookInfo(urn: string, i: AspectValue<'notebookInfo'> | undefined): Shape<'NotebookInfo'> | null {
  return i
    ? {
        title: i.title,
        description: i.description ?? null,
        externalUrl: i.externalUrl ?? null,
        customProperties: customProperties(urn, i.customProperties),
      }
    : null;
}

export const domainProperties = (p: AspectValue<'domainProperties'> | undefined): Shape<'DomainProperties'> | null =>
  p ? { name: p.name, description: p.description ?? null } : null;

export function glossaryTermInfo(
  urn: string,
  key: Key,
  i: AspectValue<'glossaryTermInfo'> | undefined,
): Shape<'GlossaryTermProperties'> | null {
  if (!i) return null;
  return {
    name: i.name ?? key.name!,
    description: i.definition ?? null,
    definition: i.definition ?? '',
    termSource: i.termSource ?? '',
    sourceRef: i.sourceRef ?? null,
    sourceUrl: i.sourceUrl ?? null,
    rawSchema: i.rawSchema ?? null,
    customProperties: customProperties(urn, i.customProperties),
  };
}

export function glossaryNodeInfo(
  urn: string,
  key: Key,
  p: AspectValue<'glossaryNodeInfo'> | undefined,
): Shape<'GlossaryNodeProperties'> | null {
  return p
    ? { name: p.name ?? key.name!, description: p.definition ?? null, customProperties: customProperties(urn, p.customProperties) }
    : null;
}

export function tagProperties(key: Key, p: AspectValue<'tagProperties'> | undefined): Shape<'TagProperties'> | null {
  return p ? { name: p.name ?? key.name, description: p.description ?? null, colorHex: p.colorHex ?? null } : null;
}

export function corpUserInfo(
  ctx: GraphQLContext,
  urn: string,
  i: AspectValue<'corpUserInfo'> | undefined,
): Shape<'CorpUserProperties'> | null {
  return i
    ? {
        ...i,
        active: i.active === true,
        manager: refOf(ctx.services, i.managerUrn) ?? null,
        customProperties: customProperties(urn, i.customProperties),
      }
    : null;
}

export function corpGroupInfo(ctx: GraphQLContext, i: AspectValue<'corpGroupInfo'> | undefined): Shape<'CorpGroupInfo'> | null {
  return i ? { ...i, admins: entityRefs(ctx, i.admins), members: entityRefs(ctx, i.members), groups: i.groups ?? null } : null;
}

/**
 * The properties of ML models, groups, features, primary keys and feature tables. With `entityLists`,
 * the aspect's feature and key lists are entities in GraphQL (a feature table's), not urns.
 */
export function mlProperties<N extends MlPropertiesAspect>(
  ctx: GraphQLContext,
  urn: string,
  p: AspectValue<N> | undefined,
  entityLists = false,
): MlShapes[N] | null {
  if (!p) return null;
  const f: MlFields = p;
  // One mapping serves the five types: the aspect's fields as stored, with those GraphQL reads
  // otherwise mapped. Each type reads the fields it declares (graphql-js checks each value).
  return {
    ...p,
    description: f.description ?? null,
    customProperties: customProperties(urn, f.customProperties),
    sources: entityRefs(ctx, f.sources),
    mlFeatures: f.mlFeatures ? (entityLists ? entityRefs(ctx, f.mlFeatures) : f.mlFeatures) : null,
    mlPrimaryKeys: f.mlPrimaryKeys && entityLists ? entityRefs(ctx, f.mlPrimaryKeys) : null,
    groups: entityRefs(ctx, f.groups),
  } as unknown as MlShapes[N];
}

/** A user's edited info: stored in GraphQL's shape but for its platforms and persona, which are urns there and objects here. */
export function corpUserEditableInfo(
  ctx: GraphQLContext,
  e: AspectValue<'corpUserEditableInfo'> | undefined,
): Shape<'CorpUserEditableProperties'> | null {
  if (!e) return null;
  const { platforms, persona, ...rest } = e;
  return { ...rest, platforms: platforms ? entityRefs(ctx, platforms) : null, persona: persona ? { urn: persona } : null };
}
/** Aspects stored in GraphQL's shape already: read as they are, typed as the GraphQL type they stand for. */
export const corpGroupEditableInfo = (e: AspectValue<'corpGroupEditableInfo'> | undefined): Shape<'CorpGroupEditableProperties'> | null =>
  e ?? null;
export const dataPlatformInfo = (i: AspectValue<'dataPlatformInfo'> | undefined): Shape<'DataPlatformProperties'> | null => i ?? null;
