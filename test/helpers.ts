/** Starting a real server on a temporary SQLite database for end-to-end tests. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { expect, inject } from 'vitest';
import type { SystemClient } from '../src/auth/authenticate.js';
import type { MetricsAccess } from '../src/config.js';
import { bootstrapAccess } from '../src/domains/access/bootstrap.js';
import { bootstrapCatalog } from '../src/domains/builtIns/firstStart.js';
import { buildServer, type ServerOptions } from '../src/server.js';
import { DEFAULT_REQUEST_LOG } from '../src/api/requestLog.js';
import { SYSTEM_ACTOR } from '../src/actors.js';
import type { PolicyInfo } from '../src/auth/policy.js';
import { buildProposal } from '../src/write/proposals.js';
import type { FollowerLimits } from '../src/domains/changeLog/changeFeed.js';
import { createServices, type Services } from '../src/domains/services.js';
import { openStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import pg from 'pg';
import { type Dispatcher, request } from 'undici';

export interface TestServer {
  url: string;
  services: Services;
  dir: string;
  /** The database the server runs on. */
  databaseUrl: string;
  close(): Promise<void>;
}

export function tempDir(prefix = 'catalog-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * The backend end-to-end tests run on: SQLite by default; PostgreSQL when TEST_DATABASE_URL names a
 * server (each test server then gets a database of its own, dropped afterwards).
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const BACKEND = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

let databases = 0;

/**
 * A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server, and how to drop it. Its
 * commits do not wait for the WAL to reach the disk (the server's default stays durable).
 */
export async function createTestDatabase(server = TEST_DATABASE_URL): Promise<{ url: string; drop(): Promise<void> }> {
  if (!server) throw new Error('createTestDatabase needs a PostgreSQL server (TEST_DATABASE_URL)');
  const name = `catalog_test_${process.pid}_${++databases}_${Date.now() % 100000}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  await admin(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh, empty store on the test backend, and how to dispose of it. Its commits are not synced to
 * disk one by one (SQLite synchronous = NORMAL here, PostgreSQL synchronous_commit = off in
 * createTestDatabase): nothing here outlives a power cut, and durability has tests of its own
 * (durability.test.ts) that run the service as deployed.
 */
export function openTestStore(dir: string): Promise<OpenedStore> {
  return (TEST_DATABASE_URL ? postgresBackend(TEST_DATABASE_URL) : sqliteBackend).open(dir);
}

export interface OpenedStore {
  store: Store;
  url: string;
  drop(): Promise<void>;
}

/** A backend a store test can run on (test/storeBackends.ts lists those reachable). */
export interface StoreBackend {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty store (in `dir` for SQLite), and how to dispose of it. */
  open(dir: string): Promise<OpenedStore>;
}

export const sqliteBackend: StoreBackend = {
  name: 'sqlite',
  async open(dir) {
    const url = `sqlite:${join(dir, 'catalog.db')}`;
    return { store: await openStore(url, { synchronous: 'NORMAL' }), url, drop: async () => undefined };
  },
};

/** Each store gets a database of its own on the server. */
export function postgresBackend(server: string): StoreBackend {
  return {
    name: 'postgres',
    async open() {
      const { url, drop } = await createTestDatabase(server);
      return { store: await openStore(url, { poolSize: 4 }), url, drop };
    },
  };
}

export interface ServeOptions {
  now?: () => number;
  /** Authentication on (off by default in tests of everything else). */
  auth?: boolean;
  adminToken?: string;
  /** DataHub's system client (its frontend server's credentials). */
  systemClient?: SystemClient;
  /** The folder the in-process `file` source may read (INGESTION_FILE_ROOT); none by default. */
  ingestionFileRoot?: string;
  /** Receives each line the server logs (at debug level and above); by default nothing is logged. */
  log?: (line: string) => void;
  /** Limits other than the defaults (api/bodyLimits.ts…), so a test can reach them with small requests. */
  limits?: Pick<ServerOptions, 'bodyLimits' | 'graphqlPerCaller' | 'authThrottle'>;
  /** The web app's feature flags (featureFlags.ts), as FEATURE_FLAGS' variables set them; DataHub's defaults by default. */
  featureFlags?: ServerOptions['featureFlags'];
  /** Who may follow the change log, and for how long it may stall (domains/changeLog/changeFeed.ts). */
  followerLimits?: FollowerLimits;
  /** Who may read GET /metrics (`loopback` by default, as served). */
  metricsAccess?: MetricsAccess;
  /** The largest page of search results, when not the default (domains/services.ts). */
  maxSearchPage?: number;
}

/** A server on an open store, on a free local port, with the admin user and boot policies in place. */
export async function serveStore(
  store: Store,
  options: ServeOptions = {},
): Promise<{ url: string; services: Services; close(): Promise<void> }> {
  const services = createServices(store, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.followerLimits ? { followerLimits: options.followerLimits } : {}),
    ...(options.ingestionFileRoot ? { ingestionFileRoot: options.ingestionFileRoot } : {}),
    ...(options.maxSearchPage ? { maxSearchPage: options.maxSearchPage } : {}),
  });
  await bootstrapAccess(services);
  await bootstrapCatalog(services);
  const auth = {
    enabled: options.auth ?? false,
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
    ...(options.systemClient ? { systemClient: options.systemClient } : {}),
  };
  const logger = options.log ? pino({ level: 'debug' }, { write: options.log }) : pino({ level: 'silent' });
  const app = await buildServer({
    services,
    logger,
    auth,
    ...options.limits,
    ...(options.featureFlags ? { featureFlags: options.featureFlags } : {}),
    ...(options.log ? { requestLog: DEFAULT_REQUEST_LOG } : {}),
    ...(options.metricsAccess ? { metricsAccess: options.metricsAccess } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, services, close: () => app.close() };
}

export async function startTestServer(options: ServeOptions = {}): Promise<TestServer> {
  const dir = tempDir();
  const { store, drop, url } = await openTestStore(dir);
  const server = await serveStore(store, options);
  return {
    databaseUrl: url,
    url: server.url,
    services: server.services,
    dir,
    async close() {
      await server.close();
      await store.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Per store: the events counted so far and the offset of the last one, and the count under way (see changeLogLength). */
const counts = new WeakMap<Store, { offset: number; count: number; turn: Promise<unknown> }>();

/**
 * How many events the store's change log holds. Tests that check "nothing was written" around each
 * request count before and after; reading the whole log each time made them quadratic in its
 * length. Offsets only grow in the order readers see them (ChangeLogStore), so the count so far plus
 * the events after the last offset counted is the whole count. Counts of one store take turns.
 */
export function changeLogLength(store: Store): Promise<number> {
  const seen = counts.get(store) ?? { offset: 0, count: 0, turn: Promise.resolve() };
  counts.set(store, seen);
  const count = seen.turn.then(async () => {
    for (let read = PAGE_OF_EVENTS; read === PAGE_OF_EVENTS; ) {
      const events = await store.readChangeLog(seen.offset, PAGE_OF_EVENTS);
      read = events.length;
      if (read > 0) seen.offset = events.at(-1)!.offset;
      seen.count += read;
    }
    return seen.count;
  });
  seen.turn = count.catch(() => undefined);
  return count;
}
const PAGE_OF_EVENTS = 10_000;

export interface Reply {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

/**
 * One request over real HTTP. undici's `request` rather than `fetch`: the same client Node's fetch
 * is built on, without the web streams around each body, which cost the suite seconds of CPU.
 */
export async function http(
  url: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const res = await request(url, {
    method: (init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET')) as Dispatcher.HttpMethod,
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.rawBody !== undefined ? { body: init.rawBody } : init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.body.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  return { status: res.statusCode, body, text, headers };
}

/** A MetadataChangeProposal in wire form. */
/** The urns of a REST search answer, in order: its \`entities\` are DataHub's SearchEntity records. */
export function searchUrns(value: { entities: Array<{ entity: string }> }): string[] {
  return value.entities.map((e) => e.entity);
}

export function mcp(entityUrn: string, aspectName: string, value: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const entityType = entityUrn.split(':')[2];
  return {
    entityType,
    entityUrn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    ...extra,
  };
}

export const enc = encodeURIComponent;

export { FIXTURES } from './datahubFixtures.js';

/** The folder vitest's globalSetup compiled the program to (test/catalogProgram.ts), if this runs under it. */
function compiledProgram(): string | undefined {
  try {
    return inject('catalogProgram');
  } catch {
    return undefined;
  }
}

/** Command line that runs the `catalog` program: as compiled for this run, else from source through tsx (no build needed). */
export const CATALOG_CMD: readonly [string, ...string[]] = ((program) =>
  program
    ? [process.execPath, join(program, 'src/cli/bin.js')]
    : [process.execPath, '--import', 'tsx', resolve(import.meta.dirname, '../src/cli/bin.ts')])(compiledProgram());

/** Runs the `catalog` program to its end, given `input` on standard input; by default without a CATALOG_SERVER from the environment. */
export async function runCatalog(
  args: readonly string[],
  env: NodeJS.ProcessEnv = { ...process.env, CATALOG_SERVER: '' },
  input?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const [cmd, ...pre] = CATALOG_CMD;
  try {
    const running = promisify(execFile)(cmd, [...pre, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
    if (input !== undefined) running.child.stdin?.end(input);
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A TCP port free at the time of asking (the benchmark starts its processes the same way). */
export { freePort } from '../bench/service.js';

/** Polls GET /health until it answers 200. */
export async function waitHealthy(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).status === 200) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server at ${url} did not become healthy`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Writes an access policy straight through the write path (as the system), and answers its urn. */
export async function grantPolicy(
  services: Services,
  id: string,
  policy: Partial<PolicyInfo> & Pick<PolicyInfo, 'privileges' | 'actors'>,
): Promise<string> {
  const urn = `urn:li:dataHubPolicy:${id}`;
  const info = { displayName: id, description: '', type: 'METADATA', state: 'ACTIVE', ...policy };
  await services.writePath.apply([buildProposal(services.registry, urn, 'dataHubPolicyInfo', 'UPSERT', info)], { actor: SYSTEM_ACTOR });
  return urn;
}

/**
 * That `items` holds something and every item passes `check`: `every` over an empty list passes
 * whatever the code under test did. The failing items are shown, not just `false`.
 */
export function expectEach<T>(items: readonly T[] | undefined, check: (item: T) => boolean, what = 'the items'): void {
  expect(items?.length ?? 0, `${what}: there is none to check`).toBeGreaterThan(0);
  expect(
    items!.filter((item) => !check(item)),
    `${what} that fail the check`,
  ).toEqual([]);
}

/** That `items` holds at least two values and is in the order `compare` gives (ascending by default). */
export function expectOrdered<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  what = 'the items',
): void {
  expect(items.length, `${what}: an order needs two at least`).toBeGreaterThan(1);
  expect([...items], `${what} in order`).toEqual([...items].sort(compare));
}
