/**
 * A catalog's services over a fresh test store, without a server: for tests of one service, as its
 * callers (resolvers, handlers) use it.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import type { ErrorKind } from '../src/errors.js';
import { createServices, type ServiceOptions, type Services } from '../src/domains/services.js';
import { buildProposal } from '../src/write/proposals.js';
import { grantPolicy, openTestStore, tempDir } from './helpers.js';

type Json = any;

/** A policy as a test grants it: its privileges and actors, the rest defaulted (an active METADATA policy). */
export type Grant = Parameters<typeof grantPolicy>[2];

export interface ServiceCatalog {
  services: Services;
  /** Writes an aspect of each of `urns` as the system, in one batch, for a test's setting. */
  put(urns: string | readonly string[], aspect: string, value: unknown): Promise<void>;
  /** Stores the policy `urn:li:dataHubPolicy:<id>`, and returns its urn. */
  grant(id: string, policy: Grant): Promise<string>;
  /** The latest stored value of an aspect, undefined when there is none. */
  value(urn: string, aspect: string): Promise<Json>;
  /** The values of the points of a timeseries aspect, newest first. */
  points(urn: string, aspect: string): Promise<Json[]>;
  /** How many changes were committed: unchanged when a refused call wrote nothing. */
  changes(): Promise<number>;
  /** That the call fails as `kind` (403 `forbidden`, 400 `bad_request`…) with `message` (exactly, when a string), and writes nothing. */
  fails(kind: ErrorKind, message: string | RegExp, call: () => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
}

export async function openServiceCatalog(options: ServiceOptions = {}): Promise<ServiceCatalog> {
  const dir = tempDir();
  const { store, drop } = await openTestStore(dir);
  const services = createServices(store, options);
  const changes = async () => (await store.readChangeLog(0, 1_000_000)).length;
  return {
    services,
    put: async (urns, aspect, value) => {
      const proposals = (typeof urns === 'string' ? [urns] : urns).map((urn) =>
        buildProposal(services.registry, urn, aspect, 'UPSERT', value),
      );
      await services.writePath.apply(proposals, { actor: SYSTEM_ACTOR });
    },
    grant: (id, policy) => grantPolicy(services, id, policy),
    value: async (urn, aspect) => (await store.getAspect(urn, aspect, 0))?.value,
    points: async (urn, aspect) => (await store.getTimeseries(urn, aspect, { limit: 1_000 })).map((p) => p.value),
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

/** What a test file's catalog holds before its tests run: the policies and entities they act on. */
export type Setting = (c: ServiceCatalog) => Promise<void>;

/**
 * One catalog for all the tests of a file (or `describe`), opened with `setting` before them and
 * closed after them; read its fields inside tests. A store costs a migration, and each test writes
 * entities of its own, so the tests do not see each other's writes.
 */
export function serviceCatalogForFile(setting?: Setting, options?: ServiceOptions): ServiceCatalog {
  return catalogBetween(beforeAll, afterAll, setting, options);
}

/**
 * A fresh catalog for each test, opened with `setting`: for tests that read every entity of a kind
 * (a listing, a count), which another test's entities would change.
 */
export function serviceCatalogForEachTest(setting?: Setting, options?: ServiceOptions): ServiceCatalog {
  return catalogBetween(beforeEach, afterEach, setting, options);
}

function catalogBetween(
  before: typeof beforeAll,
  after: typeof afterAll,
  setting: Setting = async () => undefined,
  options: ServiceOptions = {},
): ServiceCatalog {
  const catalog = {} as ServiceCatalog;
  before(async () => {
    Object.assign(catalog, await openServiceCatalog(options));
    await setting(catalog);
  });
  after(async () => catalog.close?.());
  return catalog;
}
