/**
 * `GET /`: what a person opening the service in a browser sees. The service's name and version,
 * what the catalog holds (entities by type; types only some may see are left out), and where to go
 * next: the GraphQL explorer, the REST endpoint list and the quick start. Served without a token,
 * like /health and /config: it shows counts, never names.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../service/services.js';
import { CATALOG_NAME, CATALOG_VERSION } from '../version.js';

/** Counting every type costs a query each; a landing page may show counts this old. */
const COUNTS_MAX_AGE_MS = 30_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(counts: ReadonlyArray<[string, number]>, authEnabled: boolean, base: string): string {
  const total = counts.reduce((n, [, c]) => n + c, 0);
  const rows = counts.map(([type, n]) => `<tr><td>${escapeHtml(type)}</td><td>${n.toLocaleString('en-US')}</td></tr>`).join('\n');
  const holds =
    total === 0
      ? '<p>The catalog is empty: nothing has been ingested yet.</p>'
      : `<table><thead><tr><th>entity type</th><th>entities</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
  const token = authEnabled
    ? `<p>Every API call needs an access token: <code>Authorization: Bearer &lt;token&gt;</code>. The first start printed an admin token; <code>catalog token create --user datahub</code> mints another.</p>`
    : `<p>Authentication is off: anyone who can reach this port may act as any user.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(CATALOG_NAME)} ${escapeHtml(CATALOG_VERSION)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; } td, th { padding: 0.15rem 1.5rem 0.15rem 0; text-align: left; } td + td { text-align: right; }
code, pre { background: #f3f3f3; border-radius: 3px; padding: 0 0.2rem; } pre { padding: 0.6rem; overflow-x: auto; }
</style>
</head>
<body>
<h1>${escapeHtml(CATALOG_NAME)} <small>${escapeHtml(CATALOG_VERSION)}</small></h1>
<p>A metadata catalog that speaks the wire format of DataHub's metadata service (GMS).</p>
<h2>What the catalog holds</h2>
${holds}
<h2>Where to go</h2>
<ul>
<li><a href="/api/graphiql">GraphQL explorer</a>: DataHub's GraphQL schema, in the browser</li>
<li><a href="/resource/docs">REST endpoints</a>: every Rest.li resource and action, with its parameters</li>
<li><a href="#quick-start">Quick start</a>: write an aspect and read it back</li>
</ul>
<h2 id="quick-start">Quick start</h2>
${token}
<pre>curl -X POST '${escapeHtml(base)}/aspects?action=ingestProposal' -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  --data '{"proposal": {"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,logs.page_views,PROD)",
    "changeType": "UPSERT", "aspectName": "datasetProperties",
    "aspect": {"value": "{\\"description\\": \\"Every page view\\"}", "contentType": "application/json"}}}'

curl -H "Authorization: Bearer $TOKEN" "${escapeHtml(base)}/entitiesV2/$(node -p 'encodeURIComponent(process.argv[1])' 'urn:li:dataset:(urn:li:dataPlatform:hive,logs.page_views,PROD)')"</pre>
<p>DataHub's Python emitter, <code>datahub</code> CLI and ingestion recipes work unchanged: point their <code>server</code> here.
<code>catalog ingest &lt;file|dir&gt;</code> loads MCE and MCP files.</p>
</body>
</html>
`;
}

export function homeRoute(services: Services, authEnabled: boolean) {
  let cached: { at: number; counts: Array<[string, number]> } | undefined;
  const counts = async (): Promise<Array<[string, number]>> => {
    if (cached && Date.now() - cached.at < COUNTS_MAX_AGE_MS) return cached.counts;
    const out: Array<[string, number]> = [];
    for (const entity of services.registry.entities.values()) {
      if (entity.readPrivilege || entity.category === 'internal') continue;
      const n = await services.entities.countEntities(entity.name);
      if (n > 0) out.push([entity.name, n]);
    }
    out.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    cached = { at: Date.now(), counts: out };
    return out;
  };
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/', { config: { public: true } }, async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(page(await counts(), authEnabled, `${request.protocol}://${request.host}`)),
    );
  };
}
