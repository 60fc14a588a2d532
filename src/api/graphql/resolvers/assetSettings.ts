/**
 * `settings` of domains, glossary entries and data products (`AssetSettings`): the page templates
 * their summary is shown with. Types with settings of their own (a user's, a structured property's)
 * resolve them in their own modules.
 */
import type { AspectValue } from '../../../registry/aspectValues.js';
import { latestAspect, type GraphQLContext } from '../context.js';
import { entityRefs } from '../mappers/common.js';
import type { ResolverModule } from './module.js';

/** A stored `assetSettings` aspect as GraphQL's `AssetSettings`. */
export function assetSettingsOf(ctx: GraphQLContext, s: AspectValue<'assetSettings'>) {
  const summary = s.assetSummary;
  return {
    assetSummary: summary
      ? {
          templates: entityRefs(
            ctx,
            (summary.templates ?? []).map((t) => t.template),
          ).map((template) => ({ template })),
        }
      : null,
  };
}

export const assetSettingsModule: ResolverModule = {
  entityFields: {
    settings: async (ref, _args, ctx) => {
      const s = await latestAspect(ctx, ref, 'assetSettings');
      return s ? assetSettingsOf(ctx, s) : null;
    },
  },
};
