/** `/config` and `/health`: plain endpoints clients probe before anything else. */
import type { FastifyInstance } from 'fastify';
import type { ApiServices } from '../../domains/services.js';
import { CATALOG_NAME, CATALOG_VERSION } from '../../version.js';

/**
 * The DataHub version whose interface we serve (the September 2025 release, 1.2.0). At 1.0.1 or
 * newer DataHub's SDK writes through the OpenAPI entity endpoints and follows each write's trace
 * (api/openapi/), which are served; the CLI and ingestion keep Rest.li.
 */
export const REPORTED_DATAHUB_VERSION = 'v1.2.0';

export function serverConfig(baseUrl: string): Record<string, unknown> {
  return {
    models: {},
    // PATCH proposals are applied through DataHub's aspect templates (write/patch.ts).
    patchCapable: true,
    versions: { 'acryldata/datahub': { version: REPORTED_DATAHUB_VERSION, commit: 'metadata-catalog' } },
    catalog: { name: CATALOG_NAME, version: CATALOG_VERSION },
    // Ingestion sources are managed here (`datahub ingest deploy` works); only `file` recipes run here.
    managedIngestion: { defaultCliVersion: '0.15.0', enabled: true },
    statefulIngestionCapable: true,
    supportsImpactAnalysis: false,
    timeZone: 'GMT',
    telemetry: { enabledCli: false, enabledIngestion: false },
    datasetUrnNameCasing: false,
    retention: 'true',
    datahub: { serverType: 'prod' },
    noCode: 'true',
    baseUrl,
  };
}

export function systemRoutes(services: Pick<ApiServices, 'metrics'>) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/config', { config: { public: true } }, async (request, reply) => {
      const baseUrl = `${request.protocol}://${request.host}`;
      return reply.type('application/json').send(JSON.stringify(serverConfig(baseUrl), null, 2));
    });
    // Alive is 200 whatever it says: a degraded service still answers, and a restart would not help.
    app.get('/health', { config: { public: true } }, async () => services.metrics.health());
  };
}
