/** `catalog serve`: the metadata service on one port. */
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';
import { bootstrapAccess, mintFirstAdminToken } from '../auth/bootstrap.js';
import { buildServer } from '../server.js';
import { createServices, type Services } from '../service/services.js';
import { openStore } from '../store/index.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const logger = pino({ level: config.logLevel });
  const store = await openStore(config.databaseUrl, { poolSize: config.poolSize });
  const services = createServices(store, { maxVersions: config.maxAspectVersions, ...(config.tokenSigningKey ? { tokenSigningKey: config.tokenSigningKey } : {}) });
  let app: FastifyInstance | undefined;
  try {
    await bootstrapAccess(services);
    app = await buildServer({ services, logger, auth: { enabled: config.authEnabled, ...(config.adminToken ? { adminToken: config.adminToken } : {}) } });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app?.close();
    await store.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info({ database: config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@') }, `metadata-catalog serving on ${url}`);
  let adminToken: string | undefined;
  if (!config.authEnabled) {
    logger.warn('AUTH_ENABLED is false: anyone who can reach this port may act as any user (X-DataHub-Actor) or as the system');
  } else if (!config.adminToken && (adminToken = await mintFirstAdminToken(services))) {
    process.stdout.write(firstStartBanner(adminToken, url));
  } else {
    logger.info(`authentication is on: send 'Authorization: Bearer <token>'; ${config.adminToken ? 'ADMIN_TOKEN is accepted as an admin token' : "'catalog token create --user datahub' mints an admin token"}`);
  }
  const stopPruning = config.timeseriesRetentionDays > 0 ? pruneTimeseriesEvery(PRUNE_INTERVAL_MS, config.timeseriesRetentionDays, services, logger) : () => undefined;
  const running = app;
  return {
    app: running,
    url,
    async close() {
      stopPruning();
      await running.close();
      await store.close();
    },
  };
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

/** Runs until SIGINT or SIGTERM, then closes the port and the database. */
export async function serveForever(config: Config): Promise<void> {
  const server = await startServer(config);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Shown once, on the first start with authentication on: the only time the admin token is visible. */
function firstStartBanner(token: string, url: string): string {
  const rule = '-'.repeat(78);
  return [
    rule,
    'metadata-catalog: first start. An admin access token (user urn:li:corpuser:datahub) was created.',
    'It is shown only this once; keep it somewhere safe:',
    '',
    `  ${token}`,
    '',
    'Send it with every API call:',
    `  curl -H 'Authorization: Bearer <token>' ${url}/entitiesV2/<urn>`,
    '  catalog ingest --token <token> ...        (or export CATALOG_TOKEN=<token>)',
    '  datahub CLI and Python emitter: token <token> in the sink or DATAHUB_GMS_TOKEN',
    "Lost it? 'catalog token create --user datahub' mints another, on the database directly.",
    rule,
    '',
  ].join('\n');
}
