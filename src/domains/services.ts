/** The services of one running catalog, built over one store and the registry. */
import { ActiveUsers } from '../auth/activeUsers.js';
import { Authorizer } from '../auth/authorizer.js';
import { PolicyService } from './access/policies.js';
import { TokenService } from './access/tokens.js';
import { NativeUsers } from './access/nativeUsers.js';
import { loadRegistry, type Registry } from '../registry/registry.js';
import type { Store } from '../store/types.js';
import { BrowseService } from './search/browse.js';
import { ChangeFeed, type FollowerLimits } from './changeLog/changeFeed.js';
import { DeleteService } from './entities/deletes.js';
import { RunService } from './ingestion/runs.js';
import { EditService } from './labels/edits.js';
import { EntityService } from './entities/entities.js';
import { GraphService } from './entities/graph.js';
import { LineageService } from './lineage/lineage.js';
import { RestoreService } from '../write/restore.js';
import { SearchService } from './search/search.js';
import { TimelineService } from './timeline/timeline.js';
import { TimeseriesService } from './entities/timeseries.js';
import { WritePath } from '../write/writePath.js';
import { UsageEvents } from './analytics/usageEvents.js';
import { RecommendationService } from './search/recommendations.js';
import { AnalyticsService } from './analytics/analytics.js';
import { StructuredPropertyService } from './structuredProperties/structuredProperties.js';
import { GovernanceEditService } from './governance/governanceEdits.js';
import { SecretService } from './ingestion/secrets.js';
import { ConnectionService } from './ingestion/connections.js';
import { IngestionService } from './ingestion/ingestion.js';
import { FileRoot } from './ingestion/fileRoot.js';
import { Metrics } from './metrics/metrics.js';

export interface Services {
  registry: Registry;
  store: Store;
  writePath: WritePath;
  entities: EntityService;
  search: SearchService;
  browse: BrowseService;
  graph: GraphService;
  lineage: LineageService;
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
  structuredProperties: StructuredPropertyService;
  governance: GovernanceEditService;
  secrets: SecretService;
  connections: ConnectionService;
  ingestion: IngestionService;
  /** Counters any layer adds to (refusals, failed authentications), served at GET /metrics. */
  metrics: Metrics;
}

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
  return {
    changeFeed,
    deletes: new DeleteService(store, registry, writePath, authorizer),
    runs,
    registry,
    store,
    writePath,
    authorizer,
    activeUsers,
    tokens,
    policies: new PolicyService(registry, writePath, authorizer, now),
    edits: new EditService(store, registry, writePath, authorizer, now),
    entities: new EntityService(store, registry, authorizer, now),
    search,
    browse: new BrowseService(store, registry, authorizer),
    graph: new GraphService(store, registry, authorizer),
    lineage: new LineageService(store, registry, authorizer),
    timeline: new TimelineService(store, registry, authorizer),
    timeseries: new TimeseriesService(store, registry),
    restore: new RestoreService(store, registry, authorizer, now),
    usage: new UsageEvents(store, registry, now),
    recommendations: new RecommendationService(store, registry, authorizer, search),
    analytics: new AnalyticsService(store, registry, authorizer, now),
    nativeUsers: new NativeUsers(store, registry, writePath, authorizer, tokens, activeUsers, now),
    structuredProperties: new StructuredPropertyService(store, registry, writePath, authorizer, now),
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
    metrics: new Metrics({ store, changeFeed }),
  };
}
