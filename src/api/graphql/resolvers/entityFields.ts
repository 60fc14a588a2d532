/**
 * Field resolvers of entity types. Entities travel between resolvers as references (urn + type);
 * each field reads the aspects it needs through the batching loader and maps them to DataHub's
 * GraphQL shapes. Fields shared by many types are written once; per-type fields are tables below.
 */
import type { GraphQLFieldResolver } from 'graphql';
import type { Registry } from '../../../registry/registry.js';
import { parseUrn } from '../../../urn.js';
import { aspectOf, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import { entityEnum } from '../entityTypes.js';
import { metadataAttribution } from '../mappers/attribution.js';
import { auditStamp as stamp, customProperties } from '../mappers/common.js';
import { globalTags, glossaryTerms } from '../mappers/tags.js';

type Json = Record<string, any>;
type Resolver = GraphQLFieldResolver<EntityRef, GraphQLContext, any>;
type Aspects = (name: string) => Promise<Json | undefined>;

export const keyOf = (registry: Registry, ref: EntityRef): Record<string, string> =>
  registry.keyFromUrn(registry.entity(ref.entityName)!, parseUrn(ref.urn));


/** Wraps a mapping of (aspects, key) to a field value into a resolver. */
const field =
  (fn: (get: Aspects, ctx: GraphQLContext, ref: EntityRef, args: any) => unknown): Resolver =>
  (ref, args, ctx) =>
    fn((name) => aspectOf(ctx, ref, name), ctx, ref, args);

const platformRef = (ctx: GraphQLContext, urn: string | undefined) => (urn ? refOf(ctx.services, urn) ?? null : null);

/** Fields every entity type has, or many do; attached where the schema declares them. */
export const commonFields: Record<string, Resolver> = {
  urn: (ref) => ref.urn,
  type: (ref) => entityEnum(ref.entityName),
  exists: field(async (_get, ctx, ref) => (await ctx.aspects.load(ref.urn)).has(ctx.services.registry.entity(ref.entityName)!.keyAspect.name)),
  ownership: field(async (get, ctx, ref) => {
    const o = await get('ownership');
    if (!o) return null;
    return {
      owners: (o.owners ?? []).flatMap((owner: Json) => {
        const entity = refOf(ctx.services, owner.owner);
        if (!entity) return [];
        return [{
          owner: entity,
          type: owner.type ?? 'NONE',
          ownershipType: owner.typeUrn ? refOf(ctx.services, owner.typeUrn) : refOf(ctx.services, `urn:li:ownershipType:__system__${String(owner.type ?? 'none').toLowerCase()}`),
          source: owner.source ?? null,
          associatedUrn: ref.urn,
          attribution: metadataAttribution(ctx, owner.attribution),
        }];
      }),
      lastModified: stamp(o.lastModified) ?? { time: 0, actor: null },
    };
  }),
  tags: field(async (get, ctx, ref) => globalTags(ctx, ref.urn, await get('globalTags'))),
  globalTags: field(async (get, ctx, ref) => globalTags(ctx, ref.urn, await get('globalTags'))),
  glossaryTerms: field(async (get, ctx, ref) => glossaryTerms(ctx, ref.urn, await get('glossaryTerms'))),
  domain: field(async (get, ctx, ref) => {
    const d = (await get('domains'))?.domains?.[0];
    const domain = refOf(ctx.services, d);
    return domain ? { domain, associatedUrn: ref.urn } : null;
  }),
  deprecation: field(async (get, ctx) => {
    const d = await get('deprecation');
    if (!d) return null;
    return {
      deprecated: d.deprecated === true,
      decommissionTime: d.decommissionTime ?? null,
      note: d.note ?? null,
      actor: d.actor ?? null,
      actorEntity: refOf(ctx.services, d.actor) ?? null,
      replacement: refOf(ctx.services, d.replacement) ?? null,
    };
  }),
  status: field(async (get) => {
    const s = await get('status');
    return s ? { removed: s.removed === true } : null;
  }),
  institutionalMemory: field(async (get, ctx, ref) => {
    const m = await get('institutionalMemory');
    if (!m) return null;
    return {
      elements: (m.elements ?? []).map((e: Json) => {
        // DataHub names an author it cannot resolve `unknown`, a user, rather than failing the page.
        const author = refOf(ctx.services, e.createStamp?.actor) ?? { urn: 'urn:li:corpuser:unknown', entityName: 'corpuser' };
        return {
          url: e.url,
          label: e.description ?? '',
          description: e.description ?? '',
          author,
          actor: author,
          created: stamp(e.createStamp) ?? { time: 0, actor: null },
          updated: stamp(e.updateStamp),
          associatedUrn: ref.urn,
        };
      }),
    };
  }),
  subTypes: field(async (get) => {
    const s = await get('subTypes');
    return s ? { typeNames: s.typeNames ?? [] } : null;
  }),
  container: field(async (get, ctx) => refOf(ctx.services, (await get('container'))?.container) ?? null),
  parentContainers: field(async (get, ctx) => {
    const containers: EntityRef[] = [];
    const seen = new Set<string>();
    let next = refOf(ctx.services, (await get('container'))?.container);
    while (next && !seen.has(next.urn) && containers.length < 50) {
      seen.add(next.urn);
      containers.push(next);
      next = refOf(ctx.services, (await aspectOf(ctx, next, 'container'))?.container);
    }
    return { count: containers.length, containers };
  }),
  browsePaths: field(async (get) => {
    const b = await get('browsePaths');
    return b ? (b.paths ?? []).map((p: string) => ({ path: p.split('/').filter((s) => s !== '') })) : null;
  }),
  dataPlatformInstance: field(async (get, ctx) => {
    const d = await get('dataPlatformInstance');
    if (!d) return null;
    return { urn: d.instance ?? d.platform, type: 'DATA_PLATFORM_INSTANCE', platform: platformRef(ctx, d.platform), instanceId: d.instance ? parseUrn(d.instance).parts[1] ?? '' : '' };
  }),
};

/** Chart/dashboard style info: title → name, audit stamps from `lastModified`. */
const infoProperties = (ref: EntityRef, info: Json | undefined, extra: Json = {}) =>
  info
    ? {
        name: info.title ?? info.name ?? '',
        description: info.description ?? null,
        externalUrl: info.externalUrl ?? info.chartUrl ?? info.dashboardUrl ?? null,
        access: info.access ?? null,
        customProperties: customProperties(ref.urn, info.customProperties),
        lastRefreshed: info.lastRefreshed ?? null,
        created: stamp(info.lastModified?.created) ?? { time: 0, actor: null },
        lastModified: stamp(info.lastModified?.lastModified) ?? { time: 0, actor: null },
        deleted: stamp(info.lastModified?.deleted),
        ...extra,
      }
    : null;

const description = (aspect: string): Resolver =>
  field(async (get) => {
    const e = await get(aspect);
    return e ? { description: e.description ?? null, name: e.name ?? null } : null;
  });

const keyField = (name: string): Resolver => (ref, _args, ctx) => keyOf(ctx.services.registry, ref)[name];
const keyRef = (name: string): Resolver => (ref, _args, ctx) => refOf(ctx.services, keyOf(ctx.services.registry, ref)[name]) ?? null;
const toolPlatform: Resolver = (ref, _args, ctx) => {
  const key = keyOf(ctx.services.registry, ref);
  const tool = key.dashboardTool ?? key.notebookTool ?? key.orchestrator;
  return refOf(ctx.services, `urn:li:dataPlatform:${tool}`) ?? null;
};
const instancePlatform: Resolver = field(async (get, ctx) => platformRef(ctx, (await get('dataPlatformInstance'))?.platform));

const datasetProperties = field(async (get, ctx, ref) => {
  const p = await get('datasetProperties');
  if (!p) return null;
  const key = keyOf(ctx.services.registry, ref);
  return {
    name: p.name ?? key.name,
    qualifiedName: p.qualifiedName ?? null,
    origin: key.origin,
    description: p.description ?? null,
    customProperties: customProperties(ref.urn, p.customProperties),
    externalUrl: p.externalUrl ?? null,
    created: p.created?.time ?? null,
    createdActor: p.created?.actor ?? null,
    lastModified: { time: p.lastModified?.time ?? 0, actor: p.lastModified?.actor ?? null },
    lastModifiedActor: p.lastModified?.actor ?? null,
  };
});

const refsOf = (ctx: GraphQLContext, urns: unknown[]) => urns.map((u) => refOf(ctx.services, u)).filter(Boolean);

/** `entityLists`: the aspect's feature and key lists are entities in GraphQL (a feature table's), not urns. */
const mlProperties = (aspect: string, entityLists = false) =>
  field(async (get, ctx, ref) => {
    const p = await get(aspect);
    if (!p) return null;
    return {
      ...p,
      description: p.description ?? null,
      customProperties: customProperties(ref.urn, p.customProperties),
      sources: (p.sources ?? []).map((s: string) => refOf(ctx.services, s)).filter(Boolean),
      mlFeatures: p.mlFeatures ? (entityLists ? refsOf(ctx, p.mlFeatures) : p.mlFeatures) : null,
      mlPrimaryKeys: p.mlPrimaryKeys && entityLists ? refsOf(ctx, p.mlPrimaryKeys) : null,
      groups: (p.groups ?? []).map((s: string) => refOf(ctx.services, s)).filter(Boolean),
    };
  });

const mlDescription = (aspect: string): Resolver => field(async (get) => (await get(aspect))?.description ?? null);

const corpUserInfo = field(async (get, ctx, ref) => {
  const i = await get('corpUserInfo');
  return i ? { ...i, active: i.active === true, manager: refOf(ctx.services, i.managerUrn) ?? null, customProperties: customProperties(ref.urn, i.customProperties) } : null;
});
const corpUserEditable = field(async (get) => (await get('corpUserEditableInfo')) ?? null);
const corpGroupInfo = field(async (get, ctx) => {
  const i = await get('corpGroupInfo');
  if (!i) return null;
  const refs = (list: string[] | undefined) => (list ?? []).map((u) => refOf(ctx.services, u)).filter(Boolean);
  return { ...i, admins: refs(i.admins), members: refs(i.members), groups: i.groups ?? null };
});

/** Fields specific to one GraphQL type, by type name then field name. */
export const typeFields: Record<string, Record<string, Resolver>> = {
  Dataset: {
    name: keyField('name'),
    origin: keyField('origin'),
    platform: keyRef('platform'),
    properties: datasetProperties,
    editableProperties: description('editableDatasetProperties'),
    description: field(async (get) => (await get('datasetProperties'))?.description ?? null),
    uri: field(async (get) => (await get('datasetProperties'))?.uri ?? null),
  },
  Chart: {
    tool: keyField('dashboardTool'),
    chartId: keyField('chartId'),
    platform: toolPlatform,
    properties: field(async (get, _ctx, ref) => {
      const info = await get('chartInfo');
      return infoProperties(ref, info, { type: info?.type ?? null });
    }),
    info: field(async (get, _ctx, ref) => {
      const info = await get('chartInfo');
      return infoProperties(ref, info, { type: info?.type ?? null });
    }),
    editableProperties: description('editableChartProperties'),
    editableInfo: description('editableChartProperties'),
  },
  Dashboard: {
    tool: keyField('dashboardTool'),
    dashboardId: keyField('dashboardId'),
    platform: toolPlatform,
    properties: field(async (get, _ctx, ref) => infoProperties(ref, await get('dashboardInfo'))),
    info: field(async (get, _ctx, ref) => infoProperties(ref, await get('dashboardInfo'))),
    editableProperties: description('editableDashboardProperties'),
    editableInfo: description('editableDashboardProperties'),
  },
  DataFlow: {
    orchestrator: keyField('orchestrator'),
    flowId: keyField('flowId'),
    cluster: keyField('cluster'),
    platform: toolPlatform,
    properties: field(async (get, _ctx, ref) => {
      const i = await get('dataFlowInfo');
      return i ? { name: i.name, description: i.description ?? null, project: i.project ?? null, externalUrl: i.externalUrl ?? null, customProperties: customProperties(ref.urn, i.customProperties) } : null;
    }),
    editableProperties: description('editableDataFlowProperties'),
  },
  DataJob: {
    jobId: keyField('jobId'),
    dataFlow: keyRef('flow'),
    properties: field(async (get, _ctx, ref) => {
      const i = await get('dataJobInfo');
      return i ? { name: i.name, description: i.description ?? null, externalUrl: i.externalUrl ?? null, customProperties: customProperties(ref.urn, i.customProperties) } : null;
    }),
    editableProperties: description('editableDataJobProperties'),
  },
  Container: {
    platform: instancePlatform,
    properties: field(async (get, _ctx, ref) => {
      const p = await get('containerProperties');
      return p ? { name: p.name, description: p.description ?? null, qualifiedName: p.qualifiedName ?? null, externalUrl: p.externalUrl ?? null, customProperties: customProperties(ref.urn, p.customProperties) } : null;
    }),
    editableProperties: description('editableContainerProperties'),
  },
  Notebook: {
    tool: keyField('notebookTool'),
    notebookId: keyField('notebookId'),
    platform: toolPlatform,
    info: field(async (get, _ctx, ref) => {
      const i = await get('notebookInfo');
      return i ? { title: i.title, description: i.description ?? null, externalUrl: i.externalUrl ?? null, customProperties: customProperties(ref.urn, i.customProperties) } : null;
    }),
    editableProperties: description('editableNotebookProperties'),
  },
  Domain: {
    id: keyField('id'),
    properties: field(async (get) => {
      const p = await get('domainProperties');
      return p ? { name: p.name, description: p.description ?? null } : null;
    }),
  },
  GlossaryTerm: {
    name: keyField('name'),
    hierarchicalName: keyField('name'),
    properties: field(async (get, ctx, ref) => glossaryTermProperties(await get('glossaryTermInfo'), ref, ctx)),
    glossaryTermInfo: field(async (get, ctx, ref) => glossaryTermProperties(await get('glossaryTermInfo'), ref, ctx)),
    parentNodes: field(async (get, ctx) => parentNodes(ctx, (await get('glossaryTermInfo'))?.parentNode)),
  },
  GlossaryNode: {
    properties: field(async (get, ctx, ref) => {
      const p = await get('glossaryNodeInfo');
      return p ? { name: p.name ?? keyOf(ctx.services.registry, ref).name, description: p.definition ?? null, customProperties: customProperties(ref.urn, p.customProperties) } : null;
    }),
    parentNodes: field(async (get, ctx) => parentNodes(ctx, (await get('glossaryNodeInfo'))?.parentNode)),
  },
  Tag: {
    name: field(async (get, ctx, ref) => (await get('tagProperties'))?.name ?? keyOf(ctx.services.registry, ref).name),
    description: field(async (get) => (await get('tagProperties'))?.description ?? null),
    properties: field(async (get, ctx, ref) => {
      const p = await get('tagProperties');
      return p ? { name: p.name ?? keyOf(ctx.services.registry, ref).name, description: p.description ?? null, colorHex: p.colorHex ?? null } : null;
    }),
  },
  CorpUser: {
    username: keyField('username'),
    isNativeUser: () => false,
    properties: corpUserInfo,
    info: corpUserInfo,
    editableProperties: corpUserEditable,
    editableInfo: corpUserEditable,
    status: field(async (get) => ((await get('corpUserStatus'))?.status === 'ACTIVE' ? 'ACTIVE' : null)),
  },
  CorpGroup: {
    name: keyField('name'),
    properties: corpGroupInfo,
    info: corpGroupInfo,
    editableProperties: field(async (get) => (await get('corpGroupEditableInfo')) ?? null),
  },
  DataPlatform: {
    name: keyField('platformName'),
    displayName: field(async (get) => (await get('dataPlatformInfo'))?.displayName ?? null),
    properties: field(async (get) => (await get('dataPlatformInfo')) ?? null),
    info: field(async (get) => (await get('dataPlatformInfo')) ?? null),
  },
  MLModel: { name: keyField('name'), origin: keyField('origin'), platform: keyRef('platform'), description: mlDescription('mlModelProperties'), properties: mlProperties('mlModelProperties') },
  MLModelGroup: { name: keyField('name'), origin: keyField('origin'), platform: keyRef('platform'), description: mlDescription('mlModelGroupProperties'), properties: mlProperties('mlModelGroupProperties') },
  MLFeatureTable: { name: keyField('name'), platform: keyRef('platform'), description: mlDescription('mlFeatureTableProperties'), properties: mlProperties('mlFeatureTableProperties', true) },
  MLFeature: {
    name: keyField('name'),
    featureNamespace: keyField('featureNamespace'),
    description: mlDescription('mlFeatureProperties'),
    dataType: field(async (get) => (await get('mlFeatureProperties'))?.dataType ?? null),
    properties: mlProperties('mlFeatureProperties'),
    featureProperties: mlProperties('mlFeatureProperties'),
  },
  MLPrimaryKey: {
    name: keyField('name'),
    featureNamespace: keyField('featureNamespace'),
    description: mlDescription('mlPrimaryKeyProperties'),
    dataType: field(async (get) => (await get('mlPrimaryKeyProperties'))?.dataType ?? null),
    properties: mlProperties('mlPrimaryKeyProperties'),
    primaryKeyProperties: mlProperties('mlPrimaryKeyProperties'),
  },
};

function glossaryTermProperties(i: Json | undefined, ref: EntityRef, ctx: GraphQLContext) {
  if (!i) return null;
  return {
    name: i.name ?? keyOf(ctx.services.registry, ref).name,
    description: i.definition ?? null,
    definition: i.definition ?? '',
    termSource: i.termSource ?? '',
    sourceRef: i.sourceRef ?? null,
    sourceUrl: i.sourceUrl ?? null,
    rawSchema: i.rawSchema ?? null,
    customProperties: customProperties(ref.urn, i.customProperties),
  };
}

async function parentNodes(ctx: GraphQLContext, first: string | undefined) {
  const nodes: EntityRef[] = [];
  let next = refOf(ctx.services, first);
  while (next && nodes.length < 50 && !nodes.some((n) => n.urn === next!.urn)) {
    nodes.push(next);
    next = refOf(ctx.services, (await aspectOf(ctx, next, 'glossaryNodeInfo'))?.parentNode);
  }
  return { count: nodes.length, nodes };
}
