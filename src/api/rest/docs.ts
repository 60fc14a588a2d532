/** `GET /resource/docs`: an HTML page listing every REST endpoint, rendered from the declarations. */
import type { FastifyInstance } from 'fastify';
import type { TObject } from 'typebox';
import { paramDocs } from './params.js';
import type { RestResource } from './resource.js';

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function paramTable(declared: TObject): string {
  const params = paramDocs(declared);
  if (params.length === 0) return '<p class="none">No parameters.</p>';
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.type}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escapeHtml(p.doc)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>parameter</th><th>type</th><th>required</th><th>meaning</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderDocs(resources: readonly RestResource[]): string {
  const sections = resources
    .map((r) => {
      const reads = r.reads.map(
        (g) =>
          `<article><h3><span class="method get">GET</span> <code>${escapeHtml(g.path)}</code></h3><p>${escapeHtml(g.doc)}</p>${paramTable(g.params)}<p class="returns">Returns: <code>${escapeHtml(g.returns)}</code></p></article>`,
      );
      const actions = r.actions.map(
        (a) =>
          `<article><h3><span class="method post">POST</span> <code>/${escapeHtml(r.name)}?action=${escapeHtml(a.name)}</code></h3><p>${escapeHtml(a.doc)}</p>${paramTable(a.params)}<p class="returns">Returns: <code>${escapeHtml(a.returns)}</code></p></article>`,
      );
      return `<section id="${escapeHtml(r.name)}"><h2>${escapeHtml(r.name)}</h2><p>${escapeHtml(r.doc)}</p>${[...reads, ...actions].join('')}</section>`;
    })
    .join('');
  const toc = resources.map((r) => `<li><a href="#${escapeHtml(r.name)}">${escapeHtml(r.name)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>metadata-catalog REST API</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222;line-height:1.45}
h2{border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2.5rem}
article{margin:1.2rem 0 1.8rem}
table{border-collapse:collapse;width:100%;font-size:.92rem}
th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f4f4}
code{background:#f6f6f6;padding:0 .2rem}
.method{font-size:.75rem;padding:.1rem .4rem;border-radius:.2rem;color:#fff}
.get{background:#2b7a3d}.post{background:#245b9e}
.returns,.none{color:#555}
</style></head><body>
<h1>metadata-catalog REST API</h1>
<p>Rest.li endpoints, wire-compatible with DataHub's metadata service. Every path is also served under <code>/api/gms</code>.
Urns in paths are percent-encoded; array parameters are written <code>List(a,b)</code> or repeated.
Errors carry a JSON body <code>{status, message, exceptionClass, stackTrace}</code>.</p>
<p>Also: <code>GET /config</code> (server configuration), <code>GET /health</code> (200 when up).</p>
<ul>${toc}</ul>
${sections}
</body></html>`;
}

export function docsRoute(resources: readonly RestResource[]) {
  const html = renderDocs(resources);
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/resource/docs', { config: { public: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
  };
}
