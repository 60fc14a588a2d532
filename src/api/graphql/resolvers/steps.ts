/**
 * Onboarding steps: which of the app's guided tours a user has seen. The app names each state
 * `<user urn>-<step id>`, so states are per user by their ids.
 */
import { aspectValue } from '../../../registry/aspectValues.js';
import type { GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import { stringMap } from '../mappers/common.js';
import type { ResolverModule } from './module.js';
import { entityUrn } from '../../../urn.js';

const stepStateUrn = (id: string) => entityUrn('dataHubStepState', id);

/** The stored states among `ids`, in the order asked; ids never stored are left out, as DataHub does. */
async function stepStates(ctx: GraphQLContext, ids: readonly string[]) {
  const aspects = await ctx.aspects.loadMany(ids.map(stepStateUrn));
  return ids.flatMap((id, i) => {
    const found = aspects[i];
    const value =
      found instanceof Map ? aspectValue('dataHubStepStateProperties', found.get('dataHubStepStateProperties')?.value) : undefined;
    return value ? [{ id, properties: stringMap(value.properties) ?? [] }] : [];
  });
}

const resolvers: Resolvers = {
  Query: {
    batchGetStepStates: async (_root, { input }, ctx) => ({ results: await stepStates(ctx, input.ids) }),
  },
};

export const stepsModule: ResolverModule = { resolvers };
