/**
 * `appConfig`: what the web app asks first, to learn which features this service serves. Its feature
 * flags are DataHub's defaults, each set by DataHub's environment variable (featureFlags.ts). What
 * varies per deployment comes from our configuration (authentication, flags) and build (version); what
 * an administrator sets at run time (applications in navigation) from the global settings.
 */
import { OFFERED_PLATFORM_PRIVILEGES, privilegeText, ENTITY_RESOURCE_PRIVILEGES } from '../../../registry/privilegeCatalog.js';
import { CATALOG_VERSION } from '../../../version.js';
import type { FeatureFlags } from '../../../featureFlags.js';
import type { Registry } from '../../../registry/registry.js';
import type { GraphQLContext } from '../context.js';
import { entityEnum } from '../entityTypes.js';
import type { Privilege, ResourcePrivileges } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { globalSettings } from './settings.js';

const privilege = (type: string): Privilege => ({
  type,
  displayName: privilegeText(type)?.displayName ?? null,
  description: privilegeText(type)?.description ?? null,
});

/**
 * Privileges per resource type, then every type's together as `all`, as DataHub's policy editor lists
 * them; the types whose entities the editor lets one pick carry their entity type (the registry's `policyPicker`).
 */
function resourcePrivileges(registry: Registry): ResourcePrivileges[] {
  const groups = ENTITY_RESOURCE_PRIVILEGES.map((g) => ({
    resourceType: g.resourceType,
    resourceTypeDisplayName: g.resourceTypeDisplayName,
    entityType: registry.entities.get(g.resourceType)?.lists.policyPicker
      ? (entityEnum(g.resourceType) as ResourcePrivileges['entityType'])
      : null,
    privileges: g.privileges.map(privilege),
  }));
  const all = [...new Set(ENTITY_RESOURCE_PRIVILEGES.flatMap((g) => g.privileges))];
  return [...groups, { resourceType: 'all', resourceTypeDisplayName: 'All Types', entityType: null, privileges: all.map(privilege) }];
}

/** The flags appConfig lists: every one but the default of a user's setting. */
const appFeatureFlags = ({ showSimplifiedHomepageByDefault: _userDefault, ...flags }: FeatureFlags) => flags;

async function appConfig(_root: unknown, _args: unknown, ctx: GraphQLContext) {
  const applications = (await globalSettings(ctx))?.applications?.enabled === true;
  return {
    appVersion: CATALOG_VERSION,
    authConfig: { tokenAuthEnabled: ctx.authEnabled },
    // The analytics page's charts are computed from usage events and the store (analytics.ts).
    analyticsConfig: { enabled: true },
    policiesConfig: {
      enabled: true,
      platformPrivileges: OFFERED_PLATFORM_PRIVILEGES.map(privilege),
      resourcePrivileges: resourcePrivileges(ctx.services.registry),
    },
    identityManagementConfig: { enabled: true },
    // Sources are managed here; `file` recipes run here, others through DataHub's CLI (domains/ingestion/ingestion.ts).
    managedIngestionConfig: { enabled: true },
    // Impact analysis is multi-hop lineage search (searchAcrossLineage, lineage.ts).
    lineageConfig: { supportsImpactAnalysis: true },
    visualConfig: {
      logoUrl: '/assets/platforms/datahublogo.png',
      faviconUrl: '/assets/icons/favicon.ico',
      appTitle: null,
      hideGlossary: false,
      showFullTitleInLineage: false,
      queriesTab: { queriesTabResultSize: 5 },
      entityProfiles: { domain: null },
      searchResult: { enableNameHighlight: true },
      theme: { themeId: null },
      application: { showSidebarSectionWhenEmpty: applications, showApplicationInNavigation: applications },
    },
    telemetryConfig: { enableThirdPartyLogging: false },
    // Metadata tests are not evaluated here.
    testsConfig: { enabled: false },
    viewsConfig: { enabled: true },
    searchBarConfig: { apiVariant: 'AUTOCOMPLETE_FOR_MULTIPLE' as const },
    searchCardConfig: { showDescription: false },
    featureFlags: appFeatureFlags(ctx.featureFlags),
    // The browser extension talks to DataHub Cloud.
    chromeExtensionConfig: { enabled: false, lineageEnabled: false },
    homePageConfig: { firstInPersonalSidebar: 'YOUR_ASSETS' as const },
  };
}

export const appStartModule: ResolverModule = {
  resolvers: { Query: { appConfig } },
};
