/** Forms, and the forms assigned to an asset with their completion (see mappers/forms.ts). */
import { latestAspect } from '../context.js';
import { formInfo, forms as formsOf } from '../mappers/forms.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { EntityFieldResolver, ResolverModule } from './module.js';

// --- fields ------------------------------------------------------------------------------------------

const forms: EntityFieldResolver = async (ref, _args, ctx) => {
  const f = await latestAspect(ctx, ref, 'forms');
  return f ? formsOf(ctx, ref, f) : null;
};

export const formsResolvers: Resolvers = {
  Form: {
    info: async (ref, _args, ctx) => {
      const i = await latestAspect(ctx, ref, 'formInfo');
      return (i ? await formInfo(ctx, ref, i) : null) as any;
    },
  },
};

export const formsModule: ResolverModule = { resolvers: formsResolvers, entityFields: { forms } };
