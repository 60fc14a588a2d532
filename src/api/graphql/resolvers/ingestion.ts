/**
 * Ingestion from the app: sources, the requests that run them, their results, and rolling a run
 * back (domains/ingestion/ingestion.ts). Everything needs MANAGE_INGESTION, reads included: recipes may hold
 * credentials.
 */
import { refOf, latestAspect, type EntityRef, type GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import { ownership } from '../mappers/entityAspects.js';
import { executionRequestInput, executionRequestResult, ingestionConfig, ingestionSchedule } from '../mappers/ingestion.js';
import { listEntities, listPage, listRequest } from './entityLists.js';
import type { ResolverModule } from './module.js';
import type { CriterionInput } from './search.js';
import { urnPrefix } from '../../../urn.js';

const REQUEST = 'dataHubExecutionRequest';
const NEWEST_FIRST = { field: 'requestTimeMs', order: 'DESCENDING' } as const;

const info = (ctx: GraphQLContext, ref: EntityRef) => latestAspect(ctx, ref, 'dataHubIngestionSourceInfo');
const requestInput = (ctx: GraphQLContext, ref: EntityRef) => latestAspect(ctx, ref, 'dataHubExecutionRequestInput');

/** The entity, when it is stored and of that kind; the caller's right to see it is checked first. */
async function stored(ctx: GraphQLContext, urn: string, kind: 'source' | 'request'): Promise<EntityRef | null> {
  return (await ctx.services.ingestion.isStored(ctx.actor, urn, kind)) ? (refOf(ctx.services, urn) ?? null) : null;
}

/** The requests that ran a source, newest first. */
const runsOf = (
  ctx: GraphQLContext,
  source: string,
  input: { start?: number | null | undefined; count?: number | null | undefined },
  extra: CriterionInput[] = [],
) =>
  listEntities(ctx, REQUEST, input, {
    criteria: [{ field: 'ingestionSource', values: [source], condition: 'EQUAL' }, ...extra],
    sort: NEWEST_FIRST,
    defaultCount: 10,
  });

/** Forgets what this request read of an entity the service just changed. */
const changed = (ctx: GraphQLContext, urn: string) => {
  ctx.aspects.clear(urn);
  return urn;
};

const resolvers: Resolvers = {
  Query: {
    listIngestionSources: async (_root, { input }, ctx) => {
      const sort = input.sort ? { field: input.sort.field, order: input.sort.sortOrder } : { field: 'type', order: 'ASCENDING' as const };
      const request = listRequest(input as any, { sort });
      const { entities, ...page } = listPage(ctx, request, await ctx.services.ingestion.listSources(ctx.actor, request));
      return { ...page, ingestionSources: entities as any };
    },
    ingestionSource: async (_root, { urn }, ctx) => (await stored(ctx, urn, 'source')) as any,
    listExecutionRequests: async (_root, { input }, ctx) => {
      const sort = input.sort ? { field: input.sort.field, order: input.sort.sortOrder } : NEWEST_FIRST;
      const request = listRequest(input as any, { sort });
      const { entities, ...page } = listPage(ctx, request, await ctx.services.ingestion.listRequests(ctx.actor, request));
      return { ...page, executionRequests: entities as any };
    },
    executionRequest: async (_root, { urn }, ctx) => (await stored(ctx, urn, 'request')) as any,
  },
  Mutation: {
    createIngestionSource: async (_root, { input }, ctx) =>
      changed(ctx, await ctx.services.ingestion.upsertSource(ctx.actor, undefined, input)),
    updateIngestionSource: async (_root, { urn, input }, ctx) =>
      changed(ctx, await ctx.services.ingestion.upsertSource(ctx.actor, urn, input)),
    deleteIngestionSource: async (_root, { urn }, ctx) => changed(ctx, await ctx.services.ingestion.deleteSource(ctx.actor, urn)),
    createIngestionExecutionRequest: async (_root, { input }, ctx) => ctx.services.ingestion.execute(ctx.actor, input.ingestionSourceUrn),
    createTestConnectionRequest: async (_root, { input }, ctx) =>
      ctx.services.ingestion.testConnection(ctx.actor, input.recipe, input.version),
    cancelIngestionExecutionRequest: async (_root, { input }, ctx) =>
      changed(ctx, await ctx.services.ingestion.cancel(ctx.actor, input.ingestionSourceUrn, input.executionRequestUrn)),
    rollbackIngestion: async (_root, { input }, ctx) => {
      await ctx.services.ingestion.rollback(ctx.actor, input.runId);
      return 'true';
    },
  },
  IngestionSource: {
    urn: (ref: any) => ref.urn,
    name: async (ref: any, _args, ctx) => (await info(ctx, ref))?.name ?? '',
    type: async (ref: any, _args, ctx) => (await info(ctx, ref))?.type ?? '',
    config: async (ref: any, _args, ctx) => ingestionConfig(await info(ctx, ref)),
    schedule: async (ref: any, _args, ctx) => ingestionSchedule(await info(ctx, ref)),
    platform: async (ref: any, _args, ctx) => (refOf(ctx.services, (await info(ctx, ref))?.platform) ?? null) as any,
    ownership: async (ref: any, _args, ctx) => {
      const o = await latestAspect(ctx, ref, 'ownership');
      return o ? ownership(ctx, ref.urn, o) : null;
    },
    executions: async (ref: any, args, ctx) => {
      const { entities, ...page } = await runsOf(ctx, ref.urn, args);
      return { ...page, executionRequests: entities as any };
    },
    latestSuccessfulExecution: async (ref: any, _args, ctx) =>
      ((await runsOf(ctx, ref.urn, { start: 0, count: 1 }, [{ field: 'executionResultStatus', values: ['SUCCESS'], condition: 'EQUAL' }]))
        .entities[0] ?? null) as any,
  },
  ExecutionRequest: {
    id: (ref: any) => ref.urn.slice(urnPrefix(REQUEST).length),
    input: async (ref: any, _args, ctx) => executionRequestInput(ctx, await requestInput(ctx, ref)),
    result: async (ref: any, _args, ctx) => executionRequestResult(await latestAspect(ctx, ref, 'dataHubExecutionRequestResult')),
    source: async (ref: any, _args, ctx) => {
      const source = refOf(ctx.services, (await requestInput(ctx, ref))?.source?.ingestionSource);
      return (source && (await info(ctx, source)) ? source : null) as any;
    },
  },
};

export const ingestionModule: ResolverModule = { resolvers };
