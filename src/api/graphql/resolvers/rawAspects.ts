/**
 * `aspects(input)` of every entity: its stored aspects as raw JSON, for the app's generic aspect
 * panels. DataHub renders only aspects its registry marks `autoRender`, and none of its own models are,
 * so `autoRenderOnly` finds none here either. Aspects that need a privilege to read stay out unless
 * the caller holds it: the loader leaves them out (write/entityReader.ts).
 */
import { rawAspect } from '../context.js';
import type { ResolverModule } from './module.js';

export const rawAspectsModule: ResolverModule = {
  entityFields: {
    aspects: async (ref, { input }, ctx) => {
      if (input?.autoRenderOnly) return [];
      const names: string[] | undefined = input?.aspectNames?.length ? input.aspectNames : undefined;
      const specs = [...ctx.services.registry.entity(ref.entityName)!.aspects.values()].filter((a) => !names || names.includes(a.name));
      const out = [];
      for (const spec of specs) {
        const value = await rawAspect(ctx, ref, spec.name);
        if (value) out.push({ aspectName: spec.name, payload: JSON.stringify(value), renderSpec: null });
      }
      return out;
    },
  },
};
