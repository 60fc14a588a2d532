// Copies the non-TypeScript files the program reads at run time (the GraphQL SDL) next to the
// compiled code in dist/, keeping their paths relative to src/.
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = 'src';
const DIST = 'dist';
const ASSET = /\.graphql$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (ASSET.test(name)) cpSync(path, join(DIST, relative(SRC, path)));
  }
}
walk(SRC);
