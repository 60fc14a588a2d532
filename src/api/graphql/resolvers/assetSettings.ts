/**
 * `settings` of domains, glossary entries and data products (`AssetSettings`): the page templates
 * their summary is shown with. Types with settings of their own (a user's, a structured property's)
 * resolve them in their own modules.
 */
import { aspectOf, type GraphQLContext } from '../context.js';
import { entityRefs } from '../mappers/common.js';
import type { ResolverModule } from './module.js';

type Json = Record<string, any>;

/** A stored `assetSettings` aspect as GraphQL's `AssetSettings`. */
export function assetSettingsOf(ctx: GraphQLContext, s: Json) {
  const summary = s.assetSummary;
  return {
    assetSummary: summary
      ? {
          templates: entityRefs(
            ctx,
            (summary.templates ?? []).map((t: Json) => t.template),
          ).map((template) => ({ template })),
        }
      : null,
  };
}

export const assetSettingsModule: ResolverModule = {
  entityFields: {
    settings: async (ref, _args, ctx) => {
      const s = await aspectOf(ctx, ref, 'assetSettings');
      return s ? assetSettingsOf(ctx, s) : null;
    },
  },
};
