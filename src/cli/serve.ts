/** `catalog serve`: the metadata service on one port. */
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { buildServer } from '../server.js';
import { createServices } from '../service/services.js';
import { openStore } from '../store/index.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const logger = pino({ level: config.logLevel });
  const store = await openStore(config.databaseUrl, { poolSize: config.poolSize });
  const services = createServices(store);
  const app = await buildServer({ services, logger });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await store.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info({ database: config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@') }, `metadata-catalog serving on ${url}`);
  if (config.authEnabled) {
    logger.warn('AUTH_ENABLED is true, but token authentication is not part of this build yet: the API is open to anyone who can reach it');
  }
  return {
    app,
    url,
    async close() {
      await app.close();
      await store.close();
    },
  };
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
