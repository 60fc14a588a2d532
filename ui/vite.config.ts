/**
 * Builds the web UI into dist/ui, which `catalog serve` serves at `/` (src/api/webUi.ts). During
 * development `npx vite --config ui/vite.config.ts` serves it with hot reload and forwards API calls to
 * a catalog on port 8080.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const API = ['/api', '/openapi', '/logIn', '/logOut', '/signUp', '/resetNativeUserCredentials', '/session', '/authenticate', '/config'];

export default defineConfig({
  root,
  base: '/',
  build: {
    outDir: fileURLToPath(new URL('../dist/ui', import.meta.url)),
    emptyOutDir: true,
    // Each page is its own chunk; React, the router and the data cache are shared by all.
    chunkSizeWarningLimit: 600,
    sourcemap: false,
    rollupOptions: {
      // Libraries built for React Server Components mark modules "use client"; a browser bundle has no use for it.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: Object.fromEntries(API.map((path) => [path, 'http://localhost:8080'])) },
});
