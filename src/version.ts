/** This build's name and version, from its package.json (the same from src/ and from dist/). */
import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

export const CATALOG_NAME: string = pkg.name;
export const CATALOG_VERSION: string = pkg.version;
