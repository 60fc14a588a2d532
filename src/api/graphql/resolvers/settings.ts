/**
 * Settings the app reads at start: the platform's global settings (one `globalSettings` entity) and
 * each user's own (`corpUserSettings`).
 */
import { GLOBAL_SETTINGS_URN } from '../../../domains/content/globalSettings.js';
import type { AspectName, AspectValue } from '../../../registry/aspectValues.js';
import { latestAspect, type EntityRef, type GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { readableView } from './views.js';

const GLOBAL_SETTINGS: EntityRef = { urn: GLOBAL_SETTINGS_URN, entityName: 'globalSettings' };

/** The stored global settings, or undefined before any are written. */
export const globalSettings = (ctx: GraphQLContext): Promise<AspectValue<'globalSettingsInfo'> | undefined> =>
  latestAspect(ctx, GLOBAL_SETTINGS, 'globalSettingsInfo');

/** A reference to an entity of `entityName` when it is stored, else null (the app then falls back to its default). */
export async function storedRef(ctx: GraphQLContext, urn: unknown, entityName: string, aspect: AspectName): Promise<EntityRef | null> {
  if (typeof urn !== 'string') return null;
  const ref = { urn, entityName };
  return (await latestAspect(ctx, ref, aspect)) ? ref : null;
}

const resolvers: Resolvers = {
  Query: {
    globalViewsSettings: async (_root, _args, ctx) => ({ defaultView: (await globalSettings(ctx))?.views?.defaultView ?? null }),
    // Absent settings mean DataHub's default: column descriptions propagate.
    docPropagationSettings: async (_root, _args, ctx) => ({
      docColumnPropagation: (await globalSettings(ctx))?.docPropagation?.columnPropagationEnabled ?? true,
    }),
    globalHomePageSettings: async (_root, _args, ctx) => ({
      defaultTemplate: await storedRef(
        ctx,
        (await globalSettings(ctx))?.homePage?.defaultTemplate,
        'dataHubPageTemplate',
        'dataHubPageTemplateProperties',
      ),
    }),
  },
  CorpUser: {
    settings: async (ref, _args, ctx) => {
      // Always an object, as DataHub's mapper answers it, appearance included: the app reads
      // `me.corpUser.settings.appearance` before the user has stored any setting.
      const settings = await latestAspect(ctx, ref, 'corpUserSettings');
      return {
        appearance: {
          // The deployment's default until the user stores an appearance, then theirs (null unsaid), as in DataHub.
          showSimplifiedHomepage: settings?.appearance
            ? (settings.appearance.showSimplifiedHomepage ?? null)
            : ctx.featureFlags.showSimplifiedHomepageByDefault,
          showThemeV2: settings?.appearance?.showThemeV2 ?? null,
        },
        views: settings?.views ? { defaultView: await readableView(ctx, settings.views.defaultView) } : null,
        homePage: settings?.homePage
          ? {
              pageTemplate: await storedRef(ctx, settings.homePage.pageTemplate, 'dataHubPageTemplate', 'dataHubPageTemplateProperties'),
              dismissedAnnouncementUrns: settings.homePage.dismissedAnnouncements ?? [],
            }
          : null,
      };
    },
  },
};

export const settingsModule: ResolverModule = { resolvers };
