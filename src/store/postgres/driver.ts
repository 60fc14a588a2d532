/**
 * The scale-out backend's driver: PostgreSQL through a connection pool. Several service processes
 * may share one database: writers lock the latest version of an aspect (`FOR UPDATE`), and a
 * transaction that loses a race (a unique violation on a first write, a deadlock, a serialization
 * failure) is run again.
 */
import pg from 'pg';
import type { Sql, SqlConnection, SqlDriver, TransactionOptions } from '../sql/driver.js';
import type { PoolStats } from '../types.js';
import { ChangeLogSequencer } from './changeLogSequencer.js';
import { pgDialect, toPositional } from './dialect.js';
import { newerSchema } from '../sql/newerSchema.js';
import { migrations } from './migrations.js';

// bigint columns (versions, times, counts) fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

const MIGRATION_LOCK = 0x6d636174; // 'mcat'
const RETRYABLE = new Set(['23505', '40001', '40P01']);
const MAX_ATTEMPTS = 8;

/**
 * How a statement goes to the server. Short statements are prepared once per connection under a
 * name (measured here: 51–76 µs a lookup instead of 129–268 µs, the parse and plan saved); a bounded
 * number of them, so that a connection's prepared plans stay small. Long, one-off shapes (searches)
 * go unnamed. Texts are renumbered (`?` → `$n`) once.
 */
const MAX_NAMED = 300;
const MAX_NAMED_LENGTH = 1_000;
const shapes = new Map<string, { text: string; name?: string }>();
let named = 0;
function shapeOf(q: Sql): { text: string; name?: string } {
  let shape = shapes.get(q.text);
  if (!shape) {
    const text = toPositional(q.text);
    shape = q.text.length <= MAX_NAMED_LENGTH && named < MAX_NAMED ? { text, name: `s${++named}` } : { text };
    if (shapes.size > 5_000) for (const [k, v] of shapes) if (!v.name) shapes.delete(k);
    shapes.set(q.text, shape);
  }
  return shape;
}

class Connection implements SqlConnection {
  constructor(private readonly db: pg.Pool | pg.PoolClient) {}

  async all<T>(q: Sql): Promise<T[]> {
    return (await this.db.query({ ...shapeOf(q), values: q.params })).rows as T[];
  }

  async run(q: Sql): Promise<number> {
    return (await this.db.query({ ...shapeOf(q), values: q.params })).rowCount ?? 0;
  }
}

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY)');
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const latest = Math.max(0, ...done);
    if (latest > migrations.length) throw newerSchema(latest, migrations.length);
    for (const [i, migration] of migrations.entries()) {
      if (done.has(i + 1)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** How often a replica gives offsets to events whose writer stopped before it could (a crash). */
const SEQUENCE_EVERY_MS = 2_000;

export class PostgresDriver implements SqlDriver {
  readonly dialect = pgDialect;
  readonly changeLogTable = 'change_log_pending';
  private readonly reads: Connection;
  private readonly sequencer: ChangeLogSequencer;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly poolSize: number,
  ) {
    this.reads = new Connection(pool);
    this.sequencer = new ChangeLogSequencer(pool);
    this.timer = setInterval(() => void this.sequencer.sequence().catch(() => undefined), SEQUENCE_EVERY_MS).unref();
  }

  sequenceChangeLog(): Promise<void> {
    return this.sequencer.sequence();
  }

  /** Connects and brings the schema up to date. */
  static async open(url: string, poolSize = 10): Promise<PostgresDriver> {
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    try {
      await migrate(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    const driver = new PostgresDriver(pool, poolSize);
    await driver.sequencer.sequence().catch(async (err: unknown) => {
      await driver.close();
      throw err;
    });
    return driver;
  }

  all<T>(q: Sql): Promise<T[]> {
    return this.reads.all<T>(q);
  }

  run(q: Sql): Promise<number> {
    return this.reads.run(q);
  }

  async transaction<T>(fn: (conn: SqlConnection) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(new Connection(client));
        await client.query('COMMIT');
        options.committing?.(Promise.resolve(true));
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        const code = (err as { code?: string }).code;
        if (code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) {
          await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
          continue;
        }
        throw err;
      } finally {
        client.release();
      }
    }
  }

  poolStats(): PoolStats {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount, max: this.poolSize };
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sequencer.sequence().catch(() => undefined);
    await this.pool.end();
  }
}
