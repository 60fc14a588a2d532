/**
 * The limit for HTTP figures: a bare Fastify app on this machine, in its own process like the
 * service. GET /constant?bytes=N answers a constant JSON of N bytes (the size of the service's answer it stands beside).
 *
 * POST /durable/sqlite and /durable/postgres make the durable commit a write of the service makes,
 * and nothing else: the body as one row, answered once it is on disk. On SQLite that is the
 * service's own group commit (transactions waiting together share a COMMIT, then the WAL is synced
 * off the event loop) in a database under BARE_DATA_DIR; on PostgreSQL a commit at the server's
 * synchronous_commit, on a pool of the service's default size, in a database of its own made on the
 * server BARE_POSTGRES_URL names and dropped when the process stops.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { LocalWriter } from '../src/store/sqlite/driver.js';
import { GroupCommit } from '../src/store/sqlite/groupCommit.js';
import { WalSync } from '../src/store/sqlite/walSync.js';

const constants = new Map<number, string>();
const constantOf = (bytes: number): string => {
  let text = constants.get(bytes);
  if (text === undefined) {
    text = JSON.stringify({ value: 'x'.repeat(Math.max(0, bytes - 12)) });
    constants.set(bytes, text);
  }
  return text;
};

const app = Fastify({ logger: false });
app.get<{ Querystring: { bytes?: string } }>('/constant', async (request, reply) =>
  reply.type('application/json').send(constantOf(Number(request.query.bytes ?? 1000))),
);
app.get('/health', async () => 'ok');

const sqliteDir = process.env.BARE_DATA_DIR;
if (sqliteDir) {
  const path = join(sqliteDir, 'durable.db');
  const db = new Database(path);
  // The service's writer of single writes: on this thread, WAL at synchronous NORMAL, the log synced
  // after each group's COMMIT.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE IF NOT EXISTS written (n INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO written (body) VALUES (?)');
  const wal = new WalSync(`${path}-wal`);
  const commits = new GroupCommit(new LocalWriter(db), () => wal.sync());
  app.post('/durable/sqlite', async (request) => {
    const body = JSON.stringify(request.body);
    await commits.run(async () => insert.run(body));
    return 'ok';
  });
  process.once('exit', () => {
    db.close();
    rmSync(sqliteDir, { recursive: true, force: true });
  });
}

const postgresServer = process.env.BARE_POSTGRES_URL;
if (postgresServer) {
  const name = `catalog_bench_bare_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  await pool.query('CREATE TABLE written (n BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)');
  app.post('/durable/postgres', async (request) => {
    await pool.query('INSERT INTO written (body) VALUES ($1)', [JSON.stringify(request.body)]);
    return 'ok';
  });
  app.addHook('onClose', async () => {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
}

process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
