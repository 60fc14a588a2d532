/**
 * `displayProperties`: the colour and icon an entity (a domain, a glossary node) is shown with.
 */
import type { IconLibrary } from '../generated/resolvers.js';
import { latestAspect } from '../context.js';
import type { ResolverModule } from './module.js';

export const displayPropertiesModule: ResolverModule = {
  entityFields: {
    displayProperties: async (ref, _args, ctx) => {
      const d = await latestAspect(ctx, ref, 'displayProperties');
      if (!d) return null;
      const icon = d.icon ? { iconLibrary: d.icon.iconLibrary as IconLibrary, name: d.icon.name, style: d.icon.style } : null;
      return { colorHex: d.colorHex ?? null, icon };
    },
  },
};
