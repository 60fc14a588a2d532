/**
 * A fresh `catalog serve` with the default configuration: authentication is on, the first start
 * writes an admin token once to a private file and says where and how to use it, later starts do not, and `catalog token create`
 * mints a working token on the database directly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG_CMD, enc, freePort, http, runCatalog, tempDir, waitHealthy } from './helpers.js';

const dir = tempDir();
const database = `sqlite:${join(dir, 'catalog.db')}`;
const running: ChildProcess[] = [];
afterAll(() => {
  for (const p of running.splice(0)) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The environment of someone who set nothing but where the database lives. */
function defaultEnv(): NodeJS.ProcessEnv {
  const { AUTH_ENABLED: _a, ADMIN_TOKEN: _b, TOKEN_SIGNING_KEY: _c, CATALOG_TOKEN: _d, DATAHUB_GMS_TOKEN: _e, ...env } = process.env;
  return { ...env, DATABASE_URL: database, LOG_LEVEL: 'info' };
}

async function serve(): Promise<{ url: string; proc: ChildProcess; output: () => string }> {
  const port = await freePort();
  const [cmd, ...args] = CATALOG_CMD;
  const proc = spawn(cmd, [...args, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
    env: defaultEnv(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.push(proc);
  let output = '';
  proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url);
  // What the start prints comes right after listening.
  for (let waited = 0; !/web UI: /.test(output) && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  return { url, proc, output: () => output };
}

async function stop(proc: ChildProcess): Promise<void> {
  proc.kill('SIGTERM');
  await new Promise((done) => (proc.exitCode !== null ? done(null) : proc.once('exit', done)));
}

const catalog = (...args: string[]) => runCatalog(args, defaultEnv());

const ADMIN = 'urn:li:corpuser:datahub';

describe('a fresh catalog with the default configuration', () => {
  it('writes an admin token once, at the first start, to a file only its user reads, and never logs it', async () => {
    const first = await serve();
    const banner = first.output();
    const file = join(dir, 'admin-token');
    expect(banner).toContain(`  ${file}\n`);
    expect(banner).toContain('Authorization: Bearer');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = readFileSync(file, 'utf8').trim();
    expect(token).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(banner).not.toContain(token);

    const entity = `${first.url}/entitiesV2/${enc(ADMIN)}`;
    expect((await http(entity)).status).toBe(401);
    const read = await http(entity, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    expect(read.body.aspects.corpUserInfo.value.displayName).toBe('DataHub');

    // The catalog program sends the token it is given, and says plainly when it has none (the two at once).
    const [refused, ingested] = await Promise.all([
      catalog('ingest', resolve(import.meta.dirname, '../examples'), '--server', first.url),
      catalog('ingest', resolve(import.meta.dirname, '../examples'), '--server', first.url, '--token', token!),
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/refused the token \(401\): Authentication required.*--token/);
    expect(Number(/(\d+) written, 0 rejected/.exec(ingested.stdout)?.[1])).toBeGreaterThan(100);
    expect(ingested.code).toBe(0);
    // How to sign in at the web UI as the admin, with no secret in the log.
    expect(banner).toContain('web UI: http://127.0.0.1');
    expect(banner).toContain("the admin 'datahub' has no password yet: 'npx catalog user password datahub' sets one");
    await stop(first.proc);
    const password = await runCatalog(['user', 'password', 'datahub'], defaultEnv(), 'first-start-Pa55word\n');
    expect(password.code, password.stderr).toBe(0);

    const second = await serve();
    expect(second.output()).toContain("(sign in with a native user's name and password)");
    expect(second.output()).not.toContain('admin access token');
    expect(second.output()).toContain('catalog token create');
    expect((await http(entity.replace(first.url, second.url), { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    // An operator with the database can always get in, even while the server runs.
    const created = await catalog('token', 'create', '--user', 'datahub', '--duration', 'one-hour', '--database-url', database);
    expect(created.code).toBe(0);
    const minted = created.stdout.trim();
    expect(minted).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(created.stderr).toMatch(/expires/);
    const me = await http(`${second.url}/api/graphql`, {
      body: { query: '{ me { corpUser { urn } } }' },
      headers: { authorization: `Bearer ${minted}` },
    });
    expect(me.body.data.me.corpUser.urn).toBe(ADMIN);
    await stop(second.proc);
  }, 60_000);
});
