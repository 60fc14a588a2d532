/**
 * Swagger UI at `/openapi/swagger-ui/index.html`, where DataHub serves it: the `swagger-ui-dist`
 * package's own files, from local disk (it works offline), pointed at our description
 * (`/openapi/v3/api-docs`). The page and its files are the same for everyone and served without a
 * token; the calls made from it carry the token given under Authorize, as every other client's do.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const PREFIX = '/swagger-ui/';
const DIST = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The package's files the page loads; its source maps, ES bundles and example initializer are not served. */
const SERVED = new Set([
  '/index.html',
  '/index.css',
  '/swagger-ui.css',
  '/swagger-ui-bundle.js',
  '/swagger-ui-standalone-preset.js',
  '/favicon-16x16.png',
  '/favicon-32x32.png',
  '/oauth2-redirect.html',
  '/oauth2-redirect.js',
]);

/** Replaces the package's example initializer, which points at a petstore on the internet. */
const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    // One description per group (entity type), listed by the configuration: the whole is slow to read.
    configUrl: new URL('../v3/api-docs/swagger-config', window.location.href).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    // Hundreds of operations and models: the tags open one at a time, and the models on demand.
    docExpansion: 'none',
    defaultModelsExpandDepth: -1,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
  });
};
`;

export function swaggerUiRoutes() {
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    app.get(`${PREFIX}swagger-initializer.js`, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INITIALIZER),
    );
    app.get(PREFIX.slice(0, -1), (_request, reply) => reply.redirect(`${PREFIX}index.html`));
    await app.register(fastifyStatic, {
      root: DIST,
      prefix: PREFIX,
      decorateReply: false,
      index: false,
      allowedPath: (path) => SERVED.has(path),
      setHeaders: (res) => {
        res.header('cache-control', 'no-cache');
        res.header('x-content-type-options', 'nosniff');
      },
    });
  };
}
