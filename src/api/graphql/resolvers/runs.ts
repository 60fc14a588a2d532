/**
 * Pipeline runs: data process instances (one run of a data job, flow or other template), their run
 * events, and the runs listed on a data job (its instances) or a dataset (the runs that read or wrote it).
 */
import { latestAspect, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { processInstanceProperties, processRunEvent, trainingRunProperties } from '../mappers/runs.js';
import { incomingRefs, pointsOf } from './reads.js';

// --- reads -------------------------------------------------------------------------------------------

const properties = (ctx: GraphQLContext, ref: EntityRef) => latestAspect(ctx, ref, 'dataProcessInstanceProperties');

/** Runs newest first (by their creation time), one page of them, as DataHub's run lists answer. */
async function runsPage(ctx: GraphQLContext, refs: EntityRef[], start: number, count: number) {
  const created = await Promise.all(refs.map(async (r) => (await properties(ctx, r))?.created?.time ?? 0));
  const sorted = refs
    .map((r, i) => ({ r, t: created[i] ?? 0 }))
    .sort((a, b) => b.t - a.t)
    .map((x) => x.r);
  const page = sorted.slice(start, start + count);
  return { start, count: page.length, total: sorted.length, runs: page };
}

const hasRunEvents = async (ctx: GraphQLContext, ref: EntityRef) =>
  (await pointsOf(ctx, ref, 'dataProcessInstanceRunEvent', { limit: 1 })).length > 0;

export const runsResolvers: Resolvers = {
  DataProcessInstance: {
    properties: async (ref, _args, ctx) => processInstanceProperties(ref, await properties(ctx, ref)),
    name: async (ref, _args, ctx) => (await properties(ctx, ref))?.name ?? null,
    created: async (ref, _args, ctx) => processInstanceProperties(ref, await properties(ctx, ref))?.created ?? null,
    externalUrl: async (ref, _args, ctx) => (await properties(ctx, ref))?.externalUrl ?? null,
    state: async (ref, args, ctx) => (await pointsOf(ctx, ref, 'dataProcessInstanceRunEvent', args)).map(processRunEvent) as any,
    parentTemplate: async (ref, _args, ctx) =>
      refOf(ctx.services, (await latestAspect(ctx, ref, 'dataProcessInstanceRelationships'))?.parentTemplate) ?? null,
    platform: async (ref, _args, ctx) => refOf(ctx.services, (await latestAspect(ctx, ref, 'dataPlatformInstance'))?.platform) ?? null,
    mlTrainingRunProperties: async (ref, _args, ctx) => trainingRunProperties(await latestAspect(ctx, ref, 'mlTrainingRunProperties')),
  },
  DataJob: {
    // DataHub lists a job's instances that have run events, newest created first.
    runs: async (ref, args, ctx) => {
      const instances = await incomingRefs(ctx, ref.urn, ['InstanceOf'], 'dataProcessInstance');
      const ran = await Promise.all(instances.map((r) => hasRunEvents(ctx, r)));
      return runsPage(
        ctx,
        instances.filter((_, i) => ran[i]),
        args.start ?? 0,
        args.count ?? 20,
      );
    },
  },
  Dataset: {
    // INCOMING: the runs that read the dataset; OUTGOING: the runs that wrote it.
    runs: async (ref, args, ctx) => {
      const type = args.direction === 'INCOMING' ? 'Consumes' : 'Produces';
      const instances = await incomingRefs(ctx, ref.urn, [type], 'dataProcessInstance');
      return runsPage(ctx, instances, args.start ?? 0, args.count ?? 20);
    },
  },
};

export const runsModule: ResolverModule = { resolvers: runsResolvers };
