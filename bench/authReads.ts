/**
 * What authorization costs a read, in one process: requests per second and SQL statements per
 * request of reads made with a user's access token, on a catalog of a few hundred entities, users in
 * groups and some policies. CPU time per request is taken over sequential requests (the client's
 * share included). The server and autocannon share the process, so the figures are for comparing
 * builds on one machine, not for quoting.
 *
 *   npx tsx bench/authReads.ts [postgres://…]     (SQLite in a temporary directory by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { bootstrapAccess } from '../src/domains/access/bootstrap.js';
import { buildServer } from '../src/server.js';
import { bootstrapCatalog } from '../src/domains/builtIns/firstStart.js';
import { READER_ROLE } from '../src/domains/builtIns/roles.js';
import { buildProposal, type Proposal } from '../src/write/proposals.js';
import { createServices } from '../src/domains/services.js';
import type { SqlConnection, SqlDriver } from '../src/store/sql/driver.js';
import { openSqlStore } from '../src/store/sql/store.js';
import { load } from './load.js';
import { GRAPHQL_DATASET } from './measure.js';

const DATASETS = 300;
const USERS = 50;
const GROUPS = 10;
const POLICIES = 40;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Counts every statement the store sends, in transactions or not. */
function counting(driver: SqlDriver, count: { n: number }): SqlDriver {
  const conn = (c: SqlConnection): SqlConnection => ({
    all: (q) => {
      count.n++;
      return c.all(q);
    },
    run: (q) => {
      count.n++;
      return c.run(q);
    },
  });
  return new Proxy(driver, {
    get(target, prop) {
      if (prop === 'all' || prop === 'run') return conn(target)[prop];
      if (prop === 'transaction') return (fn: (c: SqlConnection) => Promise<unknown>) => target.transaction((c) => fn(conn(c)));
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function openDriver(url: string | undefined, dir: string): Promise<SqlDriver> {
  if (url) {
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: url });
    await admin.connect();
    const name = `catalog_bench_auth_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const { PostgresDriver } = await import('../src/store/postgres/driver.js');
    return PostgresDriver.open(target.toString(), 10);
  }
  const { SqliteDriver } = await import('../src/store/sqlite/driver.js');
  return new SqliteDriver(join(dir, 'catalog.db'), { synchronous: 'NORMAL' });
}

const dataset = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,bench.table_${i},PROD)`;
const user = (i: number) => `urn:li:corpuser:user${i}`;
const group = (i: number) => `urn:li:corpGroup:group${i}`;
const domain = (i: number) => `urn:li:domain:domain${i}`;
const READER = 'urn:li:corpuser:reader';

const url = process.argv[2];
const dir = mkdtempSync(join(tmpdir(), 'bench-auth-'));
const statements = { n: 0 };
const store = await openSqlStore(counting(await openDriver(url, dir), statements));
const services = createServices(store);
await bootstrapAccess(services);
await bootstrapCatalog(services);

const p = (urn: string, aspect: string, value: Record<string, unknown>): Proposal =>
  buildProposal(services.registry, urn, aspect, 'UPSERT', value);
const catalog: Proposal[] = [];
for (let i = 0; i < GROUPS; i++)
  catalog.push(p(group(i), 'corpGroupInfo', { displayName: `group ${i}`, admins: [], members: [user(i), READER], groups: [] }));
for (let i = 0; i < USERS; i++) {
  catalog.push(p(user(i), 'corpUserInfo', { active: true, displayName: `user ${i}` }));
  catalog.push(p(user(i), 'groupMembership', { groups: [group(i % GROUPS)] }));
}
catalog.push(p(READER, 'corpUserInfo', { active: true, displayName: 'reader' }));
catalog.push(p(READER, 'groupMembership', { groups: [group(0), group(1)] }));
catalog.push(p(READER, 'roleMembership', { roles: [READER_ROLE] }));
for (let i = 0; i < DATASETS; i++) {
  catalog.push(p(dataset(i), 'datasetProperties', { name: `table_${i}`, description: `bench table ${i}`, customProperties: {} }));
  catalog.push(p(dataset(i), 'ownership', { owners: [{ owner: user(i % USERS), type: 'DATAOWNER' }] }));
  catalog.push(p(dataset(i), 'domains', { domains: [domain(i % 5)] }));
}
for (let i = 0; i < POLICIES; i++) {
  const metadata = i % 4 !== 3;
  catalog.push(
    p(`urn:li:dataHubPolicy:bench-${i}`, 'dataHubPolicyInfo', {
      displayName: `bench policy ${i}`,
      description: '',
      type: metadata ? 'METADATA' : 'PLATFORM',
      state: 'ACTIVE',
      privileges: metadata ? ['EDIT_ENTITY_TAGS', 'EDIT_ENTITY_DOCS'] : ['MANAGE_GLOSSARIES'],
      actors: {
        users: [user(i % USERS)],
        groups: [group(i % GROUPS)],
        resourceOwners: i % 2 === 0,
        allUsers: false,
        allGroups: false,
      },
      ...(metadata ? { resources: { filter: { criteria: [{ field: 'DOMAIN', values: [domain(i % 5)], condition: 'EQUALS' }] } } } : {}),
      editable: true,
    }),
  );
}
await services.writePath.apply(catalog, { actor: SYSTEM_ACTOR });
const { accessToken } = await services.tokens.mint({ actorUrn: READER, duration: 'ONE_DAY', name: 'bench' });

const app = await buildServer({ services, logger: pino({ level: 'silent' }), auth: { enabled: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const headers = { authorization: `Bearer ${accessToken}` };

interface Read {
  name: string;
  method: 'GET' | 'POST';
  next: (i: number) => { path: string; body?: string };
}
const READS: Read[] = [
  { name: 'GET /entitiesV2/<dataset>', method: 'GET', next: (i) => ({ path: `/entitiesV2/${encodeURIComponent(dataset(i % DATASETS))}` }) },
  { name: 'GET /entitiesV2/<corpuser>', method: 'GET', next: (i) => ({ path: `/entitiesV2/${encodeURIComponent(user(i % USERS))}` }) },
  {
    name: 'POST /api/graphql dataset',
    method: 'POST',
    next: (i) => ({ path: '/api/graphql', body: JSON.stringify({ query: GRAPHQL_DATASET, variables: { urn: dataset(i % DATASETS) } }) }),
  },
];

const results: Record<string, { statements: number; cpuMs: number; rps: number[] }> = {};
for (const read of READS) {
  // Statements per request, counted over sequential requests after a warm-up.
  const send = async (i: number) => {
    const { path, body } = read.next(i);
    const res = await fetch(`${base}${path}`, {
      method: read.method,
      headers: { ...headers, 'content-type': 'application/json' },
      ...(body ? { body } : {}),
    });
    if (res.status !== 200) throw new Error(`${read.name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 50; i++) await send(i);
  const before = statements.n;
  const cpu = process.cpuUsage();
  const n = 500;
  for (let i = 0; i < n; i++) await send(i);
  const used = process.cpuUsage(cpu);
  results[read.name] = { statements: (statements.n - before) / n, cpuMs: (used.user + used.system) / 1000 / n, rps: [] };
}
for (let round = 0; round < ROUNDS; round++) {
  for (const read of READS) {
    let i = 0;
    const run = await load({
      url: base,
      connections: CONNECTIONS,
      seconds: SECONDS,
      method: read.method,
      headers,
      next: () => read.next(i++),
    });
    if (run.failures > 0) throw new Error(`${read.name}: ${run.failures} failures`);
    results[read.name]!.rps.push(run.rps);
  }
}
await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`backend: ${url ? 'postgres' : 'sqlite'}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(30)} statements/request ${r.statements.toFixed(2).padStart(6)}   CPU ms/request ${r.cpuMs.toFixed(3)}   rps median ${median(r.rps).toFixed(0).padStart(6)}  (${r.rps.map((x) => x.toFixed(0)).join(', ')})`,
  );
}
if (url) {
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS catalog_bench_auth_${process.pid} WITH (FORCE)`);
  await admin.end();
}
