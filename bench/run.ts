/**
 * `npm run bench [-- --quick] [-- --sizes 10000,100000]`: starts the service on SQLite (and on
 * PostgreSQL when DATABASE_URL names one), loads a generated catalog, measures each figure beside
 * its limit, prints a Markdown table (with PostgreSQL, each figure of both backends and PG/SQLite
 * in one row) and writes the figures as JSON under bench/results/.
 *
 * A large catalog is loaded once and measured later, SQLite only:
 *   --data-dir <dir>   the database is <dir>/catalog.db, kept after the run; <dir>/loaded.json
 *                      records how many entities it holds, and a later run loads from there on
 *   --load-only        loads the sizes into --data-dir through the service's write path in this
 *                      process (bench/directLoad.ts: no HTTP, so no batched-ingest figure), then stops
 *   --reuse            measures the catalog --data-dir holds, without loading: the service is
 *                      started on it; restoreIndices is left out (it rewrites every index row)
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hostileGraphql } from './hostileGraphql.js';
import { BULK_PROPOSALS, readsDuringBulkIngest } from './duringIngest.js';
import { bareSqliteIngest, startBareServer, type BareServer } from './limits.js';
import {
  bareReads,
  bareDurableWrites,
  batchedIngest,
  reads,
  restoreIndices,
  searches,
  singleIngest,
  type Settings,
  type Target,
} from './measure.js';
import { comparisonRecords } from './compare.js';
import { directLoad } from './directLoad.js';
import { uiBenchAvailable, uiFigures } from './ui.js';
import { renderSideBySide, renderTable, type Result } from './report.js';
import { startService, type Service } from './service.js';
import { figure } from './stats.js';
import { personalToken } from './client.js';
import { LATENCY_CONNECTIONS } from './load.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
/** Batches of 100 the bare loop writes per run: taken from the last part loaded. */
const BARE_LOOP_BATCHES = 60;
/** Issue 17 asks less of restoreIndices on PostgreSQL than the 50,000 asked of SQLite. */
const RESTORE_TARGET_POSTGRES = 20_000;

interface Options {
  quick: boolean;
  sizes: number[];
  settings: Settings;
  /** SQLite only: the database's folder, kept after the run. */
  dataDir?: string;
  /** Entities dataDir already holds (0 without one). */
  loaded: number;
  /** Load into dataDir without measuring. */
  loadOnly: boolean;
  /** Measure the catalog dataDir holds, without loading. */
  reuse: boolean;
}

const SIZES_HINT = '--sizes takes entity counts of at least 100, e.g. --sizes 10000,100000';

function parseArgs(argv: string[]): Options {
  const argument = (flag: string, hint: string): string | undefined => {
    const at = argv.indexOf(flag);
    const value = argv[at + 1];
    if (at >= 0 && (value === undefined || value.startsWith('--'))) throw new Error(hint);
    return at >= 0 ? value : undefined;
  };
  const quick = argv.includes('--quick');
  const loadOnly = argv.includes('--load-only');
  const reuse = argv.includes('--reuse');
  const given = argument('--sizes', SIZES_HINT);
  const dataDir = argument('--data-dir', '--data-dir takes a folder, e.g. --data-dir /work/bench-1m');
  if ((loadOnly || reuse) && dataDir === undefined) throw new Error('--load-only and --reuse need --data-dir <folder>');
  if (loadOnly && reuse) throw new Error('--load-only loads without measuring and --reuse measures without loading: give one of them');
  const loaded = dataDir === undefined ? 0 : loadedIn(dataDir);
  if (reuse && loaded === 0) throw new Error(`${dataDir} holds no loaded catalog: load one with --data-dir ${dataDir} --load-only`);
  const sizes =
    given !== undefined
      ? given.split(',').map((s) => Number(s.replace(/_/g, '')))
      : reuse
        ? [loaded]
        : quick
          ? [10_000]
          : [10_000, 100_000, 1_000_000];
  if (sizes.some((n) => !Number.isInteger(n) || n < 100)) throw new Error(SIZES_HINT);
  if (reuse && sizes.some((n) => n !== loaded))
    throw new Error(`${dataDir} holds ${loaded} entities: --reuse measures those (--sizes ${loaded}, or no --sizes)`);
  if (!reuse && sizes.some((n) => n <= loaded))
    throw new Error(`${dataDir} already holds ${loaded} entities: measure them with --reuse, or load more (--sizes above ${loaded})`);
  return {
    quick,
    sizes: [...sizes].sort((a, b) => a - b),
    settings: quick ? { seconds: 0.4, repeats: 3, searches: 3 } : { seconds: 5, repeats: 3, searches: 30 },
    ...(dataDir !== undefined ? { dataDir } : {}),
    loaded,
    loadOnly,
    reuse,
  };
}

/** What a data folder's loaded.json records: entities loaded, when, and at which commit. */
interface Loaded {
  entities: number;
  date: string;
  commit: string;
}

const loadedFile = (dir: string) => join(dir, 'loaded.json');

function loadedIn(dir: string): number {
  return existsSync(loadedFile(dir)) ? (JSON.parse(readFileSync(loadedFile(dir), 'utf8')) as Loaded).entities : 0;
}

function recordLoaded(dir: string, entities: number): void {
  const loaded: Loaded = { entities, date: new Date().toISOString(), commit: commitOf(ROOT) };
  writeFileSync(loadedFile(dir), `${JSON.stringify(loaded, null, 2)}\n`);
}

function commitOf(dir: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

interface Backend {
  name: 'sqlite' | 'postgres';
  databaseUrl: string;
  /** Latest aspect rows in the database (what restoreIndices reads). */
  latestAspects(): Promise<number>;
  /** The database's size on disk and its aspect rows (every version), for bytes per aspect. */
  disk(): Promise<{ bytes: number; aspects: number; wal?: number }>;
  drop(): Promise<void>;
  /** PostgreSQL: the server and whether its commits are durable, as the service's connections see them. */
  server?: PostgresServer;
}

interface PostgresServer {
  version: string;
  synchronousCommit: string;
  fsync: string;
  durable: boolean;
  /** Off, nothing but the store itself refreshes the planner's statistics during the run. */
  autovacuum: string;
}

/** A fresh database in a temporary folder, removed afterwards; or the one in `dataDir`, kept. */
function sqliteBackend(dataDir?: string): Backend {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'catalog-bench-'));
  const file = join(dir, 'catalog.db');
  return {
    name: 'sqlite',
    databaseUrl: `sqlite:${file}`,
    async latestAspects() {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM aspect WHERE version = 0').get() as { n: number }).n;
      } finally {
        db.close();
      }
    },
    async disk() {
      const db = new Database(file, { readonly: true });
      try {
        const aspects = (db.prepare('SELECT count(*) AS n FROM aspect').get() as { n: number }).n;
        // The database file only, as PostgreSQL's size leaves out its write-ahead log; SQLite's is
        // reported beside it (pages not yet copied back, and space kept for reuse).
        const wal = existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0;
        return { bytes: statSync(file).size, aspects, wal };
      } finally {
        db.close();
      }
    },
    async drop() {
      if (dataDir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the server DATABASE_URL names, dropped afterwards. */
async function postgresBackend(serverUrl: string): Promise<Backend> {
  const name = `catalog_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  // SQLite's figures are of durable commits (synchronous = FULL); PostgreSQL's must be too, whatever
  // a development server's configuration says (the tests' databases, for one, turn this off).
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = on`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const server = await postgresServer(databaseUrl);
  if (!server.durable)
    log(
      `PostgreSQL commits are not durable here (synchronous_commit=${server.synchronousCommit}, fsync=${server.fsync}): its figures are not comparable with SQLite's`,
    );
  return {
    name: 'postgres',
    databaseUrl,
    server,
    async latestAspects() {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        return Number((await c.query('SELECT count(*) AS n FROM aspect WHERE version = 0')).rows[0].n);
      } finally {
        await c.end();
      }
    },
    async disk() {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        const { rows } = await c.query<{ bytes: string; aspects: string }>(
          'SELECT pg_database_size(current_database()) AS bytes, (SELECT count(*) FROM aspect) AS aspects',
        );
        return { bytes: Number(rows[0]?.bytes), aspects: Number(rows[0]?.aspects) };
      } finally {
        await c.end();
      }
    },
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The settings a connection to the bench's database gets (a role's own settings outrank the
 * database's): a commit is durable when it waits for the local WAL flush and the flush is real.
 */
async function postgresServer(databaseUrl: string): Promise<PostgresServer> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const show = async (setting: string) => String((await c.query(`SHOW ${setting}`)).rows[0][setting]);
    const synchronousCommit = await show('synchronous_commit');
    const fsync = await show('fsync');
    return {
      version: await show('server_version'),
      synchronousCommit,
      fsync,
      durable: synchronousCommit !== 'off' && fsync === 'on',
      autovacuum: await show('autovacuum'),
    };
  } finally {
    await c.end();
  }
}

const began = Date.now();
const log = (text: string) => process.stderr.write(`[${((Date.now() - began) / 1000).toFixed(1)} s] ${text}\n`);

async function benchBackend(backend: Backend, options: Options, bare: BareServer, results: Result[]): Promise<void> {
  const { settings } = options;
  const at = (entities: number, rest: Omit<Result, 'backend' | 'entities'>) => results.push({ backend: backend.name, entities, ...rest });
  let service: Service = await startService({ databaseUrl: backend.databaseUrl, adminToken: ADMIN_TOKEN });
  if (options.reuse) {
    // On a loaded catalog the index builds after start; measuring meanwhile would measure the build.
    log(`[${backend.name}] waiting for the search index to be built`);
    const ready = await service.searchIndexBuilt;
    log(`[${backend.name}] search index ready (from ${ready.from}) ${Math.round(ready.ms)} ms after spawn`);
  }
  try {
    const target: Target = { url: service.url, token: await personalToken(service.url, ADMIN_TOKEN) };
    let loaded = options.loaded;
    for (const n of options.sizes) {
      let memory = service.memory();
      if (!options.reuse) {
        log(`[${backend.name}] loading entities ${loaded}..${n}`);
        const segments = Math.max(3, Math.ceil((n - loaded) / 20_000));
        const ingest = await batchedIngest(target, loaded, n, segments);
        loaded = n;
        if (options.dataDir !== undefined) recordLoaded(options.dataDir, n);
        memory = service.memory();
        const limit =
          backend.name === 'sqlite'
            ? figure(Array.from({ length: settings.repeats }, () => bareSqliteIngest(ingest.lastBatches.slice(0, BARE_LOOP_BATCHES))))
            : undefined;
        at(n, {
          id: 'ingest.batched',
          measure: 'batched ingest (ingestProposalBatch, 100 a request)',
          unit: 'aspects/s',
          value: figure(ingest.rates),
          ...(limit ? { limit, limitName: 'bare better-sqlite3 loop' } : {}),
          target: { min: 20_000 },
        });
      }
      const disk = await backend.disk();
      at(n, {
        id: 'disk.perAspect',
        measure: 'bytes on disk per aspect (database size ÷ aspect rows)',
        unit: 'B',
        value: figure([disk.bytes / Math.max(1, disk.aspects)]),
        extra: `${Math.round(disk.bytes / 2 ** 20)} MB, ${disk.aspects.toLocaleString('en')} aspect rows${disk.wal !== undefined ? `; WAL ${Math.round(disk.wal / 2 ** 20)} MB` : ''}`,
        target: { max: 2_000 },
      });
      at(n, {
        id: options.reuse ? 'memory.started' : 'memory.loaded',
        measure: options.reuse ? 'resident memory after start, catalog loaded' : 'resident memory after loading',
        unit: 'MB',
        value: figure([memory.rss / 2 ** 20]),
        extra: `peak ${Math.round(memory.peak / 2 ** 20)} MB`,
        target: { max: 300 },
      });

      log(`[${backend.name}] ${n}: single-proposal ingest`);
      const single = await singleIngest(target, settings, n);
      at(n, {
        id: 'ingest.single',
        measure: `single ingest (ingestProposal, ${32} connections, durable)`,
        unit: 'req/s',
        value: single.rps,
        limit: await bareDurableWrites(bare.url, backend.name, settings),
        limitName: `bare route making the same durable commit, a row a request (${backend.name === 'sqlite' ? 'group commit, WAL synced' : 'synchronous_commit as the server has it'})`,
        target: { min: 5_000 },
        failures: single.failures,
      });

      log(`[${backend.name}] ${n}: reads`);
      const r = await reads(target, settings, n);
      for (const [key, name, f] of [
        ['entitiesV2', 'GET /entitiesV2/<urn>', r.entitiesV2],
        ['graphql', 'GraphQL dataset(urn), 8 fields', r.graphql],
      ] as const) {
        const b = await bareReads(bare.url, settings, f.bytes);
        at(n, {
          id: `${key}.rps`,
          measure: `${name}: throughput`,
          unit: 'req/s',
          value: f.rps,
          limit: b.rps,
          limitName: `bare route, ${f.bytes} B constant`,
          failures: f.failures,
        });
        at(n, {
          id: `${key}.p50`,
          measure: `${name}: p50 at half throughput, ${LATENCY_CONNECTIONS} clients`,
          unit: 'ms',
          value: f.p50,
          limit: b.p50,
          limitName: 'bare route',
        });
        at(n, {
          id: `${key}.p99`,
          measure: `${name}: p99 at half throughput, ${LATENCY_CONNECTIONS} clients`,
          unit: 'ms',
          value: f.p99,
          limit: b.p99,
          limitName: 'bare route',
          ...(name.startsWith('GET') ? { target: { max: 5 } } : {}),
        });
      }

      log(`[${backend.name}] ${n}: hostile GraphQL documents`);
      const hostile = await hostileGraphql(target, settings.repeats);
      at(n, {
        id: 'hostileGraphql.max',
        measure: 'hostile GraphQL documents: max ms to refuse',
        unit: 'ms',
        value: hostile.maxMs,
        extra: `slowest: ${hostile.slowest}`,
        target: { max: 100 },
        failures: hostile.failures,
      });

      log(`[${backend.name}] ${n}: reads during a bulk ingest`);
      const during = await readsDuringBulkIngest(target, n, settings.repeats);
      const quietName = 'the same reads, nothing else running';
      at(n, {
        id: 'duringIngest.p99',
        measure: `reads (entitiesV2, /health) during a ${BULK_PROPOSALS.toLocaleString('en-US')}-proposal batch: p99`,
        unit: 'ms',
        value: during.busy.p99,
        limit: during.quiet.p99,
        limitName: quietName,
        extra: `batch took ${during.batchSeconds.median.toFixed(1)} s; ${during.reads} reads`,
        target: { max: 100 },
        failures: during.failures,
      });
      at(n, {
        id: 'duringIngest.max',
        measure: `reads during a ${BULK_PROPOSALS.toLocaleString('en-US')}-proposal batch: slowest`,
        unit: 'ms',
        value: during.busy.max,
        limit: during.quiet.max,
        limitName: quietName,
        target: { max: 100 },
      });

      log(`[${backend.name}] ${n}: search`);
      for (const [name, f] of Object.entries(await searches(target, settings))) {
        at(n, {
          id: `search.${name}.p50`,
          measure: `search, ${name} (${f.hits.toLocaleString('en-US')} hits), one client: p50`,
          unit: 'ms',
          value: f.p50,
        });
        at(n, {
          id: `search.${name}.p99`,
          measure: `search, ${name}, one client: p99`,
          unit: 'ms',
          value: f.p99,
          extra: `${f.rps.median.toFixed(1)} req/s, ${f.searches} a run`,
          target: { max: 50 },
          failures: f.failures,
        });
      }

      if (uiBenchAvailable()) {
        log(`[${backend.name}] ${n}: the web UI in Chromium`);
        const ui = await uiFigures(target, n, settings.repeats);
        const api = 'the GraphQL it sends, from here';
        at(n, {
          id: 'ui.searchKeystroke.p95',
          measure: `web UI: keystroke to search results, p95 of ${ui.keystroke.samples} keystrokes`,
          unit: 'ms',
          value: ui.keystroke.page,
          limit: ui.keystroke.api,
          limitName: api,
          target: { max: 150 },
        });
        at(n, {
          id: 'ui.entityPage.p95',
          measure: `web UI: a dataset's page to its content, p95 of ${ui.entity.samples} pages`,
          unit: 'ms',
          value: ui.entity.page,
          limit: ui.entity.api,
          limitName: api,
          target: { max: 300 },
        });
        at(n, {
          id: 'ui.lineageGraph',
          measure: `web UI: lineage graph of ${ui.lineage.nodes} nodes, page to graph drawn`,
          unit: 'ms',
          value: ui.lineage.page,
          limit: ui.lineage.api,
          limitName: api,
          target: { max: 1000 },
        });
      } else log(`[${backend.name}] ${n}: no Chromium at /usr/bin/chromium: the web UI is not measured`);

      if (!options.reuse) {
        log(`[${backend.name}] ${n}: restoreIndices`);
        const aspects = await backend.latestAspects();
        const restores = options.quick || n >= 1_000_000 ? 1 : settings.repeats;
        const rates: number[] = [];
        for (let i = 0; i < restores; i++) rates.push(aspects / (await restoreIndices(target)).seconds);
        at(n, {
          id: 'restoreIndices',
          measure: `restoreIndices (${aspects.toLocaleString('en-US')} latest aspects)`,
          unit: 'aspects/s',
          value: figure(rates),
          target: { min: backend.name === 'postgres' ? RESTORE_TARGET_POSTGRES : 50_000 },
        });
      }

      log(`[${backend.name}] ${n}: start-up`);
      const startups: number[] = [];
      for (let i = 0; i < settings.repeats; i++) {
        await service.stop();
        service = await startService({ databaseUrl: backend.databaseUrl, adminToken: ADMIN_TOKEN });
        startups.push(service.startupMs);
      }
      target.url = service.url;
      at(n, {
        id: 'startup',
        measure: 'start-up to first healthy answer',
        unit: 'ms',
        value: figure(startups),
        extra: `${Math.round(service.memory().rss / 2 ** 20)} MB resident after start`,
        target: { max: 1000 },
      });
      // The restarts above load the index from the snapshot the previous process wrote at shutdown.
      const restarted = await service.searchIndexBuilt;
      at(n, {
        id: 'searchIndex.restart',
        measure: `search index ready after a restart (${restarted.from === 'snapshot' ? 'loaded from its snapshot' : 'built: no snapshot was used'})`,
        unit: 'ms',
        value: figure([restarted.ms]),
        extra: `${Math.round(service.memory().rss / 2 ** 20)} MB resident then`,
        target: { max: 5_000 },
      });
      // And once without it, as every start was before: the limit a snapshot is measured against.
      await service.stop();
      service = await startService({ databaseUrl: backend.databaseUrl, adminToken: ADMIN_TOKEN, env: { SEARCH_INDEX_SNAPSHOT: 'off' } });
      target.url = service.url;
      const startedRss = service.memory().rss;
      const built = await service.searchIndexBuilt;
      at(n, {
        id: 'searchIndex.built',
        measure: 'search index built from every document after start (SQL answers searches until then)',
        unit: 'ms',
        value: figure([built.ms]),
        // What the process grew by while building is about the index's own size.
        extra: `${Math.round(service.memory().rss / 2 ** 20)} MB resident then, ${Math.round((service.memory().rss - startedRss) / 2 ** 20)} MB more than at start`,
      });
      log(renderTable(results.filter((x) => x.backend === backend.name && x.entities === n)));
    }
  } finally {
    await service.stop();
  }
}

function machine() {
  const db = new Database(':memory:');
  const sqlite = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  db.close();
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    sqlite,
    platform: `${process.platform} ${process.arch}`,
  };
}

/** Newest modification time of the files under a folder. */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return t;
}

/** The service runs from dist/ (as users run it): rebuilt first when src/ changed since the last build. */
function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(join(ROOT, 'dist/.tsbuildinfo')).mtimeMs;
  } catch {
    // never built
  }
  if (newest(join(ROOT, 'src')) > built) {
    log('building dist/ (src/ changed since the last build)');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

/** --load-only: the sizes loaded in this process, loaded.json recording each part as it is done. */
async function loadOnly(dir: string, options: Options): Promise<void> {
  const { databaseUrl } = sqliteBackend(dir);
  let loaded = options.loaded;
  for (const n of options.sizes) {
    log(`loading entities ${loaded}..${n} into ${databaseUrl} (in process)`);
    await directLoad(databaseUrl, loaded, n, (entities, rate) => {
      recordLoaded(dir, entities);
      log(`${entities.toLocaleString('en-US')} entities loaded (${Math.round(rate).toLocaleString('en-US')} proposals/s)`);
    });
    loaded = n;
  }
  log(`done: measure with npm run bench -- --data-dir ${dir} --reuse`);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.loadOnly && options.dataDir !== undefined) return loadOnly(options.dataDir, options);
  ensureBuilt();
  const backends: Array<() => Promise<Backend>> = [async () => sqliteBackend(options.dataDir)];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl?.startsWith('postgres') && options.dataDir !== undefined) log('--data-dir: SQLite only, PostgreSQL is not run');
  else if (serverUrl?.startsWith('postgres')) backends.push(() => postgresBackend(serverUrl));
  const results: Result[] = [];
  let postgres: PostgresServer | undefined;
  const bare = await startBareServer(
    options.dataDir ?? tmpdir(),
    serverUrl?.startsWith('postgres') && options.dataDir === undefined ? serverUrl : undefined,
  );
  try {
    for (const make of backends) {
      const backend = await make();
      postgres ??= backend.server;
      try {
        await benchBackend(backend, options, bare, results);
      } finally {
        await backend.drop();
      }
    }
  } finally {
    await bare.stop();
  }
  const about = {
    date: new Date().toISOString(),
    mode: options.quick ? 'quick' : 'full',
    sizes: options.sizes,
    ...(options.reuse && options.dataDir !== undefined
      ? { reused: JSON.parse(readFileSync(loadedFile(options.dataDir), 'utf8')) as Loaded }
      : {}),
    settings: options.settings,
    machine: machine(),
    ...(postgres ? { postgres } : {}),
    seconds: Math.round((Date.now() - began) / 1000),
  };
  const both = postgres !== undefined;
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(ROOT, 'bench/results', `${about.date.replace(/[:.]/g, '-')}-${about.mode}.json`);
  writeFileSync(file, `${JSON.stringify({ ...about, results, ...(both ? { comparison: comparisonRecords(results) } : {}) }, null, 2)}\n`);
  process.stdout.write(`\n${both ? renderSideBySide(results) : renderTable(results)}\n`);
  const m = about.machine;
  const pgText = postgres
    ? `; PostgreSQL ${postgres.version} (synchronous_commit=${postgres.synchronousCommit}, fsync=${postgres.fsync}, autovacuum=${postgres.autovacuum}${postgres.durable ? '' : ': commits NOT durable, figures not comparable'})`
    : '';
  process.stdout.write(
    `\n${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB; Node ${m.node}; SQLite ${m.sqlite}${pgText}. ${about.mode} run, ${about.seconds} s. Figures: median of ${options.settings.repeats} runs (range); HTTP runs of ${options.settings.seconds} s; ${options.settings.searches} searches a run.\n`,
  );
  if (both) {
    const held = comparisonRecords(results).filter((c) => c.target && c.ratio !== undefined);
    process.stdout.write(
      `PG/SQLite is the ratio of medians; issue 17 bounds it at ≥ 0.5 for rates, ≤ 2 for times: ${held.filter((c) => c.met).length} of ${held.length} figures within.\n`,
    );
  }
  if (about.reused)
    process.stdout.write(`Reused the catalog in ${options.dataDir}, loaded ${about.reused.date} at commit ${about.reused.commit}.\n`);
  process.stdout.write(`JSON: ${file}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
