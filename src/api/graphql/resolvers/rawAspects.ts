/**
 * `aspects(input)` of every entity: its stored aspects as raw JSON, for the app's generic aspect
 * panels. DataHub renders only aspects its registry marks `autoRender`, and none of its own models are,
 * so `autoRenderOnly` finds none here either. Aspects that need a privilege to read stay out unless
 * the caller holds it.
 */
import { aspectOf } from '../context.js';
import type { ResolverModule } from './module.js';

export const rawAspectsModule: ResolverModule = {
  entityFields: {
    aspects: async (ref, { input }, ctx) => {
      if (input?.autoRenderOnly) return [];
      const names: string[] | undefined = input?.aspectNames?.length ? input.aspectNames : undefined;
      const out = [];
      for (const name of await ctx.services.entities.readableAspects(ref.entityName, names, ctx.actor)) {
        const value = await aspectOf(ctx, ref, name);
        if (value) out.push({ aspectName: name, payload: JSON.stringify(value), renderSpec: null });
      }
      return out;
    },
  },
};
