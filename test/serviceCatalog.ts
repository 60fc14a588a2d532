/**
 * A catalog's services over a fresh test store, without a server: for tests of one service, as its
 * callers (resolvers, handlers) use it.
 */
import { rmSync } from 'node:fs';
import { expect } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import type { ErrorKind } from '../src/errors.js';
import { createServices, type Services } from '../src/domains/services.js';
import { buildProposal } from '../src/write/proposals.js';
import { openTestStore, tempDir } from './helpers.js';

type Json = Record<string, any>;

export interface ServiceCatalog {
  services: Services;
  /** Writes an aspect as the system, for a test's setting. */
  put(urn: string, aspect: string, value: unknown): Promise<void>;
  /** The latest stored value of an aspect. */
  value(urn: string, aspect: string): Promise<Json | undefined>;
  /** How many changes were committed: unchanged when a refused call wrote nothing. */
  changes(): Promise<number>;
  /** That the call fails as `kind` (403 `forbidden`, 400 `bad_request`…) with `message` (exactly, when a string), and writes nothing. */
  fails(kind: ErrorKind, message: string | RegExp, call: () => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
}

export async function openServiceCatalog(): Promise<ServiceCatalog> {
  const dir = tempDir();
  const { store, drop } = await openTestStore(dir);
  const services = createServices(store);
  const changes = async () => (await store.readChangeLog(0, 1_000_000)).length;
  return {
    services,
    put: async (urn, aspect, value) => {
      await services.writePath.apply([buildProposal(services.registry, urn, aspect, 'UPSERT', value)], { actor: SYSTEM_ACTOR });
    },
    value: async (urn, aspect) => (await store.getAspect(urn, aspect, 0))?.value as Json | undefined,
    changes,
    async fails(kind, message, call) {
      const before = await changes();
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ kind });
      if (typeof message === 'string') expect((error as Error).message).toBe(message);
      else expect((error as Error).message).toMatch(message);
      expect(await changes()).toBe(before);
    },
    async close() {
      await store.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
