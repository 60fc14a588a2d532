#!/usr/bin/env node
/**
 * Stands in for DataHub's frontend server while it cannot log in against this service (its /auth/*
 * calls are not served yet): serves a build of DataHub's web app (`datahub-web-react/dist`) and forwards
 * the app's API calls to the catalog as the user its `actor` cookie names, which is also what makes the
 * app count itself logged in. For trying the app, with the catalog started with AUTH_ENABLED=false.
 *
 *   node scripts/webapp-proxy.mjs <path to datahub-web-react/dist> [--port 9002] [--catalog http://localhost:8080]
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '9002' }, catalog: { type: 'string', default: 'http://localhost:8080' } },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/webapp-proxy.mjs <datahub-web-react/dist> [--port 9002] [--catalog http://localhost:8080]');
  process.exit(2);
}
const dist = resolve(positionals[0]);
const catalog = new URL(values.catalog);
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
const API = ['/api/', '/openapi/'];
const DEFAULT_ACTOR = 'urn:li:corpuser:datahub';

/** The app's calls go to the catalog as the cookie's user; everything else is the app, index.html by default. */
createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://app');
  if (API.some((prefix) => url.pathname.startsWith(prefix))) {
    const actor = decodeURIComponent(/(?:^|;\s*)actor=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? DEFAULT_ACTOR);
    const { host: _host, ...headers } = req.headers;
    const upstream = request(
      { host: catalog.hostname, port: catalog.port, method: req.method, path: req.url, headers: { ...headers, 'x-datahub-actor': actor } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => res.writeHead(502).end(`catalog unreachable: ${err.message}`));
    req.pipe(upstream);
    return;
  }
  let file = join(dist, url.pathname);
  if (
    !file.startsWith(dist) ||
    !(await stat(file).then(
      (s) => s.isFile(),
      () => false,
    ))
  )
    file = join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(await readFile(file));
}).listen(Number(values.port), () =>
  console.log(`DataHub's web app on http://localhost:${values.port}, its API calls to ${catalog.origin}`),
);
