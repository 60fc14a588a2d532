/**
 * `appConfig`: what the web app asks first, to learn which features this service serves. Flags for
 * features we serve follow DataHub's defaults for its theme-v2 app; flags for features we do not
 * serve are off, so the app hides them rather than failing on them. What varies per deployment comes
 * from our configuration (authentication) and build (version); what an administrator sets at run time
 * (applications in navigation) from the global settings.
 */
import { OFFERED_PLATFORM_PRIVILEGES, privilegeText, ENTITY_RESOURCE_PRIVILEGES } from '../../../registry/privilegeCatalog.js';
import { CATALOG_VERSION } from '../../../version.js';
import type { Registry } from '../../../registry/registry.js';
import type { GraphQLContext } from '../context.js';
import { entityEnum } from '../entityTypes.js';
import type { FeatureFlagsConfig, Privilege, ResourcePrivileges } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { globalSettings } from './settings.js';

/** Features of the app and whether this service serves them. */
const FEATURE_FLAGS: FeatureFlagsConfig = {
  readOnlyModeEnabled: false,
  showSearchFiltersV2: true,
  showBrowseV2: true,
  platformBrowseV2: true,
  lineageGraphV2: true,
  // DataHub Cloud advertising.
  showAcrylInfo: false,
  erModelRelationshipFeatureEnabled: false,
  showAccessManagement: false,
  nestedDomainsEnabled: true,
  businessAttributeEntityEnabled: false,
  dataContractsEnabled: true,
  editableDatasetNameEnabled: false,
  // The theme-v2 app: on, its default, and a user may switch (CorpUserSettings.appearance.showThemeV2).
  themeV2Enabled: true,
  themeV2Default: true,
  themeV2Toggleable: true,
  schemaFieldCLLEnabled: false,
  showSeparateSiblings: false,
  showManageStructuredProperties: true,
  hideDbtSourceInLineage: false,
  schemaFieldLineageIgnoreStatus: true,
  showNavBarRedesign: true,
  showAutoCompleteResults: true,
  // Version sets are read and written (linkAssetVersion, unlinkAssetVersion).
  entityVersioningEnabled: true,
  showHasSiblingsFilter: false,
  showSearchBarAutocompleteRedesign: false,
  showManageTags: true,
  // The introduce page writes the user's profile, which the app's first page would then fail on.
  showIntroducePage: false,
  showIngestionPageRedesign: false,
  showLineageExpandMore: true,
  showStatsTabRedesign: true,
  // The new home page, laid out by page templates (see pageTemplates.ts).
  showHomePageRedesign: true,
  // Product-update popovers fetch DataHub's release notes, which are not this service's.
  showProductUpdates: false,
  lineageGraphV3: false,
  logicalModelsEnabled: false,
  showHomepageUserRole: false,
  assetSummaryPageV1: false,
};

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
    featureFlags: FEATURE_FLAGS,
    // The browser extension talks to DataHub Cloud.
    chromeExtensionConfig: { enabled: false, lineageEnabled: false },
    homePageConfig: { firstInPersonalSidebar: 'YOUR_ASSETS' as const },
  };
}

export const appStartModule: ResolverModule = {
  resolvers: { Query: { appConfig } },
};
