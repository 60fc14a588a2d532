#!/usr/bin/env node
/**
 * Serves a build of DataHub's web app (`datahub-web-react/dist`) beside the catalog, in place of
 * DataHub's frontend server. The app signs in through the catalog's own session endpoints (/logIn,
 * /logOut, /signUp, /resetNativeUserCredentials, /authenticate) and calls its APIs (/api/, /openapi/);
 * each is forwarded with the browser's cookies and Host, and the catalog's answer, Set-Cookie
 * included, comes back as it is. Who a request acts as is the catalog's business alone: it reads the
 * session cookie, so the catalog runs with authentication on and people sign in as native users
 * (`catalog user password datahub` gives the admin a password).
 *
 * The Host is passed on so that the catalog sees the browser's origin as its own and lets the app's
 * cookie-authenticated POSTs through its cross-site check. Everything else is the app: a file of the
 * build, or index.html for the app's own routes (/login, /search…). It listens on loopback unless
 * told otherwise.
 *
 *   node scripts/webapp-proxy.mjs <path to datahub-web-react/dist> [--port 9002] [--host 127.0.0.1] [--catalog http://localhost:8080]
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { extname, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const USAGE =
  'usage: node scripts/webapp-proxy.mjs <datahub-web-react/dist> [--port 9002] [--host 127.0.0.1] [--catalog http://localhost:8080]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '9002' },
    host: { type: 'string', default: '127.0.0.1' },
    catalog: { type: 'string', default: 'http://localhost:8080' },
  },
});
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
const dist = resolve(positionals[0]);
const catalog = new URL(values.catalog);
const request = catalog.protocol === 'https:' ? httpsRequest : httpRequest;
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
};
/** The catalog's session endpoints, where DataHub's frontend server serves them. */
const SESSION_PATHS = new Set(['/logIn', '/logOut', '/signUp', '/resetNativeUserCredentials', '/authenticate', '/session']);
const API_PREFIXES = ['/api/', '/openapi/'];

const toCatalog = (path) => SESSION_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix));

function forward(req, res) {
  const upstream = request(
    {
      protocol: catalog.protocol,
      host: catalog.hostname,
      port: catalog.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`catalog unreachable at ${catalog.origin}: ${err.message}`);
  });
  req.pipe(upstream);
}

async function serveApp(path, res) {
  let file = join(dist, path);
  const isFile = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!file.startsWith(dist + sep) || !isFile) file = join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(await readFile(file));
}

createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://app');
  if (toCatalog(pathname)) return forward(req, res);
  serveApp(pathname, res).catch((err) => {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`cannot serve the app from ${dist}: ${err.message}`);
  });
}).listen(Number(values.port), values.host, function () {
  const { address, port } = this.address();
  const shown = address.includes(':') ? `[${address}]` : address;
  console.log(`DataHub's web app on http://${shown}:${port}, signing in and calling the catalog at ${catalog.origin}`);
});
