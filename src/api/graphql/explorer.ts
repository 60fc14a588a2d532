/**
 * `GET /api/graphiql`: the interactive GraphQL explorer (GraphiQL), served entirely from local files.
 *
 * The page loads React 18, ReactDOM 18 and GraphiQL 3 as UMD bundles straight out of node_modules
 * (GraphiQL's bundle carries graphql-js, CodeMirror and its fonts inside), plus a tiny boot script,
 * all under `/api/graphiql/assets/<name>`. Nothing is fetched from a CDN, so the explorer works offline.
 * The page's fetcher sends whatever the user types in its Headers pane (e.g. `Authorization`).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export interface ExplorerOptions {
  /** Where the page sends GraphQL requests, e.g. `/api/graphql` (relative to the page's origin, or absolute). */
  endpoint: string;
}

const PAGE_PATH = '/api/graphiql';
const ASSET_PATH = `${PAGE_PATH}/assets`;

export const DEFAULT_QUERY = `# metadata-catalog GraphQL explorer: Ctrl-Enter runs the query.
# Needs a token? Set it in the Headers pane below:
#   { "Authorization": "Bearer <token>" }
{
  search(input: { type: DATASET, query: "*", start: 0, count: 5 }) {
    total
    searchResults {
      entity {
        urn
        type
      }
    }
  }
}
`;

/**
 * Reads its settings from the page's JSON block, then mounts GraphiQL on `#graphiql`, under a bar with
 * the choice to keep headers across reloads. No inline script is needed.
 *
 * - The fetcher sends the Headers pane's headers and the browser's session cookie. An answer that is
 *   no GraphQL result (a 401 for a missing token) becomes one error saying what to do, rather than
 *   the service's error body.
 * - GraphiQL fetches the schema when its fetcher changes, with the headers then in the pane: a new
 *   fetcher each time the pane holds other valid headers makes the docs follow a pasted token.
 * - Headers are kept in local storage only when the box is ticked (GraphiQL's shouldPersistHeaders,
 *   whose own record of the choice is read back at load), and the bar says so while they are.
 *   GraphiQL writes its tabs half a second after a change, serialized as the choice was then, so a
 *   write made while ticked could land after an untick. Its storage is given through a guard that
 *   takes headers out of every write made while the box is not ticked.
 */
const BOOT_SCRIPT = `'use strict';
(function () {
  var config = JSON.parse(document.getElementById('graphiql-config').textContent);
  var url = new URL(config.endpoint, window.location.href).href;
  var h = React.createElement;
  var PERSIST_KEY = 'graphiql:shouldPersistHeaders';
  var SIGN_IN =
    'Sign in to the web UI in this browser, or give a token in the Headers pane below: { "Authorization": "Bearer <token>" }';

  function failure(message) {
    return { errors: [{ message: message }] };
  }

  function fetcher(params, options) {
    var headers = Object.assign({ 'content-type': 'application/json', accept: 'application/json' }, options && options.headers);
    var request = { method: 'POST', headers: headers, body: JSON.stringify(params), credentials: 'same-origin' };
    return fetch(url, request).then(function (res) {
      return res.text().then(function (text) {
        var body;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch (e) {
          body = undefined;
        }
        var said = body && typeof body.message === 'string' ? body.message : '';
        if (res.status === 401) return failure('Not authenticated' + (said ? ': ' + said : '') + '. ' + SIGN_IN);
        if (body && typeof body === 'object' && ('data' in body || Array.isArray(body.errors))) return body;
        return failure('HTTP ' + res.status + (said ? ': ' + said : text ? ': ' + text.slice(0, 500) : ''));
      });
    });
  }

  function storedChoice() {
    try {
      return window.localStorage.getItem(PERSIST_KEY) === 'true';
    } catch (e) {
      return false;
    }
  }

  /** Whether headers may be stored: set before GraphiQL is told, so its writes after are guarded. */
  var keeping = { current: storedChoice() };

  function withoutHeaders(key, value) {
    if (keeping.current) return value;
    if (key === 'graphiql:headers') return '';
    if (key !== 'graphiql:tabState') return value;
    try {
      var state = JSON.parse(value);
      (state.tabs || []).forEach(function (tab) {
        tab.headers = null;
      });
      return JSON.stringify(state);
    } catch (e) {
      return value;
    }
  }

  var guardedStorage = {
    getItem: function (key) {
      return window.localStorage.getItem(key);
    },
    setItem: function (key, value) {
      var kept = withoutHeaders(key, value);
      if (kept) window.localStorage.setItem(key, kept);
      else window.localStorage.removeItem(key);
    },
    removeItem: function (key) {
      window.localStorage.removeItem(key);
    },
    get length() {
      return window.localStorage.length;
    },
    clear: function () {
      window.localStorage.clear();
    },
  };

  function Explorer() {
    var persist = React.useState(storedChoice);
    var generation = React.useState(0);
    var seen = React.useRef(undefined);
    var timer = React.useRef(0);
    var currentFetcher = React.useMemo(
      function () {
        return function (params, options) {
          return fetcher(params, options);
        };
      },
      [generation[0]],
    );
    function onEditHeaders(text) {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(function () {
        var headers;
        try {
          headers = JSON.stringify(text.trim() ? JSON.parse(text) : {});
        } catch (e) {
          return;
        }
        if (headers === seen.current) return;
        seen.current = headers;
        generation[1](function (n) {
          return n + 1;
        });
      }, 400);
    }
    var bar = h(
      'div',
      { className: 'explorer-bar' },
      h(
        'label',
        null,
        h('input', {
          type: 'checkbox',
          id: 'keep-headers',
          checked: persist[0],
          onChange: function (event) {
            keeping.current = event.target.checked;
            persist[1](event.target.checked);
          },
        }),
        ' Keep headers in this browser',
      ),
      h(
        'span',
        { className: 'explorer-note', role: 'status' },
        persist[0]
          ? 'Your headers, and the token in them, are stored in this browser\\u2019s local storage until you untick the box.'
          : 'Headers are not stored: a reload forgets them.',
      ),
    );
    var graphiql = h(GraphiQL, {
      fetcher: currentFetcher,
      defaultQuery: config.defaultQuery,
      shouldPersistHeaders: persist[0],
      showPersistHeadersSettings: false,
      storage: guardedStorage,
      onEditHeaders: onEditHeaders,
    });
    return h('div', { className: 'explorer' }, bar, h('div', { className: 'explorer-graphiql' }, graphiql));
  }

  ReactDOM.createRoot(document.getElementById('graphiql')).render(h(Explorer));
})();
`;

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** The files the page needs: served name → package, file inside the package, content type. */
const PACKAGE_FILES = [
  { name: 'react.production.min.js', pkg: 'react', file: 'umd/react.production.min.js', type: JS },
  { name: 'react-dom.production.min.js', pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: JS },
  { name: 'graphiql.min.js', pkg: 'graphiql', file: 'graphiql.min.js', type: JS },
  // graphiql.min.js ends with `//# sourceMappingURL=graphiql.min.js.map`; browsers fetch it only with devtools open.
  { name: 'graphiql.min.js.map', pkg: 'graphiql', file: 'graphiql.min.js.map', type: JSON_TYPE },
  { name: 'graphiql.min.css', pkg: 'graphiql', file: 'graphiql.min.css', type: CSS },
] as const;

interface Asset {
  type: string;
  body: Buffer;
  /** A short content hash: the `?v=` the page links with, and the ETag. */
  hash: string;
  gzipped?: Promise<Buffer>;
}

const require = createRequire(import.meta.url);

/**
 * The packages' `exports` maps hide their UMD files from `require.resolve`, but every one of them exports
 * its `package.json`, so the file is found next to it.
 */
function packageFile(pkg: string, file: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), file);
}

function makeAsset(type: string, body: Buffer): Asset {
  return { type, body, hash: createHash('sha256').update(body).digest('hex').slice(0, 16) };
}

/** Read once per process (about 6 MB, most of it the source map), however many apps register the plugin. */
let assetsLoading: Promise<Map<string, Asset>> | undefined;

function loadAssets(): Promise<Map<string, Asset>> {
  assetsLoading ??= (async () => {
    const assets = new Map<string, Asset>();
    for (const { name, pkg, file, type } of PACKAGE_FILES) {
      assets.set(name, makeAsset(type, await readFile(packageFile(pkg, file))));
    }
    assets.set('explorer.js', makeAsset(JS, Buffer.from(BOOT_SCRIPT)));
    return assets;
  })();
  // A failed read (a package missing) fails this registration and is retried by the next one.
  assetsLoading.catch(() => (assetsLoading = undefined));
  return assetsLoading;
}

const gzipAsync = promisify(gzip);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON that is safe inside a `<script>` element: no `</script>` or `<!--` can appear. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function renderExplorerPage(endpoint: string, assetUrl: (name: string) => string): string {
  const script = (name: string) => `<script src="${escapeHtml(assetUrl(name))}"></script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>metadata-catalog GraphQL explorer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escapeHtml(assetUrl('graphiql.min.css'))}">
<style>
html, body, #graphiql, .explorer { height: 100%; margin: 0; }
.explorer { display: flex; flex-direction: column; }
.explorer-bar { display: flex; gap: 1.5em; align-items: center; padding: 6px 12px; font: 13px system-ui, sans-serif; border-bottom: 1px solid #ddd; }
.explorer-note { color: #555; }
.explorer-graphiql { flex: 1; min-height: 0; }
</style>
</head>
<body>
<div id="graphiql">Loading the GraphQL explorer…</div>
<script type="application/json" id="graphiql-config">${scriptJson({ endpoint, defaultQuery: DEFAULT_QUERY })}</script>
${script('react.production.min.js')}
${script('react-dom.production.min.js')}
${script('graphiql.min.js')}
${script('explorer.js')}
</body>
</html>
`;
}

/** The page may only load its own assets and talk to its own origin (and the endpoint's, when that is elsewhere). */
function contentSecurityPolicy(endpoint: string): string {
  let connect = "'self'";
  try {
    const origin = new URL(endpoint).origin; // throws for a relative endpoint: same origin
    if (origin !== 'null') connect += ` ${origin}`;
  } catch {
    // relative: 'self' covers it
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    // GraphiQL positions its panes and popups with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export function explorerRoutes(options: ExplorerOptions): (app: FastifyInstance) => Promise<void> {
  return async (app: FastifyInstance): Promise<void> => {
    const assets = await loadAssets();
    const assetBase = `${app.prefix}${ASSET_PATH}`;
    // Each link carries the file's content hash, so a page always gets the files it was rendered with and
    // they can be cached for good; an upgraded package changes the hash.
    const html = renderExplorerPage(options.endpoint, (name) => `${assetBase}/${name}?v=${assets.get(name)!.hash}`);
    const csp = contentSecurityPolicy(options.endpoint);

    app.get(PAGE_PATH, { config: { public: true } }, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', csp)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(html),
    );

    app.get<{ Params: { name: string } }>(`${ASSET_PATH}/:name`, { config: { public: true } }, async (request, reply) => {
      const asset = assets.get(request.params.name);
      if (!asset) {
        return reply.code(404).type('text/plain; charset=utf-8').send(`No explorer asset named ${request.params.name}`);
      }
      // Parsed here rather than from request.query: the app may install its own query-string parser.
      const version = new URLSearchParams(request.url.split('?')[1] ?? '').get('v');
      const gzipped = acceptsGzip(request.headers['accept-encoding']);
      const etag = `"${asset.hash}${gzipped ? '-gz' : ''}"`;
      reply
        .type(asset.type)
        .header('etag', etag)
        .header('vary', 'accept-encoding')
        .header('x-content-type-options', 'nosniff')
        // A hashed link never changes content; an unversioned one (the source map) is revalidated each time.
        .header('cache-control', version === asset.hash ? 'public, max-age=31536000, immutable' : 'no-cache');

      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send();
      }
      if (!gzipped) return reply.send(asset.body);
      asset.gzipped ??= gzipAsync(asset.body);
      return reply.header('content-encoding', 'gzip').send(await asset.gzipped);
    });
  };
}
