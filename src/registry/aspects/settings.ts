/**
 * Settings: the platform's global settings (Pegasus `com.linkedin.settings.global.*`, on the single
 * `globalSettings` entity) and a user's own settings (`com.linkedin.identity.CorpUserSettings`).
 */
import { any, arrayOf, boolean, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { aspect } from './aspect.js';

const G = 'com.linkedin.settings.global.';
const I = 'com.linkedin.identity.';

const FeatureSettings = record(`${G}FeatureSettings`, {
  enabled: boolean,
  config: optional(string),
  configVersion: optional(string),
});

export const globalSettingsInfo = aspect({
  name: 'globalSettingsInfo',
  type: record(`${G}GlobalSettingsInfo`, {
    // Single sign-on is configured in DataHub's frontend, which this service does not replace.
    sso: optional(any),
    views: optional(record(`${G}GlobalViewsSettings`, { defaultView: optional(urn) })),
    docPropagation: withDefault(
      record(`${G}DocPropagationFeatureSettings`, { columnPropagationEnabled: withDefault(boolean, true) }, FeatureSettings),
      { enabled: true, columnPropagationEnabled: true },
    ),
    homePage: optional(record(`${G}GlobalHomePageSettings`, { defaultTemplate: urn })),
    applications: optional(record(`${G}ApplicationsSettings`, {}, FeatureSettings)),
  }),
  relationships: [{ path: '/views/defaultView', name: 'viewedWith', entityTypes: ['dataHubView'] }],
});

export const corpUserSettings = aspect({
  name: 'corpUserSettings',
  type: record(`${I}CorpUserSettings`, {
    appearance: record(`${I}CorpUserAppearanceSettings`, { showSimplifiedHomepage: optional(boolean), showThemeV2: optional(boolean) }),
    views: optional(record(`${I}CorpUserViewsSettings`, { defaultView: optional(urn) })),
    // Notifications are sent by DataHub's actions framework, which this service does not run.
    notificationSettings: optional(any),
    homePage: optional(
      record(`${I}CorpUserHomePageSettings`, { pageTemplate: optional(urn), dismissedAnnouncements: optional(arrayOf(urn)) }),
    ),
  }),
  relationships: [{ path: '/homePage/pageTemplate', name: 'HasPersonalPageTemplate', entityTypes: ['dataHubPageTemplate'] }],
});

export const settingsAspects = [globalSettingsInfo, corpUserSettings];
