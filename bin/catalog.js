#!/usr/bin/env node
// The compiled program lives in dist/, built by `npm install` (the prepare script).
import '../dist/cli/bin.js';
