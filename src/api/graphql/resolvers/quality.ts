/**
 * Data quality: assertions and their run events, incidents, data contracts, and an asset's health as
 * DataHub computes it from the two (the latest completed run of each assertion on the asset, and its
 * active incidents).
 */
import { latestAspect, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import { isPlainObject, type JsonObject } from '../../../json.js';
import type { AspectValue } from '../../../registry/aspectValues.js';
import type { AssertionActionType, Resolvers } from '../generated/resolvers.js';
import type { EntityFieldResolver, ResolverModule } from './module.js';
import { assertionInfo, assertionRunEvent } from '../mappers/assertions.js';
import { dataContractProperties, incidentInfo, PRIORITIES } from '../mappers/incidents.js';
import { incomingRefs, pointsOf } from './reads.js';

/** An assertion's actions: the schema leaves each open; GraphQL reads its type, refusing one its enum lacks. */
const actionsOf = (list: unknown[] | undefined) => (list ?? []).filter(isPlainObject).map((a) => ({ type: a.type as AssertionActionType }));

const ASSERTS = ['Asserts'];
const INCIDENT_ON = ['IncidentOn'];

// --- reads -------------------------------------------------------------------------------------------

const removed = async (ctx: GraphQLContext, ref: EntityRef) => (await latestAspect(ctx, ref, 'status'))?.removed === true;

/** The assertions on an entity, soft-deleted ones only when asked. */
async function assertionsOn(ctx: GraphQLContext, urn: string, includeSoftDeleted = false): Promise<EntityRef[]> {
  const refs = await incomingRefs(ctx, urn, ASSERTS, 'assertion');
  if (includeSoftDeleted) return refs;
  const gone = await Promise.all(refs.map((r) => removed(ctx, r)));
  return refs.filter((_, i) => !gone[i]);
}

/** The incidents raised on an entity with their info, newest created first. */
async function incidentsOn(ctx: GraphQLContext, urn: string): Promise<Array<{ ref: EntityRef; info: AspectValue<'incidentInfo'> }>> {
  const refs = await incomingRefs(ctx, urn, INCIDENT_ON, 'incident');
  const infos = await Promise.all(refs.map((r) => latestAspect(ctx, r, 'incidentInfo')));
  return refs
    .flatMap((ref, i) => (infos[i] ? [{ ref, info: infos[i]! }] : []))
    .sort((a, b) => (b.info.created?.time ?? 0) - (a.info.created?.time ?? 0));
}

const COMPLETE = [{ field: 'status', values: ['COMPLETE'], condition: 'EQUAL' }];

/** Health of assertions: null when none has a completed run, as DataHub reports nothing then. */
async function assertionHealth(ctx: GraphQLContext, urn: string) {
  const assertions = await assertionsOn(ctx, urn);
  if (assertions.length === 0) return null;
  const latest = await Promise.all(
    assertions.map(
      async (a) =>
        (
          await pointsOf(ctx, a, 'assertionRunEvent', {
            limit: 1,
            and: [...COMPLETE, { field: 'asserteeUrn', values: [urn], condition: 'EQUAL' }],
          })
        )[0],
    ),
  );
  if (latest.every((e) => e === undefined)) return null;
  const failing = assertions.filter((_, i) => latest[i] !== undefined && latest[i]!.result?.type !== 'SUCCESS').map((a) => a.urn);
  return failing.length > 0
    ? { type: 'ASSERTIONS', status: 'FAIL', message: `${failing.length} of ${assertions.length} assertions are failing`, causes: failing }
    : { type: 'ASSERTIONS', status: 'PASS', message: 'All assertions are passing' };
}

async function incidentHealth(ctx: GraphQLContext, urn: string) {
  const active = (await incidentsOn(ctx, urn))
    .filter((x) => x.info.status?.state === 'ACTIVE')
    .sort((a, b) => (b.info.status?.lastUpdated?.time ?? 0) - (a.info.status?.lastUpdated?.time ?? 0));
  const [latest] = active;
  if (!latest) return { type: 'INCIDENTS', status: 'PASS' };
  const at = latest.info.status?.lastUpdated?.time ?? null;
  return {
    type: 'INCIDENTS',
    reportedAt: at ?? 0,
    status: 'FAIL',
    message: `${active.length} active incident${active.length > 1 ? 's' : ''}`,
    activeIncidentHealthDetails: {
      latestIncidentUrn: latest.ref.urn,
      latestIncidentTitle: latest.info.title ?? null,
      lastActivityAt: at,
      count: active.length,
    },
    causes: ['ACTIVE_INCIDENTS'],
  };
}

// --- fields ------------------------------------------------------------------------------------------

const health: EntityFieldResolver = async (ref, _args, ctx) => {
  const [incidents, assertions] = await Promise.all([incidentHealth(ctx, ref.urn), assertionHealth(ctx, ref.urn)]);
  return assertions ? [incidents, assertions] : [incidents];
};

const incidents: EntityFieldResolver = async (ref, args, ctx) => {
  const priority = args.priority ? PRIORITIES.indexOf(args.priority) : undefined;
  const matching = (await incidentsOn(ctx, ref.urn)).filter(
    ({ info }) =>
      (!args.state || info.status?.state === args.state) &&
      (!args.stage || info.status?.stage === args.stage) &&
      (priority === undefined || info.priority === priority) &&
      (!args.assigneeUrns?.length || (info.assignees ?? []).some((a) => args.assigneeUrns.includes(a.actor))),
  );
  const start = args.start ?? 0;
  const page = matching.slice(start, start + (args.count ?? 20));
  return { start, count: page.length, total: matching.length, incidents: page.map((x) => x.ref) };
};

const assertions: NonNullable<NonNullable<Resolvers['Dataset']>['assertions']> = async (ref, args, ctx) => {
  const all = await assertionsOn(ctx, ref.urn, args.includeSoftDeleted === true);
  const start = args.start ?? 0;
  const page = all.slice(start, start + (args.count ?? 200));
  return { start, count: page.length, total: all.length, assertions: page };
};

export const qualityResolvers: Resolvers = {
  Assertion: {
    platform: async (ref, _args, ctx) =>
      refOf(ctx.services, (await latestAspect(ctx, ref, 'dataPlatformInstance'))?.platform) ?? {
        urn: 'urn:li:dataPlatform:unknown',
        entityName: 'dataPlatform',
      },
    info: async (ref, _args, ctx) => assertionInfo(await latestAspect(ctx, ref, 'assertionInfo')) as any,
    actions: async (ref, _args, ctx) => {
      const a = await latestAspect(ctx, ref, 'assertionActions');
      return a ? { onSuccess: actionsOf(a.onSuccess), onFailure: actionsOf(a.onFailure) } : null;
    },
    runEvents: async (ref, args, ctx) => {
      const and = [...(args.status ? [{ field: 'status', values: [args.status], condition: 'EQUAL' }] : []), ...(args.filter?.and ?? [])];
      const events = (await pointsOf(ctx, ref, 'assertionRunEvent', { ...args, and })).map(assertionRunEvent);
      const count = (type: string) => events.filter((e) => e.result?.type === type).length;
      return {
        total: events.length,
        failed: count('FAILURE'),
        succeeded: count('SUCCESS'),
        errored: count('ERROR'),
        runEvents: events as any,
      };
    },
  },
  Incident: Object.fromEntries(
    [
      'incidentType',
      'customType',
      'title',
      'description',
      'priority',
      'assignees',
      'entity',
      'source',
      'startedAt',
      'incidentStatus',
      'status',
      'created',
    ].map((name) => [
      name,
      async (ref: EntityRef, _args: unknown, ctx: GraphQLContext) => {
        const info = await latestAspect(ctx, ref, 'incidentInfo');
        return info ? (incidentInfo(ctx, info) as JsonObject)[name] : null;
      },
    ]),
  ),
  DataContract: {
    properties: async (ref, _args, ctx) => dataContractProperties(ctx, await latestAspect(ctx, ref, 'dataContractProperties')) as any,
    status: async (ref, _args, ctx) => {
      const s = await latestAspect(ctx, ref, 'dataContractStatus');
      return s ? { state: s.state } : null;
    },
  },
  Dataset: {
    contract: async (ref, _args, ctx) => (await incomingRefs(ctx, ref.urn, ['ContractFor'], 'dataContract'))[0] ?? null,
    assertions,
  },
};

export const qualityModule: ResolverModule = { resolvers: qualityResolvers, entityFields: { health, incidents } };
