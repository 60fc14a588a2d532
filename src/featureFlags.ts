/**
 * The web app's feature flags (`appConfig.featureFlags`) with DataHub's defaults, each set by the
 * environment variable DataHub reads for it (its application.yaml). A flag tells DataHub's web app
 * which screens to show; our own UI reads none of them.
 */
export const FEATURE_FLAGS = {
  // Not among appConfig's flags: what a user who set no appearance gets (CorpUserSettings.appearance).
  showSimplifiedHomepageByDefault: { env: 'SHOW_SIMPLIFIED_HOMEPAGE_BY_DEFAULT', default: false },
  readOnlyModeEnabled: { env: 'READ_ONLY_MODE_ENABLED', default: false },
  showSearchFiltersV2: { env: 'SHOW_SEARCH_FILTERS_V2', default: true },
  showBrowseV2: { env: 'SHOW_BROWSE_V2', default: true },
  platformBrowseV2: { env: 'PLATFORM_BROWSE_V2', default: true },
  lineageGraphV2: { env: 'LINEAGE_GRAPH_V2', default: true },
  showAcrylInfo: { env: 'SHOW_ACRYL_INFO', default: false },
  erModelRelationshipFeatureEnabled: { env: 'ER_MODEL_RELATIONSHIP_FEATURE_ENABLED', default: false },
  showAccessManagement: { env: 'SHOW_ACCESS_MANAGEMENT', default: false },
  nestedDomainsEnabled: { env: 'NESTED_DOMAINS_ENABLED', default: true },
  businessAttributeEntityEnabled: { env: 'BUSINESS_ATTRIBUTE_ENTITY_ENABLED', default: false },
  dataContractsEnabled: { env: 'DATA_CONTRACTS_ENABLED', default: true },
  editableDatasetNameEnabled: { env: 'EDITABLE_DATASET_NAME_ENABLED', default: false },
  themeV2Enabled: { env: 'THEME_V2_ENABLED', default: true },
  themeV2Default: { env: 'THEME_V2_DEFAULT', default: true },
  themeV2Toggleable: { env: 'THEME_V2_TOGGLEABLE', default: true },
  schemaFieldCLLEnabled: { env: 'SCHEMA_FIELD_CLL_ENABLED', default: false },
  showSeparateSiblings: { env: 'SHOW_SEPARATE_SIBLINGS', default: false },
  showManageStructuredProperties: { env: 'SHOW_MANAGE_STRUCTURED_PROPERTIES', default: true },
  hideDbtSourceInLineage: { env: 'HIDE_DBT_SOURCE_IN_LINEAGE', default: false },
  schemaFieldLineageIgnoreStatus: { env: 'SCHEMA_FIELD_LINEAGE_IGNORE_STATUS', default: true },
  showNavBarRedesign: { env: 'SHOW_NAV_BAR_REDESIGN', default: true },
  showAutoCompleteResults: { env: 'SHOW_AUTO_COMPLETE_RESULTS', default: true },
  entityVersioningEnabled: { env: 'ENTITY_VERSIONING_ENABLED', default: false },
  showHasSiblingsFilter: { env: 'SHOW_HAS_SIBLINGS_FILTER', default: false },
  showSearchBarAutocompleteRedesign: { env: 'SHOW_SEARCH_BAR_AUTOCOMPLETE_REDESIGN', default: false },
  showManageTags: { env: 'SHOW_MANAGE_TAGS', default: true },
  showIntroducePage: { env: 'SHOW_INTRODUCE_PAGE', default: true },
  showIngestionPageRedesign: { env: 'SHOW_INGESTION_PAGE_REDESIGN', default: false },
  showLineageExpandMore: { env: 'SHOW_LINEAGE_EXPAND_MORE', default: true },
  showStatsTabRedesign: { env: 'SHOW_STATS_TAB_REDESIGN', default: true },
  showHomePageRedesign: { env: 'SHOW_HOME_PAGE_REDESIGN', default: false },
  showProductUpdates: { env: 'SHOW_PRODUCT_UPDATES', default: true },
  lineageGraphV3: { env: 'LINEAGE_GRAPH_V3', default: false },
  logicalModelsEnabled: { env: 'LOGICAL_MODELS_ENABLED', default: false },
  showHomepageUserRole: { env: 'SHOW_HOMEPAGE_USER_ROLE', default: false },
  assetSummaryPageV1: { env: 'ASSET_SUMMARY_PAGE_V1', default: false },
} as const satisfies Record<string, { env: string; default: boolean }>;

export type FeatureFlags = { [K in keyof typeof FEATURE_FLAGS]: boolean };

/** Every flag at DataHub's default. */
export const DEFAULT_FEATURE_FLAGS: FeatureFlags = Object.fromEntries(
  Object.entries(FEATURE_FLAGS).map(([name, flag]) => [name, flag.default]),
) as FeatureFlags;
