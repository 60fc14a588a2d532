/**
 * Field resolvers of entity types. Entities travel between resolvers as references (urn + type);
 * each field reads the aspects it needs through the batching loader and maps them through the
 * aspect's mapper (mappers/entityAspects.ts, mappers/properties.ts). Fields shared by many types are
 * `entityFields`, written once; per-type fields are resolvers by type.
 */
import type { AspectName, AspectValue } from '../../../registry/aspectValues.js';
import type { Registry } from '../../../registry/registry.js';
import { entityUrn, parseUrn } from '../../../urn.js';
import { latestAspect, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import { entityEnum } from '../entityTypes.js';
import type { EntityType, FabricType, MlFeatureDataType, Resolvers } from '../generated/resolvers.js';
import {
  browsePaths,
  dataPlatformInstance,
  deprecation,
  domainAssociation,
  institutionalMemory,
  browsePathV2,
  instancePlatform,
  ownership,
  status,
  subTypes,
} from '../mappers/entityAspects.js';
import {
  chartInfo,
  containerProperties,
  corpGroupEditableInfo,
  corpGroupInfo,
  corpUserEditableInfo,
  corpUserInfo,
  dashboardInfo,
  dataFlowInfo,
  dataJobInfo,
  dataPlatformInfo,
  datasetProperties,
  domainProperties,
  editableProperties,
  glossaryNodeInfo,
  glossaryTermInfo,
  mlProperties,
  type MlPropertiesAspect,
  notebookInfo,
  tagProperties,
} from '../mappers/properties.js';
import { globalTags, glossaryTerms } from '../mappers/tags.js';
import type { EntityField, EntityFieldOf, ResolverModule } from './module.js';

export const keyOf = (registry: Registry, ref: EntityRef): Record<string, string> =>
  registry.keyFromUrn(registry.entity(ref.entityName)!, parseUrn(ref.urn));

/** A field an entity's key holds (a dataset's `name`), typed as the schema's field (an enum, say). */
const keyField =
  <T extends string = string>(name: string) =>
  (ref: EntityRef, _args: unknown, ctx: GraphQLContext): T =>
    keyOf(ctx.services.registry, ref)[name] as T;

/**
 * A value the schema declares non-null that stored data may lack (a key naming no entity type we
 * know): null still fails the field, as graphql-js reports it, rather than a made-up value.
 */
const required = <T>(value: T | null | undefined): T => value as T;

/** An entity an entity's key names by urn (a dataset's platform). */
const keyRef = (name: string) => (ref: EntityRef, _args: unknown, ctx: GraphQLContext) =>
  required(refOf(ctx.services, keyOf(ctx.services.registry, ref)[name]));

/** One aspect of the entity mapped by `map`, as a resolver of any entity type that has the aspect. */
const fromAspect =
  <N extends AspectName, T>(aspect: N, map: (value: AspectValue<N> | undefined, ref: EntityRef, ctx: GraphQLContext) => T) =>
  async (ref: EntityRef, _args: unknown, ctx: GraphQLContext): Promise<T> =>
    map(await latestAspect(ctx, ref, aspect), ref, ctx);

/** The platform of an entity keyed by its tool (`dashboardTool`, `notebookTool`, `orchestrator`). */
const toolPlatform = (ref: EntityRef, _args: unknown, ctx: GraphQLContext) => {
  const key = keyOf(ctx.services.registry, ref);
  const tool = key.dashboardTool ?? key.notebookTool ?? key.orchestrator;
  return required(refOf(ctx.services, entityUrn('dataPlatform', String(tool))));
};

/** The aspects holding what the app edits of an entity's description (and name). */
type EditableAspect = Extract<AspectName, `editable${string}Properties`>;

const editable = (aspect: EditableAspect) => fromAspect(aspect, editableProperties);

/** The entities up a chain of parents, each found by `parentOf` from the one below; at most 50, no cycles. */
async function ancestors(ctx: GraphQLContext, first: unknown, parentOf: (ref: EntityRef) => Promise<unknown>): Promise<EntityRef[]> {
  const found: EntityRef[] = [];
  const seen = new Set<string>();
  let next = refOf(ctx.services, first);
  while (next && !seen.has(next.urn) && found.length < 50) {
    seen.add(next.urn);
    found.push(next);
    next = refOf(ctx.services, await parentOf(next));
  }
  return found;
}

// --- fields shared by entity types -------------------------------------------------------------------

const exists: EntityFieldOf<boolean> = async (ref, _args, ctx) =>
  (await ctx.aspects.load(ref.urn)).has(ctx.services.registry.entity(ref.entityName)!.keyAspect.name);
const tags: EntityField<'GlobalTags'> = fromAspect('globalTags', (g, ref, ctx) => globalTags(ctx, ref.urn, g));

const parentContainers: EntityField<'ParentContainersResult'> = async (ref, _args, ctx) => {
  const containers = await ancestors(
    ctx,
    (await latestAspect(ctx, ref, 'container'))?.container,
    async (c) => (await latestAspect(ctx, c, 'container'))?.container,
  );
  return { count: containers.length, containers };
};

/** Fields every entity type has, or many do; attached where the schema declares them. */
const commonFields = {
  urn: ((ref) => ref.urn) satisfies EntityFieldOf<string>,
  type: ((ref) => entityEnum(ref.entityName) as EntityType) satisfies EntityFieldOf<EntityType>,
  exists,
  ownership: fromAspect('ownership', (o, ref, ctx) => ownership(ctx, ref.urn, o)) satisfies EntityField<'Ownership'>,
  tags,
  globalTags: tags,
  glossaryTerms: fromAspect('glossaryTerms', (g, ref, ctx) => glossaryTerms(ctx, ref.urn, g)) satisfies EntityField<'GlossaryTerms'>,
  domain: fromAspect('domains', (d, ref, ctx) => domainAssociation(ctx, ref.urn, d)) satisfies EntityField<'DomainAssociation'>,
  deprecation: fromAspect('deprecation', (d, _ref, ctx) => deprecation(ctx, d)) satisfies EntityField<'Deprecation'>,
  status: fromAspect('status', status) satisfies EntityField<'Status'>,
  institutionalMemory: fromAspect('institutionalMemory', (m, ref, ctx) =>
    institutionalMemory(ctx, ref.urn, m),
  ) satisfies EntityField<'InstitutionalMemory'>,
  subTypes: fromAspect('subTypes', subTypes) satisfies EntityField<'SubTypes'>,
  container: fromAspect('container', (c, _ref, ctx) => refOf(ctx.services, c?.container) ?? null) satisfies EntityField<'Container'>,
  parentContainers,
  browsePaths: fromAspect('browsePaths', browsePaths) satisfies EntityFieldOf<ReturnType<typeof browsePaths>>,
  browsePathV2: fromAspect('browsePathsV2', (b, _ref, ctx) => browsePathV2(ctx, b)) satisfies EntityField<'BrowsePathV2'>,
  dataPlatformInstance: fromAspect('dataPlatformInstance', (d, _ref, ctx) =>
    dataPlatformInstance(ctx, d),
  ) satisfies EntityField<'DataPlatformInstance'>,
};

// --- fields of one type ------------------------------------------------------------------------------

const chartProperties = fromAspect('chartInfo', (i, ref) => chartInfo(ref.urn, i));
const dashboardProperties = fromAspect('dashboardInfo', (i, ref) => dashboardInfo(ref.urn, i));
const glossaryTermProperties = fromAspect('glossaryTermInfo', (i, ref, ctx) =>
  glossaryTermInfo(ref.urn, keyOf(ctx.services.registry, ref), i),
);
const corpUserProperties = fromAspect('corpUserInfo', (i, ref, ctx) => corpUserInfo(ctx, ref.urn, i));
const corpUserEditable = fromAspect('corpUserEditableInfo', (e, _ref, ctx) => corpUserEditableInfo(ctx, e));
const corpGroupProperties = fromAspect('corpGroupInfo', (i, _ref, ctx) => corpGroupInfo(ctx, i));
const dataPlatformProperties = fromAspect('dataPlatformInfo', dataPlatformInfo);
const ml = <N extends MlPropertiesAspect>(aspect: N, entityLists = false) =>
  fromAspect(aspect, (p, ref, ctx) => mlProperties(ctx, ref.urn, p, entityLists));
const mlDescription = (aspect: MlPropertiesAspect) => fromAspect(aspect, (p): string | null => p?.description ?? null);
// Stored as a string (DataHub's schema has the enum GraphQL names); graphql-js refuses a value not of it.
const mlDataType = (aspect: 'mlFeatureProperties' | 'mlPrimaryKeyProperties') =>
  fromAspect(aspect, (p) => (p?.dataType ?? null) as MlFeatureDataType | null);

/** The glossary nodes above a term or node, nearest first. */
const parentNodes = (aspect: 'glossaryTermInfo' | 'glossaryNodeInfo') => async (ref: EntityRef, _args: unknown, ctx: GraphQLContext) => {
  const nodes = await ancestors(
    ctx,
    (await latestAspect(ctx, ref, aspect))?.parentNode,
    async (n) => (await latestAspect(ctx, n, 'glossaryNodeInfo'))?.parentNode,
  );
  return { count: nodes.length, nodes };
};

const resolvers: Resolvers = {
  Dataset: {
    name: keyField('name'),
    origin: keyField<FabricType>('origin'),
    platform: keyRef('platform'),
    properties: async (ref, _args, ctx) =>
      datasetProperties(ref.urn, keyOf(ctx.services.registry, ref), await latestAspect(ctx, ref, 'datasetProperties')),
    editableProperties: editable('editableDatasetProperties'),
    description: fromAspect('datasetProperties', (p) => p?.description ?? null),
    uri: fromAspect('datasetProperties', (p) => p?.uri ?? null),
  },
  Chart: {
    tool: keyField('dashboardTool'),
    chartId: keyField('chartId'),
    platform: toolPlatform,
    properties: chartProperties,
    info: chartProperties,
    editableProperties: editable('editableChartProperties'),
    editableInfo: editable('editableChartProperties'),
  },
  Dashboard: {
    tool: keyField('dashboardTool'),
    dashboardId: keyField('dashboardId'),
    platform: toolPlatform,
    properties: dashboardProperties,
    info: dashboardProperties,
    editableProperties: editable('editableDashboardProperties'),
    editableInfo: editable('editableDashboardProperties'),
  },
  DataFlow: {
    orchestrator: keyField('orchestrator'),
    flowId: keyField('flowId'),
    cluster: keyField('cluster'),
    platform: toolPlatform,
    properties: fromAspect('dataFlowInfo', (i, ref) => dataFlowInfo(ref.urn, i)),
    editableProperties: editable('editableDataFlowProperties'),
  },
  DataJob: {
    jobId: keyField('jobId'),
    dataFlow: keyRef('flow'),
    properties: fromAspect('dataJobInfo', (i, ref) => dataJobInfo(ref.urn, i)),
    editableProperties: editable('editableDataJobProperties'),
  },
  Container: {
    // DataHub's container mapper answers the `unknown` platform for a container without a platform
    // instance: the field is non-null, and an error would empty every search result holding one.
    platform: fromAspect('dataPlatformInstance', (d, _ref, ctx) =>
      required(instancePlatform(ctx, d) ?? refOf(ctx.services, entityUrn('dataPlatform', 'unknown'))),
    ),
    properties: fromAspect('containerProperties', (p, ref) => containerProperties(ref.urn, p)),
    editableProperties: editable('editableContainerProperties'),
  },
  Notebook: {
    tool: keyField('notebookTool'),
    notebookId: keyField('notebookId'),
    platform: toolPlatform,
    info: fromAspect('notebookInfo', (i, ref) => notebookInfo(ref.urn, i)),
    editableProperties: editable('editableNotebookProperties'),
  },
  Domain: {
    id: keyField('id'),
    properties: fromAspect('domainProperties', domainProperties),
  },
  GlossaryTerm: {
    name: keyField('name'),
    hierarchicalName: keyField('name'),
    properties: glossaryTermProperties,
    glossaryTermInfo: glossaryTermProperties,
    parentNodes: parentNodes('glossaryTermInfo'),
  },
  GlossaryNode: {
    properties: fromAspect('glossaryNodeInfo', (p, ref, ctx) => glossaryNodeInfo(ref.urn, keyOf(ctx.services.registry, ref), p)),
    parentNodes: parentNodes('glossaryNodeInfo'),
  },
  Tag: {
    name: fromAspect('tagProperties', (p, ref, ctx): string => p?.name ?? keyOf(ctx.services.registry, ref).name!),
    description: fromAspect('tagProperties', (p) => p?.description ?? null),
    properties: fromAspect('tagProperties', (p, ref, ctx) => tagProperties(keyOf(ctx.services.registry, ref), p)),
  },
  CorpUser: {
    username: keyField('username'),
    // A native user is one whose password this service keeps. The credentials themselves are hidden
    // from most callers (the loader leaves them out), so the fact is asked of the service that keeps them.
    isNativeUser: (ref, _args, ctx) => ctx.services.nativeUsers.hasPassword(ref.urn),
    properties: corpUserProperties,
    info: corpUserProperties,
    editableProperties: corpUserEditable,
    editableInfo: corpUserEditable,
    status: fromAspect('corpUserStatus', (s) => (s?.status === 'ACTIVE' || s?.status === 'SUSPENDED' ? s.status : null)),
  },
  CorpGroup: {
    name: keyField('name'),
    properties: corpGroupProperties,
    info: corpGroupProperties,
    editableProperties: fromAspect('corpGroupEditableInfo', corpGroupEditableInfo),
  },
  DataPlatform: {
    name: keyField('platformName'),
    displayName: fromAspect('dataPlatformInfo', (i) => i?.displayName ?? null),
    properties: dataPlatformProperties,
    info: dataPlatformProperties,
  },
  MLModel: {
    name: keyField('name'),
    origin: keyField<FabricType>('origin'),
    platform: keyRef('platform'),
    description: mlDescription('mlModelProperties'),
    properties: ml('mlModelProperties'),
  },
  MLModelGroup: {
    name: keyField('name'),
    origin: keyField<FabricType>('origin'),
    platform: keyRef('platform'),
    description: mlDescription('mlModelGroupProperties'),
    properties: ml('mlModelGroupProperties'),
  },
  MLFeatureTable: {
    name: keyField('name'),
    platform: keyRef('platform'),
    description: mlDescription('mlFeatureTableProperties'),
    properties: ml('mlFeatureTableProperties', true),
  },
  MLFeature: {
    name: keyField('name'),
    featureNamespace: keyField('featureNamespace'),
    description: mlDescription('mlFeatureProperties'),
    dataType: mlDataType('mlFeatureProperties'),
    properties: ml('mlFeatureProperties'),
    featureProperties: ml('mlFeatureProperties'),
  },
  MLPrimaryKey: {
    name: keyField('name'),
    featureNamespace: keyField('featureNamespace'),
    description: mlDescription('mlPrimaryKeyProperties'),
    dataType: mlDataType('mlPrimaryKeyProperties'),
    properties: ml('mlPrimaryKeyProperties'),
    primaryKeyProperties: ml('mlPrimaryKeyProperties'),
  },
};

export const entityFieldsModule: ResolverModule = { resolvers, entityFields: commonFields };
