/** `catalog serve`: the metadata service on one port. */
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { ADMIN_ACTOR } from '../actors.js';
import type { Config } from '../config.js';
import { bootstrapAccess, mintFirstAdminToken } from '../domains/access/bootstrap.js';
import { writeSecretFile } from './secretFile.js';
import { bootstrapCatalog } from '../domains/builtIns/firstStart.js';
import { DEFAULT_REQUEST_LOG } from '../api/requestLog.js';
import { buildServer } from '../server.js';
import { CATALOG_VERSION } from '../version.js';
import { createServices, type Services } from '../domains/services.js';
import { openStore, type SnapshotEvent } from '../store/index.js';
import { HEARTBEAT_MS } from '../domains/ingestion/runLiveness.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  logger: Logger;
  /** Drains the requests in flight (telling `drained` when they are done) and closes the database. */
  close(drained?: () => void): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const logger = pino({ level: config.logLevel });
  const store = await openStore(config.databaseUrl, {
    poolSize: config.poolSize,
    onSearchIndexBuilt: ({ documents, ms, from, replayed }) =>
      logger.info(
        { documents, ms: Math.round(ms), from, ...(replayed !== undefined ? { replayed } : {}) },
        from === 'snapshot'
          ? `search index loaded from its snapshot: ${documents} documents, ${replayed} changes replayed, in ${Math.round(ms)} ms`
          : `search index built in memory: ${documents} documents in ${Math.round(ms)} ms`,
      ),
    onSearchIndexOverBudget: ({ bytes, maxBytes, documents }) =>
      logger.warn(
        { documents, mb: Math.round(bytes / 2 ** 20), maxMb: Math.round(maxBytes / 2 ** 20) },
        `search index let go: at ${documents} documents it takes ${Math.round(bytes / 2 ** 20)} MB of heap, past SEARCH_INDEX_MAX_MB (${Math.round(maxBytes / 2 ** 20)}); searches are answered by SQL until a restart with a larger budget`,
      ),
    searchIndexBuild: {
      maxBytes: config.searchIndexMaxBytes,
      ...(config.searchIndexSnapshot ? { snapshot: config.searchIndexSnapshot } : {}),
      onSnapshot: (event) => logSnapshot(logger, event, config.searchIndexSnapshot),
    },
  });
  const services = createServices(store, {
    maxVersions: config.maxAspectVersions,
    sessionTokenDurationMs: config.sessionTokenDurationMs,
    ...(config.tokenSigningKey ? { tokenSigningKey: config.tokenSigningKey } : {}),
    ...(config.secretEncryptionKey ? { secretEncryptionKey: config.secretEncryptionKey } : {}),
    ...(config.ingestionFileRoot ? { ingestionFileRoot: config.ingestionFileRoot } : {}),
  });
  let app: FastifyInstance | undefined;
  try {
    await bootstrapAccess(services);
    await bootstrapCatalog(services);
    // One process serves a SQLite database (replicas share PostgreSQL): what it finds RUNNING at start is dead.
    await failAbandonedRuns(services, logger, config.databaseUrl.startsWith('sqlite:'));
    app = await buildServer({
      services,
      logger,
      auth: {
        enabled: config.authEnabled,
        ...(config.adminToken ? { adminToken: config.adminToken } : {}),
        ...(config.systemClientSecret ? { systemClient: { id: config.systemClientId, secret: config.systemClientSecret } } : {}),
      },
      requestLog: { ...DEFAULT_REQUEST_LOG, access: config.accessLog, slowMs: config.slowRequestMs },
      bodyLimits: { ingest: config.ingestBodyLimit, largeInFlight: config.largeBodiesInFlight },
      metricsAccess: config.metricsAccess,
      featureFlags: config.featureFlags,
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app?.close();
    await store.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info(
    { version: CATALOG_VERSION, database: config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@'), pid: process.pid },
    `metadata-catalog ${CATALOG_VERSION} serving on ${url}`,
  );
  const adminToken = config.authEnabled && !config.adminToken ? await mintFirstAdminToken(services) : undefined;
  if (!config.authEnabled) {
    logger.warn(
      `AUTH_ENABLED is false: anyone who can reach ${config.host}:${port} may act as any user (X-DataHub-Actor) or as the system, and no session or access token is minted${config.host === '127.0.0.1' ? ' (bound to this machine only: HOST widens it)' : ''}`,
    );
  } else if (adminToken) {
    process.stdout.write(firstStartBanner(await writeSecretFile(config.adminTokenFile, `${adminToken}\n`), url));
  } else {
    logger.info(
      `authentication is on: send 'Authorization: Bearer <token>'; ${config.adminToken ? 'ADMIN_TOKEN is accepted as an admin token' : "'catalog token create --user datahub' mints an admin token"}`,
    );
  }
  logger.info(await signInHint(services, config.authEnabled, url));
  const stopPruning =
    config.timeseriesRetentionDays > 0
      ? pruneTimeseriesEvery(PRUNE_INTERVAL_MS, config.timeseriesRetentionDays, services, logger)
      : () => undefined;
  const stopWatchingRuns = watchRunsEvery(HEARTBEAT_MS, services, logger);
  const running = app;
  return {
    app: running,
    url,
    logger,
    async close(drained = () => undefined) {
      stopPruning();
      // Stops taking connections, lets the requests in flight finish, then closes the database.
      await running.close();
      // Ingestion runs started from the app end before the database they write to closes.
      await services.ingestion.idle();
      drained();
      stopWatchingRuns();
      await store.close();
    },
  };
}

/** What became of the search index's snapshot: refusals and failures are warnings, since the next start is slow. */
function logSnapshot(logger: Logger, event: SnapshotEvent, path: string | undefined): void {
  if (event.kind === 'written')
    logger.info(
      { path, documents: event.documents, bytes: event.bytes, ms: Math.round(event.ms) },
      `search index snapshot written: ${event.documents} documents, ${Math.round(event.bytes / 2 ** 20)} MB in ${Math.round(event.ms)} ms`,
    );
  else if (event.kind === 'refused')
    logger.warn({ path, reason: event.reason }, `search index snapshot not used (${event.reason}): building the index from the documents`);
  else logger.warn({ path, err: event.error }, `search index snapshot could not be written: ${event.error}`);
}

const PRUNE_INTERVAL_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Removes timeseries points older than the retention now, then every interval; answers how to stop. */
function pruneTimeseriesEvery(intervalMs: number, days: number, services: Services, logger: Logger): () => void {
  const prune = () =>
    services.store.pruneTimeseries(Date.now() - days * DAY_MS).then(
      (n) => n > 0 && logger.info({ removed: n, days }, 'pruned old timeseries points'),
      (err: unknown) => logger.error({ err }, 'pruning timeseries points failed'),
    );
  void prune();
  const timer = setInterval(prune, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Fails the runs a process that is gone left RUNNING; a failure to look is logged, not fatal: the next sweep looks again. */
async function failAbandonedRuns(services: Services, logger: Logger, alone = false): Promise<void> {
  try {
    const failed = await services.ingestion.failAbandoned(alone);
    if (failed > 0) logger.warn({ runs: failed }, `${failed} ingestion run(s) left RUNNING by a stopped process marked FAILURE`);
  } catch (err) {
    logger.error({ err }, 'looking for ingestion runs left RUNNING by a stopped process failed');
  }
}

/** Renews the heartbeat of this process's runs, then fails those other processes abandoned, every interval; answers how to stop. */
function watchRunsEvery(intervalMs: number, services: Services, logger: Logger): () => void {
  const watch = () =>
    services.ingestion.heartbeat().then(
      () => failAbandonedRuns(services, logger),
      (err: unknown) => logger.error({ err }, 'renewing the heartbeat of ingestion runs failed'),
    );
  const timer = setInterval(watch, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** How long a shutdown waits for the requests in flight before it gives up on them. */
const DRAIN_MS = 30_000;
/**
 * How long it then waits for the database to close: its last commits checkpointed, and the search
 * index's snapshot written (3 s at 100,000 entities, 18 s at 1,000,000 on a quiet 2-core machine,
 * more on a busy one). DRAIN_MS used to count it with the requests: cut short, the snapshot is not
 * replaced, and the next start replays every change since the last one.
 */
const CLOSE_MS = 180_000;

/**
 * Runs until SIGINT or SIGTERM, then shuts down gracefully: no new connections, the requests in
 * flight answered, the database closed cleanly (its last commits checkpointed, the search index's
 * snapshot written); a second signal, DRAIN_MS for the requests or CLOSE_MS for the database, ends it at once.
 */
export async function serveForever(config: Config): Promise<void> {
  const server = await startServer(config);
  const { logger } = server;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'shutdown: second signal, stopping at once');
      process.exit(1);
    }
    stopping = true;
    const began = Date.now();
    logger.info({ signal, inFlight: server.app.requestsInFlight() }, 'shutting down: finishing the requests in flight');
    let giveUp = setTimeout(() => {
      logger.error({ waitedMs: DRAIN_MS, inFlight: server.app.requestsInFlight() }, 'shutdown: requests still running, stopping anyway');
      process.exit(1);
    }, DRAIN_MS);
    giveUp.unref();
    const drained = () => {
      clearTimeout(giveUp);
      logger.info({ ms: Date.now() - began }, 'shutting down: every request answered; closing the database and writing the search index');
      giveUp = setTimeout(() => {
        logger.error({ waitedMs: CLOSE_MS }, 'shutdown: the database is still closing, stopping anyway');
        process.exit(1);
      }, CLOSE_MS);
      giveUp.unref();
    };
    server.close(drained).then(
      () => {
        logger.info({ ms: Date.now() - began }, 'stopped: every request answered, database closed');
        logger.flush();
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** How a person signs in at the web UI, and what the operator must do first when the admin cannot yet. */
async function signInHint(services: Services, authEnabled: boolean, url: string): Promise<string> {
  if (!authEnabled) return `web UI: ${url}/ (authentication is off: nobody signs in)`;
  if (await services.nativeUsers.hasPassword(ADMIN_ACTOR)) return `web UI: ${url}/ (sign in with a native user's name and password)`;
  return `web UI: ${url}/ (the admin 'datahub' has no password yet: 'npx catalog user password datahub' sets one)`;
}

/** Shown once, on the first start with authentication on: where the admin token is. */
function firstStartBanner(file: string, url: string): string {
  const rule = '-'.repeat(78);
  return [
    rule,
    'metadata-catalog: first start. An admin access token (user urn:li:corpuser:datahub) was created.',
    'It is not logged. It was written to a file only this user may read (mode 0600):',
    '',
    `  ${file}`,
    '',
    'Move it somewhere safe, then delete the file. Send it with every API call:',
    `  curl -H "Authorization: Bearer $(cat ${file})" ${url}/entitiesV2/<urn>`,
    '  catalog ingest --token <token> ...        (or export CATALOG_TOKEN=<token>)',
    '  datahub CLI and Python emitter: token <token> in the sink or DATAHUB_GMS_TOKEN',
    "Lost it? 'catalog token create --user datahub' mints another, on the database directly.",
    rule,
    '',
  ].join('\n');
}
