/**
 * DataHub's own files (metadata its tools wrote, its web app's GraphQL operations) are kept only in
 * the team's `shared/fixtures/datahub/`, beside the clone, never in this repository. Tests that load
 * them import FIXTURES from here; where `../shared` is absent, vitest.config.ts leaves those test
 * files out with one message saying so, and the rest of the suite runs as usual. A file that guards
 * its own few tests with HAS_DATAHUB_FIXTURES stays in.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const FIXTURES = resolve(import.meta.dirname, '../../shared/fixtures/datahub');

export const HAS_DATAHUB_FIXTURES = existsSync(FIXTURES);

/** What, in a test file's text, says that it loads DataHub's files. */
export const NEEDS_DATAHUB_FIXTURES = /\b(FIXTURES|webAppOperations?|webAppOperationNames|loadBootstrap|bootstrapItems|webApp)\b/;
