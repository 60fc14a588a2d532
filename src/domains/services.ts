/** The services of one running catalog, built over one store and the registry. */
import { ActiveUsers } from '../auth/activeUsers.js';
import { Authorizer } from '../auth/authorizer.js';
import { PolicyService } from './access/policies.js';
import { TokenService } from './access/tokens.js';
import { NativeUsers } from './access/nativeUsers.js';
import { PeopleService } from './access/people.js';
import { UserSettingsService } from './access/userSettings.js';
import { RoleService } from './access/roles.js';
import { loadRegistry, type Registry } from '../registry/registry.js';
import type { Store } from '../store/types.js';
import { BrowseService } from './search/browse.js';
import { ChangeFeed, type FollowerLimits } from './changeLog/changeFeed.js';
import { DeleteService } from './entities/deletes.js';
import { RunService } from './ingestion/runs.js';
import { EditService } from './labels/edits.js';
import { EntityService } from './entities/entities.js';
import { IngestService } from './entities/ingest.js';
import { WriteTraceService } from './entities/writeTraces.js';
import { GraphService } from './entities/graph.js';
import { LineageService } from './lineage/lineage.js';
import { LineageEditService } from './lineage/lineageEdits.js';
import { RestoreService } from '../write/restore.js';
import { SearchService } from './search/search.js';
import { TimelineService } from './timeline/timeline.js';
import { TimeseriesService } from './entities/timeseries.js';
import { WritePath } from '../write/writePath.js';
import { EntityReader } from '../write/entityReader.js';
import { UsageEvents } from './analytics/usageEvents.js';
import { RecommendationService } from './search/recommendations.js';
import { AnalyticsService } from './analytics/analytics.js';
import { FormService } from './forms/forms.js';
import { StructuredPropertyService } from './structuredProperties/structuredProperties.js';
import { GovernanceEditService } from './governance/governanceEdits.js';
import { SecretService } from './ingestion/secrets.js';
import { ConnectionService } from './ingestion/connections.js';
import { IngestionService } from './ingestion/ingestion.js';
import { FileRoot } from './ingestion/fileRoot.js';
import { Metrics } from './metrics/metrics.js';
import { ManagedWrites } from '../write/managedWrites.js';
import { PostService } from './content/posts.js';
import { QueryService } from './content/queries.js';
import { StepStateService } from './content/stepStates.js';
import { GlobalSettingsService } from './content/globalSettings.js';
import { DataProductService } from './dataProducts/dataProducts.js';
import { ApplicationService } from './dataProducts/applications.js';
import { ErModelService } from './erModel/erModel.js';
import { PageTemplateService } from './pageTemplates/pageTemplates.js';
import { ViewService } from './views/views.js';
import { AssertionService } from './quality/assertions.js';
import { IncidentService } from './quality/incidents.js';
import { DataContractService } from './quality/dataContracts.js';
import { OperationService } from './quality/operations.js';
import { TestService } from './tests/tests.js';
import { VersioningService } from './versioning/versioning.js';
import { PrivilegeFlags } from './access/privilegeFlags.js';

export interface Services {
  registry: Registry;
  store: Store;
  writePath: WritePath;
  /** Reads of latest aspects that leave out what the reader may not see. */
  reader: EntityReader;
  entities: EntityService;
  /** Proposals and snapshots as clients send them, written through the write path. */
  ingest: IngestService;
  /** Where a traced write (an OpenAPI write) stands, as DataHub's SDK asks. */
  writeTraces: WriteTraceService;
  search: SearchService;
  browse: BrowseService;
  graph: GraphService;
  lineage: LineageService;
  lineageEdits: LineageEditService;
  timeline: TimelineService;
  timeseries: TimeseriesService;
  restore: RestoreService;
  edits: EditService;
  authorizer: Authorizer;
  activeUsers: ActiveUsers;
  tokens: TokenService;
  policies: PolicyService;
  changeFeed: ChangeFeed;
  deletes: DeleteService;
  runs: RunService;
  usage: UsageEvents;
  recommendations: RecommendationService;
  analytics: AnalyticsService;
  nativeUsers: NativeUsers;
  /** Users and groups as the settings pages manage them. */
  people: PeopleService;
  /** Each user's own settings. */
  userSettings: UserSettingsService;
  roles: RoleService;
  structuredProperties: StructuredPropertyService;
  forms: FormService;
  governance: GovernanceEditService;
  secrets: SecretService;
  connections: ConnectionService;
  ingestion: IngestionService;
  posts: PostService;
  /** Saved queries (Query entities), not searches. */
  queries: QueryService;
  stepStates: StepStateService;
  globalSettings: GlobalSettingsService;
  dataProducts: DataProductService;
  applications: ApplicationService;
  erModel: ErModelService;
  pageTemplates: PageTemplateService;
  views: ViewService;
  assertions: AssertionService;
  incidents: IncidentService;
  dataContracts: DataContractService;
  operations: OperationService;
  tests: TestService;
  versioning: VersioningService;
  /** What the caller may do, as the app's flags (me.platformPrivileges, an entity's privileges). */
  privilegeFlags: PrivilegeFlags;
  /** Counters any layer adds to (refusals, failed authentications), served at GET /metrics. */
  metrics: Metrics;
}

/**
 * What the API layer is handed: the services, not the store or the write path beneath them, so a
 * resolver or a handler can only do what a service offers (and checks).
 */
export type ApiServices = Omit<Services, 'store' | 'writePath' | 'authorizer'>;

/** A latest aspect as `reader` answers it, with its stored JSON text (rawJson.ts). */
export type { AspectRow } from '../store/types.js';

export interface ServiceOptions {
  /** Current time in milliseconds (tests move it). */
  now?: () => number;
  /** The token signing key; by default one is created and kept in the store. */
  tokenSigningKey?: string;
  /** Lifetime of session tokens (GMS's SESSION_TOKEN_DURATION_MS). */
  sessionTokenDurationMs?: number;
  /** Versions kept per aspect (0: all); see WritePath. */
  maxVersions?: number;
  /** The key secrets are sealed with (GMS's SECRET_SERVICE_ENCRYPTION_KEY); by default one is created and kept in the store. */
  secretEncryptionKey?: string;
  /** How many may follow the change log, and how long one may stall (domains/changeLog/changeFeed.ts). */
  followerLimits?: FollowerLimits;
  /** The folder the in-process `file` source may read (INGESTION_FILE_ROOT); without one it reads nothing. */
  ingestionFileRoot?: string;
  /**
   * The largest page of search results (MAX_COUNT, 10,000 as in DataHub, by default): smaller in
   * tests, which page past it over a catalog of a tenth the size.
   */
  maxSearchPage?: number;
}

export function createServices(store: Store, options: ServiceOptions = {}): Services {
  const now = options.now ?? Date.now;
  const registry = loadRegistry();
  const authorizer = new Authorizer(store);
  const changeFeed = new ChangeFeed(store, registry, authorizer, options.followerLimits);
  const writePath = new WritePath(store, registry, authorizer, {
    now,
    committed: () => changeFeed.committed(),
    ...(options.maxVersions !== undefined ? { maxVersions: options.maxVersions } : {}),
  });
  const search = new SearchService(store, registry, authorizer, options.maxSearchPage);
  const activeUsers = new ActiveUsers(store, authorizer.access);
  const tokens = new TokenService(store, registry, writePath, authorizer, activeUsers, {
    now,
    ...(options.tokenSigningKey ? { signingKey: options.tokenSigningKey } : {}),
    ...(options.sessionTokenDurationMs ? { sessionDurationMs: options.sessionTokenDurationMs } : {}),
  });
  const runs = new RunService(store, registry, writePath, authorizer);
  const secrets = new SecretService(store, registry, writePath, authorizer, search, {
    now,
    ...(options.secretEncryptionKey ? { encryptionKey: options.secretEncryptionKey } : {}),
  });
  const deletes = new DeleteService(store, registry, writePath, authorizer);
  const graph = new GraphService(store, registry, authorizer);
  const entities = new EntityService(store, registry, authorizer, now);
  const nativeUsers = new NativeUsers(store, registry, writePath, authorizer, tokens, activeUsers, now);
  const managed = new ManagedWrites(registry, store, writePath, authorizer, deletes, now);
  return {
    changeFeed,
    deletes,
    runs,
    registry,
    store,
    writePath,
    reader: new EntityReader(store, registry, authorizer),
    authorizer,
    activeUsers,
    tokens,
    policies: new PolicyService(registry, writePath, authorizer, now),
    edits: new EditService(store, registry, writePath, authorizer, now),
    ingest: new IngestService(registry, writePath, now),
    writeTraces: new WriteTraceService(store, registry, authorizer),
    entities,
    search,
    browse: new BrowseService(store, registry, authorizer),
    graph,
    lineage: new LineageService(store, registry, authorizer),
    lineageEdits: new LineageEditService(store, registry, writePath, authorizer, now),
    timeline: new TimelineService(store, registry, authorizer, now),
    timeseries: new TimeseriesService(store, registry, authorizer),
    restore: new RestoreService(store, registry, authorizer, now),
    usage: new UsageEvents(store, registry, now),
    recommendations: new RecommendationService(store, registry, authorizer, search),
    analytics: new AnalyticsService(store, registry, authorizer, now),
    nativeUsers,
    people: new PeopleService({ authorizer, deletes, entities, registry, search, store, tokens, writePath }),
    userSettings: new UserSettingsService({ registry, writePath }),
    roles: new RoleService({ authorizer, entities, nativeUsers, registry, writePath }),
    structuredProperties: new StructuredPropertyService(store, registry, writePath, authorizer, now),
    forms: new FormService(store, registry, writePath, authorizer, search, new DeleteService(store, registry, writePath, authorizer), now),
    governance: new GovernanceEditService(
      store,
      registry,
      writePath,
      authorizer,
      new DeleteService(store, registry, writePath, authorizer),
      now,
    ),
    secrets,
    connections: new ConnectionService(registry, writePath, authorizer, secrets),
    ingestion: new IngestionService(
      store,
      registry,
      writePath,
      authorizer,
      secrets,
      runs,
      search,
      new FileRoot(options.ingestionFileRoot),
      now,
    ),
    posts: new PostService(managed),
    queries: new QueryService(managed),
    stepStates: new StepStateService(managed),
    globalSettings: new GlobalSettingsService(managed),
    dataProducts: new DataProductService(store, managed),
    applications: new ApplicationService(managed),
    erModel: new ErModelService(managed),
    pageTemplates: new PageTemplateService(managed),
    views: new ViewService(managed),
    assertions: new AssertionService(managed, graph, deletes),
    incidents: new IncidentService(managed),
    dataContracts: new DataContractService(managed, graph),
    operations: new OperationService(managed),
    tests: new TestService(managed, search),
    versioning: new VersioningService(managed, store),
    privilegeFlags: new PrivilegeFlags(store, registry, authorizer),
    metrics: new Metrics({ store, changeFeed, authorizer }),
  };
}
