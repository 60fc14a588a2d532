/**
 * `embed`: the url at which an entity (a chart, a dashboard…) renders, shown on its page.
 */
import { latestAspect } from '../context.js';
import type { ResolverModule } from './module.js';

export const embedModule: ResolverModule = {
  entityFields: {
    embed: async (ref, _args, ctx) => {
      const e = await latestAspect(ctx, ref, 'embed');
      return e ? { renderUrl: e.renderUrl ?? null } : null;
    },
  },
};
