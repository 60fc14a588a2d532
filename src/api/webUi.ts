/**
 * The web UI (`ui/`, built by Vite into `dist/ui`), served by the same process at `/`. Every page of
 * the UI is the same shell, `index.html`, which needs no token: what it shows comes from the API,
 * with the session cookie. Built assets carry a content hash in their names, so they are cached for
 * good; the shell is checked on every load, so a new build takes effect at once.
 *
 * A browser asking for a page that is neither an API route nor a page of the UI gets the shell with
 * status 404, and the UI says what was not found.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Two levels below the package root both in `src/api` and in `dist/api`. */
export const UI_DIR = fileURLToPath(new URL('../../dist/ui/', import.meta.url));

/** The paths of the UI's pages (ui/src/router.tsx); `*` takes the rest of the path. */
export const UI_PAGES = ['/', '/search', '/entity/*', '/browse', '/glossary', '/domains', '/settings', '/login', '/signup', '/reset'];

/** Scripts, styles and data only from here; nothing of the UI may be framed by another site. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>metadata-catalog</title>
<p>The web UI has not been built: run <code>npm run build</code> (npm install does it), then reload.
The APIs are served as usual: <a href="/api/graphiql">GraphQL explorer</a>, <a href="/resource/docs">REST endpoints</a>.</p>`;

export function webUi(dir = UI_DIR) {
  const built = existsSync(`${dir}index.html`);
  const shell = built ? readFileSync(`${dir}index.html`) : Buffer.from(NOT_BUILT);

  const sendShell = (reply: FastifyReply, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .send(shell);

  const plugin = async (app: FastifyInstance): Promise<void> => {
    // Everything here is the UI's own code and shell, the same for everyone: served without a token.
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    if (built) {
      await app.register(fastifyStatic, {
        root: dir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The shell is served by the routes below, never as a file.
        allowedPath: (path) => path !== '/index.html',
        setHeaders: (res, path) => {
          res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
          res.header('x-content-type-options', 'nosniff');
        },
      });
    }
    for (const path of UI_PAGES) app.get(path, (_request, reply) => sendShell(reply));
  };

  /** A browser's page request that matched nothing: the UI's own not-found page. */
  const isPageRequest = (request: FastifyRequest) =>
    request.method === 'GET' && /\btext\/html\b/.test(request.headers.accept ?? '') && !request.url.startsWith('/api/');

  return { plugin, isPageRequest, sendNotFound: (reply: FastifyReply) => sendShell(reply, 404) };
}
