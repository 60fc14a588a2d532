#!/usr/bin/env node
// The compiled program lives in dist/ (built by `npm install` through the prepare script).
import { main } from '../dist/cli/main.js';

main(process.argv).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
