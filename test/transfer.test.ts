/**
 * `catalog export` from SQLite and `catalog import` into the backend under test (PostgreSQL in CI's
 * second run) give a catalog that answers the same requests the same way.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR } from '../src/actors.js';
import { openStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { CATALOG_CMD, enc, FIXTURES, http, openTestStore, serveStore, tempDir } from './helpers.js';

const run = promisify(execFile);
type Json = any;

describe('export and import', () => {
  const dir = tempDir();
  const sourceUrl = `sqlite:${join(dir, 'source.db')}`;
  const file = join(dir, 'catalog.ndjson');
  let source: Store;
  let target: { store: Store; url: string; drop(): Promise<void> };
  let a: Awaited<ReturnType<typeof serveStore>>;
  let b: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    source = await openStore(sourceUrl);
    a = await serveStore(source);
    for (const item of JSON.parse(readFileSync(join(FIXTURES, 'mce_files/bootstrap_mce.json'), 'utf8')) as Json[]) {
      const r = item.proposedSnapshot
        ? await http(`${a.url}/entities?action=ingest`, { body: { entity: { value: item.proposedSnapshot } } })
        : await http(`${a.url}/aspects?action=ingestProposal`, { body: { proposal: item } });
      expect(r.status).toBe(200);
    }
    // Some history, so versions travel too.
    for (const description of ['first', 'second']) {
      await http(`${a.url}/aspects?action=ingestProposal`, {
        body: {
          proposal: {
            entityType: 'tag',
            entityUrn: 'urn:li:tag:Legacy',
            changeType: 'UPSERT',
            aspectName: 'tagProperties',
            aspect: { value: JSON.stringify({ name: 'Legacy', description }) },
          },
        },
      });
    }
    const [cmd, ...pre] = CATALOG_CMD;
    await run(cmd, [...pre, 'export', '--database-url', sourceUrl, '--out', file]);
    target = await openTestStore(tempDir());
    await target.store.close();
    await run(cmd, [...pre, 'import', file, '--database-url', target.url]);
    target.store = await openStore(target.url, { poolSize: 2 });
    b = await serveStore(target.store);
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await source?.close();
    await target?.store.close();
    await target?.drop();
  });

  it('writes a header, every aspect version and every timeseries point', () => {
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'header', format: 'metadata-catalog-export', version: 1 });
    expect(
      lines.filter((l) => l.type === 'aspect' && l.urn === 'urn:li:tag:Legacy' && l.aspect === 'tagProperties').map((l) => l.version),
    ).toEqual([0, 1, 2]);
    expect(lines.filter((l) => l.type === 'timeseries').length).toBeGreaterThan(3);
  });

  it('the imported catalog answers reads, history, search, browse, relationships and timeseries alike', async () => {
    const same = async (path: string, body?: unknown) => {
      const [x, y] = await Promise.all([http(a.url + path, body ? { body } : {}), http(b.url + path, body ? { body } : {})]);
      expect(x.status, path).toBe(200);
      expect(y.status, path).toBe(x.status);
      expect(y.body, path).toEqual(x.body);
    };
    const urns = (await http(`${a.url}/entities?action=listUrns`, { body: { entity: 'dataset', start: 0, count: 100 } })).body.value
      .entities;
    expect(urns.length).toBeGreaterThan(0);
    for (const urn of urns) await same(`/entitiesV2/${enc(urn)}`);
    for (const v of [0, 1, 2]) await same(`/aspects/${enc('urn:li:tag:Legacy')}?aspect=tagProperties&version=${v}`);
    for (const input of ['sample', '*', 'tags:urn:li:tag:Legacy', 'john']) {
      await same('/entities?action=searchAcrossEntities', { input, start: 0, count: 50 });
    }
    await same('/entities?action=browse', { entity: 'dataset', path: '/prod', start: 0, limit: 50 });
    await same(`/relationships?direction=INCOMING&urn=${enc('urn:li:corpuser:jdoe')}&types=OwnedBy`);
    await same('/aspects?action=getTimeseriesAspectValues', {
      urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)',
      entity: 'dataset',
      aspect: 'datasetProfile',
    });
    expect(await target.store.dumpDerived()).toEqual(await source.dumpDerived());
  });

  it("refuses the old database's tokens; one minted with catalog token create on the new database works", async () => {
    const old = (await a.services.tokens.mint({ actorUrn: ADMIN_ACTOR, duration: 'ONE_DAY', name: 'old' })).accessToken;
    const [cmd, ...pre] = CATALOG_CMD;
    const { stdout } = await run(cmd, [...pre, 'token', 'create', '--user', 'datahub', '--database-url', target.url]);
    const minted = stdout.trim();
    const secured = await serveStore(target.store, { auth: true });
    try {
      const read = (token: string) =>
        http(`${secured.url}/entitiesV2/${enc('urn:li:tag:Legacy')}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await read(old)).status).toBe(401);
      expect((await read(minted)).status).toBe(200);
    } finally {
      await secured.close();
    }
  });

  it('refuses a file that is not an export', async () => {
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(bad, '{"hello": 1}\n');
    const [cmd, ...pre] = CATALOG_CMD;
    await expect(run(cmd, [...pre, 'import', bad, '--database-url', `sqlite:${join(dir, 'other.db')}`])).rejects.toMatchObject({
      stderr: expect.stringContaining('not a metadata-catalog-export header'),
    });
  });
});
