/**
 * What operators can see of a running catalog, in Prometheus's text format (prom-client): requests
 * by route pattern and status, refusals by limit, failed authentications by reason, the process
 * (memory, event loop delay), the database pool, change log followers and the search index.
 *
 * One instance per service instance, each with a registry of its own, so that several servers in
 * one process (the tests) never share or collide. Every label takes its values from a fixed set or
 * a route pattern: no urn, token, user or query text ever reaches the output.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Authorizer } from '../../auth/authorizer.js';
import { onPlatform } from '../../auth/requirements.js';
import type { Store } from '../../store/types.js';
import type { ChangeFeed } from '../changeLog/changeFeed.js';
import type { AuthenticationFailure } from '../../errors.js';

/** The limits a request can be refused by. */
export type RefusalLimit = 'body' | 'cost' | 'rate' | 'lockout' | 'concurrency';

const REFUSAL_LIMITS: readonly RefusalLimit[] = ['body', 'cost', 'rate', 'lockout', 'concurrency'];
const AUTHENTICATION_FAILURES: readonly AuthenticationFailure[] = [
  'missing',
  'malformed',
  'token',
  'expired',
  'inactive',
  'system_client',
  'password',
];

/**
 * From a cached read (~1 ms) to a large search or ingest batch; past 30 s only the change log
 * stream, which lives as long as its connection.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (memory, CPU, event loop delay, GC), started once per process however
 * many services it runs: they describe the process, not a service, and the event loop monitor and
 * GC observer they start are never stopped. Called when a server is built, so the first scrape has
 * the delays and CPU time since then; a CLI command that never serves starts nothing.
 */
export function watchProcess(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What the gauges read at each scrape. */
export interface MetricsSources {
  store: Pick<Store, 'stats'>;
  changeFeed: Pick<ChangeFeed, 'followerCount'>;
  authorizer: Pick<Authorizer, 'unmet'>;
}

/**
 * Who may read the metrics with a token (where they are not public or served to this host alone):
 * DataHub's privilege closest to "operates the system", whose description grants every system
 * operations API.
 */
const READ_METRICS = onPlatform('MANAGE_SYSTEM_OPERATIONS');

export class Metrics {
  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;
  private readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_code'>;
  private readonly durations: Histogram<'method' | 'route' | 'status_code'>;
  private readonly refusals: Counter<'limit'>;
  private readonly authenticationFailures: Counter<'reason'>;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    const labelNames = ['method', 'route', 'status_code'] as const;
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern', labelNames, registers });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to its answer sent, by route pattern',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.refusals = new Counter({ name: 'catalog_refusals_total', help: 'Requests refused by a limit', labelNames: ['limit'], registers });
    this.authenticationFailures = new Counter({
      name: 'catalog_authentication_failures_total',
      help: 'Requests whose credentials were refused, by reason',
      labelNames: ['reason'],
      registers,
    });
    // Every known value at 0 from the start, so a first failure is a rise, not a new series.
    for (const limit of REFUSAL_LIMITS) this.refusals.inc({ limit }, 0);
    for (const reason of AUTHENTICATION_FAILURES) this.authenticationFailures.inc({ reason }, 0);

    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge(
      'catalog_change_log_followers',
      'Open change log streams (/events/stream) of this process',
      () => sources.changeFeed.followerCount,
    );
    const index = () => sources.store.stats().searchIndex;
    gauge('catalog_search_index_documents', 'Documents held by the in-memory search index', () => index().documents);
    gauge(
      'catalog_search_index_bytes',
      'Heap taken by the in-memory search index, about (held to SEARCH_INDEX_MAX_MB)',
      () => index().bytes,
    );
    gauge('catalog_search_index_dropped_ids', 'Ids dropped by changes, reclaimed when the index is built again', () => index().dropped);
    gauge('catalog_search_index_ready', '1 when searches are answered from memory, 0 while SQL answers them', () => Number(index().ready));
    gauge('catalog_search_index_building', '1 while the search index is being built', () => Number(index().building));
    gauge(
      'catalog_search_index_over_budget',
      '1 once the search index outgrew SEARCH_INDEX_MAX_MB and was let go: SQL answers every search',
      () => Number(index().overBudget !== undefined),
    );
    // SQLite has no pool: its one connection is not worth a gauge that never moves.
    if (sources.store.stats().pool) {
      const pool = () => sources.store.stats().pool;
      gauge('catalog_database_pool_connections', 'Database connections open, idle or in use', () => pool()?.total ?? 0);
      gauge('catalog_database_pool_idle_connections', 'Database connections open and idle', () => pool()?.idle ?? 0);
      gauge('catalog_database_pool_waiting', 'Requests waiting for a database connection', () => pool()?.waiting ?? 0);
      gauge('catalog_database_pool_max_connections', 'Database connections the pool may open (DATABASE_POOL_SIZE)', () => pool()?.max ?? 0);
    }
  }

  /** A request answered: `route` is its pattern (`/entitiesV2/:urn`), never the path it was sent to. */
  /**
   * What `/health` says: the process answers (or it would not be asked), and what it runs without.
   * Public, so it names no figure of the catalog.
   */
  health(): { status: 'ok' } | { status: 'degraded'; searchIndex: string } {
    const over = this.sources.store.stats().searchIndex.overBudget;
    if (!over) return { status: 'ok' };
    return {
      status: 'degraded',
      searchIndex: `over its memory budget (SEARCH_INDEX_MAX_MB=${Math.round(over.maxBytes / 2 ** 20)}): searches are answered by SQL, more slowly`,
    };
  }

  requestAnswered(method: string, route: string, statusCode: number, seconds: number): void {
    const labels = { method, route, status_code: String(statusCode) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** A request refused by a limit (413, 429, a lockout, too many at once…). */
  refused(limit: RefusalLimit): void {
    this.refusals.inc({ limit });
  }

  /** A request whose credentials were refused. */
  /** Whether the actor may read the metrics (MANAGE_SYSTEM_OPERATIONS). */
  async mayRead(actor: string): Promise<boolean> {
    return (await this.sources.authorizer.unmet(actor, [READ_METRICS])) === undefined;
  }

  authenticationFailed(reason: AuthenticationFailure): void {
    this.authenticationFailures.inc({ reason });
  }

  /** Every metric, in Prometheus's text format. */
  text(): Promise<string> {
    return Registry.merge([watchProcess(), this.registry]).metrics();
  }
}
