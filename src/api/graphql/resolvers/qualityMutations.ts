/**
 * Editing data quality from the app: custom assertions and their results, incidents, data contracts
 * and reported operations. Each needs DataHub's privilege on the asset concerned (EDIT_ENTITY or the
 * specific one), checked before anything else, then writes DataHub's aspects through the write path,
 * so the asset's health, search and the change log follow in the same commit.
 */
import type { Privilege } from '../../../auth/privilegeCatalog.js';
import { SYSTEM_ACTOR } from '../../../actors.js';
import type { Grant } from '../../../auth/authorizer.js';
import { toEdit } from '../../../auth/requirements.js';
import { badRequest, notFound } from '../../../errors.js';
import { buildProposal, deleteEntityProposal, editProposal, type Proposal } from '../../../write/proposals.js';
import { aspectOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { IncidentPriority, IncidentStatusInput, MutationResolvers, Resolvers, StringMapEntryInput } from '../generated/resolvers.js';
import { PRIORITIES } from '../mappers/incidents.js';
import type { ResolverModule } from './module.js';
import { clientRef } from './queries.js';
import { incomingRefs } from './reads.js';
import { entityUrn, newEntityUrn, schemaFieldUrn } from '../../../urn.js';

type Json = Record<string, any>;

/** The privilege DataHub asks of each kind of edit, on the asset edited. */
const ASSERTIONS = 'EDIT_ENTITY_ASSERTIONS';
const INCIDENTS = 'EDIT_ENTITY_INCIDENTS';
const CONTRACT = 'EDIT_ENTITY_DATA_CONTRACT';
const OPERATIONS = 'EDIT_ENTITY_OPERATIONS';

/** Only datasets report operations, as in DataHub. */
const OPERATION_ENTITY_TYPES = ['dataset'];

const allowed = (ctx: GraphQLContext, privilege: Privilege, assets: readonly string[]): Promise<Grant> =>
  ctx.services.authorizer.require(
    ctx.actor,
    assets.map((urn) => toEdit(urn, privilege)),
  );

async function write(ctx: GraphQLContext, grant: Grant, proposals: Proposal[]): Promise<void> {
  await ctx.services.writePath.apply(proposals, { actor: ctx.actor, grant });
  for (const p of proposals) ctx.aspects.clear(p.urn);
}

const upsert = (ctx: GraphQLContext, urn: string, aspect: string, value: unknown) =>
  buildProposal(ctx.services.registry, urn, aspect, 'UPSERT', value);

async function exists(ctx: GraphQLContext, urn: string): Promise<boolean> {
  const entity = ctx.services.registry.entityOfUrn(urn);
  return entity !== undefined && (await ctx.services.store.getAspect(urn, entity.keyAspect.name, 0)) !== undefined;
}

/** An urn a client names: 400 when it is not an urn of a known type, or (with `type`) not of that type. */
function urnOf(ctx: GraphQLContext, urn: string, type?: string): EntityRef {
  const ref = clientRef(ctx, urn);
  if (type && ref.entityName !== type) throw badRequest(`urn ${urn} is not of entity type ${type}`);
  return ref;
}

async function requireExisting(ctx: GraphQLContext, urn: string, what = 'entity'): Promise<void> {
  if (!(await exists(ctx, urn))) throw badRequest(`Provided ${what} with urn ${urn} does not exist!`);
}

const stringMap = (entries: ReadonlyArray<StringMapEntryInput> | null | undefined) =>
  entries?.length ? Object.fromEntries(entries.map((e) => [e.key, e.value ?? ''])) : undefined;

const stamp = (ctx: GraphQLContext) => ({ time: Date.now(), actor: ctx.actor });

// --- assertions ----------------------------------------------------------------------------------------

/** The asset an assertion asserts, by its graph edge, as DataHub finds it. */
async function asserteeOf(ctx: GraphQLContext, assertionUrn: string): Promise<string | undefined> {
  const r = await ctx.services.graph.related(
    { urn: assertionUrn, types: ['Asserts'], direction: 'OUTGOING', start: 0, count: 1 },
    ctx.actor,
  );
  return r.relationships[0]?.entity;
}

const platformOf = (p: { urn?: string | null | undefined; name?: string | null | undefined }) => {
  if (p.urn) return p.urn;
  if (p.name) return entityUrn('dataPlatform', p.name);
  throw badRequest('Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.');
};

// --- incidents -----------------------------------------------------------------------------------------

/** DataHub stores a priority as its rank, CRITICAL = 0. */
const priorityRank = (p: IncidentPriority | null | undefined) => (p ? PRIORITIES.indexOf(p) : undefined);

const assigneesOf = (urns: ReadonlyArray<string> | null | undefined, at: Json) => urns?.map((actor) => ({ actor, assignedAt: at }));

/** A status as given, or ACTIVE when none is: incidents are raised active. */
const statusOf = (s: IncidentStatusInput | null | undefined, at: Json) =>
  dropUnset({ state: s?.state ?? 'ACTIVE', stage: s?.stage ?? undefined, message: s?.message ?? undefined, lastUpdated: at });

function dropUnset<T extends Json>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** Distinct urns, each a valid urn of a known type. */
const resourcesOf = (ctx: GraphQLContext, urns: readonly string[]): string[] => [...new Set(urns.map((u) => urnOf(ctx, u).urn))];

async function incidentInfoOf(ctx: GraphQLContext, urn: string): Promise<{ ref: EntityRef; info: Json }> {
  const ref = urnOf(ctx, urn, 'incident');
  const info = await aspectOf(ctx, ref, 'incidentInfo');
  if (!info) throw notFound('Failed to update incident. Incident does not exist.');
  return { ref, info };
}

const editIncident = (ctx: GraphQLContext, urn: string, change: (info: Json) => Json) =>
  editProposal(ctx.services.registry, urn, 'incidentInfo', (current) => change({ ...(current ?? {}) }));

// --- data contracts ------------------------------------------------------------------------------------

const contracts = (list: ReadonlyArray<{ assertionUrn: string }> | null | undefined) => list?.map((c) => ({ assertion: c.assertionUrn }));

// --- resolvers -----------------------------------------------------------------------------------------

const Mutation: MutationResolvers = {
  upsertCustomAssertion: async (_root, { urn, input }, ctx) => {
    const entity = urnOf(ctx, input.entityUrn).urn;
    const assertion = urn ? urnOf(ctx, urn, 'assertion').urn : newEntityUrn('assertion');
    const grant = await allowed(ctx, ASSERTIONS, [entity]);
    const platform = platformOf(input.platform);
    await requireExisting(ctx, entity);
    const custom = dropUnset({
      type: input.type,
      entity,
      logic: input.logic,
      field: input.fieldPath ? schemaFieldUrn(entity, input.fieldPath) : undefined,
    });
    const info = dropUnset({
      type: 'CUSTOM',
      description: input.description,
      externalUrl: input.externalUrl,
      source: { type: 'EXTERNAL' },
      customAssertion: custom,
    });
    await write(ctx, grant, [upsert(ctx, assertion, 'assertionInfo', info), upsert(ctx, assertion, 'dataPlatformInstance', { platform })]);
    return { urn: assertion, entityName: 'assertion' };
  },

  reportAssertionResult: async (_root, { urn, result }, ctx) => {
    const assertion = urnOf(ctx, urn, 'assertion').urn;
    const assertee = await asserteeOf(ctx, assertion);
    if (!assertee)
      throw badRequest(
        `Failed to report Assertion Run Event. Assertion with urn ${assertion} does not exist or is not associated with any entity.`,
      );
    const grant = await allowed(ctx, ASSERTIONS, [assertee]);
    const at = result.timestampMillis != null ? Number(result.timestampMillis) : Date.now();
    const outcome = dropUnset({
      type: result.type,
      externalUrl: result.externalUrl,
      nativeResults: stringMap(result.properties),
      // DataHub keeps an error only on an ERROR result, its message under `message`.
      error:
        result.type === 'ERROR' && result.error ? { type: result.error.type, properties: { message: result.error.message } } : undefined,
    });
    const event = {
      timestampMillis: at,
      runId: String(at),
      assertionUrn: assertion,
      asserteeUrn: assertee,
      status: 'COMPLETE',
      result: outcome,
    };
    await write(ctx, grant, [upsert(ctx, assertion, 'assertionRunEvent', event)]);
    return true;
  },

  deleteAssertion: async (_root, { urn }, ctx) => {
    const ref = urnOf(ctx, urn, 'assertion');
    // Deleting what is not there succeeds, as in DataHub.
    if (!(await exists(ctx, ref.urn))) return true;
    const assertee = await asserteeOf(ctx, ref.urn);
    const grant = await allowed(ctx, ASSERTIONS, assertee ? [assertee] : []);
    await write(ctx, grant, [deleteEntityProposal(ctx.services.registry, ref.urn)]);
    // Then, as DataHub does, the references to it go (a contract's), as part of the delete the
    // caller was allowed; a failure there is logged, not the caller's.
    await ctx.services.deletes
      .deleteReferences(ref.urn, false, SYSTEM_ACTOR)
      .catch((err) => ctx.log.error({ err, urn: ref.urn }, 'clearing references to a deleted assertion failed'));
    return true;
  },

  raiseIncident: async (_root, { input }, ctx) => {
    const resources = resourcesOf(ctx, [...(input.resourceUrns ?? []), ...(input.resourceUrn ? [input.resourceUrn] : [])]);
    if (resources.length === 0) throw badRequest('At least 1 resource urn must be defined to raise an incident.');
    const grant = await allowed(ctx, INCIDENTS, resources);
    if (input.type === 'CUSTOM' && !input.customType) throw badRequest('Failed to create incident. customType is required');
    for (const r of resources) await requireExisting(ctx, r);
    const at = stamp(ctx);
    const info = dropUnset({
      type: input.type,
      customType: input.customType,
      title: input.title,
      description: input.description,
      entities: resources,
      created: at,
      startedAt: input.startedAt != null ? Number(input.startedAt) : undefined,
      source: { type: 'MANUAL' },
      priority: priorityRank(input.priority),
      assignees: assigneesOf(input.assigneeUrns, at),
      status: statusOf(input.status, at),
    });
    const urn = newEntityUrn('incident');
    await write(ctx, grant, [upsert(ctx, urn, 'incidentInfo', info)]);
    return urn;
  },

  updateIncident: async (_root, { urn, input }, ctx) => {
    const { ref, info } = await incidentInfoOf(ctx, urn);
    const existing: string[] = info.entities ?? [];
    const given = input.resourceUrns ? resourcesOf(ctx, input.resourceUrns) : undefined;
    const grant = await allowed(ctx, INCIDENTS, [...existing, ...(given ?? []).filter((r) => !existing.includes(r))]);
    if (given && given.length === 0) throw badRequest('resourceUrns cannot be empty if provided');
    for (const r of given ?? []) if (!existing.includes(r)) await requireExisting(ctx, r);
    const at = stamp(ctx);
    const change = (current: Json) => {
      const next: Json = { ...current };
      if (input.title != null) next.title = input.title;
      if (input.description != null) next.description = input.description;
      if (input.startedAt != null) next.startedAt = Number(input.startedAt);
      if (input.status) next.status = statusOf(input.status, at);
      if (given) next.entities = given;
      // Priority and assignees are replaced, absent ones removed, as DataHub does.
      next.priority = priorityRank(input.priority);
      next.assignees = assigneesOf(input.assigneeUrns, at);
      return dropUnset(next);
    };
    await write(ctx, grant, [editIncident(ctx, ref.urn, change)]);
    return true;
  },

  updateIncidentStatus: async (_root, { urn, input }, ctx) => {
    const { ref, info } = await incidentInfoOf(ctx, urn);
    const grant = await allowed(ctx, INCIDENTS, (info.entities ?? []).slice(0, 1));
    const status = statusOf(input, stamp(ctx));
    await write(ctx, grant, [editIncident(ctx, ref.urn, (current) => ({ ...current, status }))]);
    return true;
  },

  upsertDataContract: async (_root, { input }, ctx) => {
    const entity = urnOf(ctx, input.entityUrn).urn;
    const grant = await allowed(ctx, CONTRACT, [entity]);
    await requireExisting(ctx, entity);
    const assertions = [...(input.freshness ?? []), ...(input.schema ?? []), ...(input.dataQuality ?? [])].map(
      (c) => urnOf(ctx, c.assertionUrn).urn,
    );
    for (const a of assertions) await requireExisting(ctx, a, 'assertion');
    // One contract per asset: an existing one is replaced in place.
    const current = (await incomingRefs(ctx, entity, ['ContractFor'])).find((r) => r.entityName === 'dataContract');
    // A client's id must make a well-formed urn: checked, so a bad one is a 400.
    const urn = current?.urn ?? urnOf(ctx, newEntityUrn('dataContract', input.id), 'dataContract').urn;
    const properties = dropUnset({
      entity,
      freshness: contracts(input.freshness),
      schema: contracts(input.schema),
      dataQuality: contracts(input.dataQuality),
    });
    await write(ctx, grant, [
      upsert(ctx, urn, 'dataContractProperties', properties),
      upsert(ctx, urn, 'dataContractStatus', { state: input.state ?? 'ACTIVE' }),
    ]);
    return { urn, entityName: 'dataContract' };
  },

  reportOperation: async (_root, { input }, ctx) => {
    const ref = urnOf(ctx, input.urn);
    const grant = await allowed(ctx, OPERATIONS, [ref.urn]);
    if (!OPERATION_ENTITY_TYPES.includes(ref.entityName))
      throw badRequest(`Unable to report operation. Invalid entity type ${ref.entityName} provided.`);
    await requireExisting(ctx, ref.urn);
    const at = input.timestampMillis != null ? Number(input.timestampMillis) : Date.now();
    const operation = dropUnset({
      timestampMillis: at,
      lastUpdatedTimestamp: at,
      actor: ctx.actor,
      operationType: input.operationType,
      customOperationType: input.customOperationType,
      numAffectedRows: input.numAffectedRows != null ? Number(input.numAffectedRows) : undefined,
      sourceType: input.sourceType,
      partitionSpec: input.partition ? { type: 'PARTITION', partition: input.partition } : undefined,
      customProperties: stringMap(input.customProperties),
    });
    await write(ctx, grant, [upsert(ctx, ref.urn, 'operation', operation)]);
    // The schema's result is a String; DataHub's resolver answers its boolean, which reads as "true".
    return 'true';
  },
};

const resolvers: Resolvers = { Mutation };

export const qualityMutationsModule: ResolverModule = { resolvers };
