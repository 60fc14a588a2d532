/**
 * The operator commands of the `catalog` program: delete (one entity, or a platform), rollback,
 * runs. Deleting a platform past the largest page of a search is tested in paging.test.ts.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { buildProposal } from '../src/write/proposals.js';
import { CATALOG_CMD, enc, http, mcp, runCatalog, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer({ auth: true });
  token = (await s.services.tokens.mint({ actorUrn: 'urn:li:corpuser:datahub', duration: 'ONE_DAY', name: 'cli' })).accessToken;
});
afterAll(async () => s.close());

const catalog = (...args: string[]) => runCatalog([...args, '--server', s.url, '--token', token]);

const get = (path: string) => http(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
const post = (path: string, body: unknown) => http(`${s.url}${path}`, { body, headers: { authorization: `Bearer ${token}` } });
const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const count = async (platform: string) =>
  (
    await post('/entities?action=searchAcrossEntities', {
      input: '*',
      filter: { or: [{ and: [{ field: 'platform', values: [`urn:li:dataPlatform:${platform}`] }] }] },
      start: 0,
      count: 1,
    })
  ).body.value.numEntities;

/** Loads datasets straight through the write path (setup, not under test). */
async function load(platform: string, n: number): Promise<void> {
  const batch = Array.from({ length: n }, (_, j) =>
    buildProposal(s.services.registry, ds(platform, `t${j}`), 'status', 'UPSERT', { removed: false }),
  );
  await s.services.writePath.apply(batch, { actor: SYSTEM_ACTOR });
}

// Each test works on entities (platforms, runs) of its own, and mostly waits on the commands it runs, a
// process each: the tests run at once.
describe.concurrent('catalog delete', () => {
  it('soft-deletes and hard-deletes one entity, or one timeseries window of it', async () => {
    const urn = ds('single', 'orders');
    await post('/aspects?action=ingestProposalBatch', {
      proposals: [
        mcp(urn, 'datasetProperties', { description: 'x' }),
        mcp(urn, 'datasetProfile', { timestampMillis: 10, rowCount: 1 }),
        mcp(urn, 'datasetProfile', { timestampMillis: 20, rowCount: 2 }),
      ],
    });
    const soft = await catalog('delete', '--urn', urn);
    expect(soft.code).toBe(0);
    expect((await get(`/entitiesV2/${enc(urn)}`)).body.aspects.status.value).toEqual({ removed: true });

    const window = await catalog('delete', '--urn', urn, '--hard', '--aspect', 'datasetProfile', '--start', '15', '--end', '25');
    expect(window.stdout).toMatch(/1 timeseries points/);
    const hard = await catalog('delete', '--urn', urn, '--hard');
    expect(hard.stdout).toMatch(/hard-deleted .*: \d+ aspect rows, 1 timeseries points/);
    expect((await post('/entities?action=exists', { urn })).body.value).toBe(false);

    const misuse = await catalog('delete', '--urn', urn, '--aspect', 'datasetProfile');
    expect(misuse.code).not.toBe(0);
    expect(misuse.stderr).toMatch(/need --hard/);
  });

  it('refuses to delete what is not stored: says so, exits 1, and creates nothing', async () => {
    const missing = ds('single', 'never-written');
    const hard = await catalog('delete', '--urn', missing, '--hard');
    expect([hard.code, hard.stdout]).toEqual([1, '']);
    expect(hard.stderr).toContain(`no entity ${missing} is stored: nothing was deleted`);
    const soft = await catalog('delete', '--urn', missing);
    expect([soft.code, soft.stdout]).toEqual([1, '']);
    expect(soft.stderr).toContain(`no entity ${missing} is stored: nothing was deleted`);
    expect((await post('/entities?action=exists', { urn: missing })).body.value).toBe(false);

    const urn = ds('single', 'no-profile');
    await post('/aspects?action=ingestProposal', { proposal: mcp(urn, 'datasetProperties', { description: 'x' }) });
    const aspect = await catalog('delete', '--urn', urn, '--hard', '--aspect', 'editableDatasetProperties');
    expect([aspect.code, aspect.stderr.trim()]).toEqual([1, `${urn} has no aspect editableDatasetProperties: nothing was deleted`]);
    const points = await catalog('delete', '--urn', urn, '--hard', '--aspect', 'datasetProfile', '--start', '0', '--end', '5');
    expect([points.code, points.stderr.trim()]).toEqual([
      1,
      `${urn} has no datasetProfile points in that time window: nothing was deleted`,
    ]);
    expect((await get(`/entitiesV2/${enc(urn)}`)).body.aspects.datasetProperties.value).toEqual({ description: 'x' });
  });

  it('soft-deletes the entities of one type on a platform: hidden from search, still readable', async () => {
    const chart = 'urn:li:chart:(soft,churn)';
    await load('soft', 3);
    await post('/aspects?action=ingestProposalBatch', {
      proposals: [mcp(chart, 'status', { removed: false }), mcp(chart, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:soft' })],
    });
    expect(await count('soft')).toBe(4);
    const done = await catalog('delete', '--platform', 'soft', '--entity-type', 'dataset', '--force');
    expect(done.code).toBe(0);
    expect(done.stderr).toContain('soft-deleted 3 of 3 entities');
    expect((await get(`/entitiesV2/${enc(ds('soft', 't0'))}`)).body.aspects.status.value).toEqual({ removed: true });
    // The chart on the same platform is not of the type asked for.
    expect(await count('soft')).toBe(1);
    expect((await get(`/entitiesV2/${enc(chart)}`)).body.aspects.status.value).toEqual({ removed: false });
  });

  it('hard-deletes the entities on a platform, page after page, and nothing else', async () => {
    await load('gone', 3);
    await load('kept', 1);
    const done = await catalog('delete', '--platform', 'gone', '--hard', '--force');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('hard-deleted 3 of 3 entities');
    expect(await count('gone')).toBe(0);
    expect((await post('/entities?action=exists', { urn: ds('gone', 't0') })).body.value).toBe(false);
    expect(await count('kept')).toBe(1);
  });

  it('asks before deleting a platform and deletes nothing when not told yes', async () => {
    await load('asked', 2);
    const [cmd, ...pre] = CATALOG_CMD;
    const refused = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = execFile(cmd, [...pre, 'delete', '--platform', 'asked', '--server', s.url, '--token', token], (err, _stdout, stderr) =>
        done({ code: err ? (err as { code: number }).code : 0, stderr }),
      );
      child.stdin!.end('n\n');
    });
    expect(refused.stderr).toMatch(/Soft-delete 2 entities on platform asked\?/);
    expect(refused.code).not.toBe(0);
    expect(await count('asked')).toBe(2);
  });
});

describe.concurrent('catalog rollback and catalog runs', () => {
  it('take the token from CATALOG_TOKEN or DATAHUB_GMS_TOKEN', async () => {
    for (const variable of ['CATALOG_TOKEN', 'DATAHUB_GMS_TOKEN']) {
      const env = { ...process.env, CATALOG_SERVER: s.url, CATALOG_TOKEN: '', DATAHUB_GMS_TOKEN: '', [variable]: token };
      expect((await runCatalog(['runs', 'list'], env)).code, variable).toBe(0);
    }
    const none = await runCatalog(['runs', 'list'], { ...process.env, CATALOG_SERVER: s.url, CATALOG_TOKEN: '', DATAHUB_GMS_TOKEN: '' });
    expect(none.code).toBe(1);
  });

  it('lists runs, shows one, and rolls it back', async () => {
    const urn = ds('runs', 'cli');
    await post('/aspects?action=ingestProposal', {
      proposal: { ...mcp(urn, 'datasetProperties', { description: 'from the cli run' }), systemMetadata: { runId: 'cli-run-1' } },
    });
    const list = await catalog('runs', 'list');
    expect(list.stdout).toMatch(/^cli-run-1\t4 rows\t/m);
    const show = await catalog('runs', 'show', 'cli-run-1');
    expect(show.stdout).toContain(`${urn}\tdatasetKey\tv0\t(key)`);

    const dry = await catalog('rollback', '--run-id', 'cli-run-1', '--dry-run');
    expect(dry.stdout).toMatch(/would roll back run cli-run-1: 1 entities, 4 aspect rows/);
    expect((await post('/entities?action=exists', { urn })).body.value).toBe(true);
    const done = await catalog('rollback', '--run-id', 'cli-run-1');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/rolled back run cli-run-1: 1 entities, 4 aspect rows, 3 aspects reverted, 1 entities deleted/);
    expect((await post('/entities?action=exists', { urn })).body.value).toBe(false);
    const after = await catalog('runs', 'show', 'cli-run-1');
    expect([after.code, after.stdout]).toEqual([1, '']);
    expect(after.stderr).toContain('run cli-run-1 has no stored rows (no such run, or it was rolled back)');
  });

  it('refuses an unknown run: rollback and runs show fail and say so', async () => {
    for (const args of [['--dry-run'], []]) {
      const rollback = await catalog('rollback', '--run-id', 'no-such-run', ...args);
      expect(rollback.code).toBe(1);
      expect(rollback.stdout).not.toMatch(/rolled back|would roll back/);
      expect(rollback.stderr).toContain('run no-such-run has no stored rows (no such run, or it was rolled back): nothing to roll back');
    }
    const show = await catalog('runs', 'show', 'nope');
    expect(show.code).toBe(1);
    expect(show.stderr).toContain('run nope has no stored rows');
  });

  it('rolls back with --safe: the entities the run created are soft-deleted, not removed', async () => {
    const urn = ds('runs', 'safe');
    await post('/aspects?action=ingestProposal', {
      proposal: { ...mcp(urn, 'datasetProperties', { description: 'kept as removed' }), systemMetadata: { runId: 'cli-run-safe' } },
    });
    const done = await catalog('rollback', '--run-id', 'cli-run-safe', '--safe');
    expect(done.stdout).toMatch(/1 entities soft-deleted/);
    expect((await post('/entities?action=exists', { urn })).body.value).toBe(true);
    expect((await get(`/entitiesV2/${enc(urn)}`)).body.aspects.status.value).toEqual({ removed: true });
  });
});

describe('catalog restore-indices', () => {
  const RESTORED = [0, 1, 2].map((k) => ds('restored', `otter_${k}`));
  const mine = async () => {
    const { rows, edges } = await s.services.store.dumpDerived();
    return { rows: rows.filter((r) => RESTORED.includes(r.urn)), edges: edges.filter((e) => RESTORED.includes(e.source)) };
  };
  // Entities as urns, or as DataHub's SearchEntity records {entity, matchedFields}.
  const search = async (input: string): Promise<string[]> =>
    (await post('/entities?action=search', { entity: 'dataset', input, start: 0, count: 10 })).body.value.entities.map(
      (e: string | { entity: string }) => (typeof e === 'string' ? e : e.entity),
    );
  const lineage = async (urn: string) =>
    (await get(`/relationships?urn=${enc(urn)}&types=List(DownstreamOf)&direction=INCOMING`)).body.entities as string[];

  it('rebuilds removed and corrupted search rows and edges from the aspects, slice by slice', async () => {
    await post('/aspects?action=ingestProposalBatch', {
      proposals: RESTORED.map((urn, k) => mcp(urn, 'datasetProperties', { description: `a river otter number ${k}` })).concat(
        mcp(RESTORED[1]!, 'upstreamLineage', { upstreams: [{ dataset: RESTORED[0], type: 'TRANSFORMED' }] }),
      ),
    });
    const before = await mine();
    expect(before.rows).toHaveLength(3);
    expect((await search('otter')).sort()).toEqual(RESTORED);
    expect(await lineage(RESTORED[0]!)).toEqual([RESTORED[1]]);

    // One entity's rows removed; another's search row emptied and its edges dropped.
    const corrupt = before.rows.find((r) => r.urn === RESTORED[1])!;
    await s.services.store.transaction(async (tx) => {
      await tx.deleteDerived([RESTORED[0]!]);
      await tx.putDerived([{ row: { ...corrupt, values: {}, keyed: [], facets: [], text: ['', '', '', ''] }, edges: [] }]);
    });
    expect(await search('otter')).toEqual([RESTORED[2]]);
    expect(await lineage(RESTORED[0]!)).toEqual([]);

    const done = await catalog('restore-indices', '--urn-like', 'urn:li:dataset:(urn:li:dataPlatform:restored,%', '--request-size', '2');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/^restored the derived rows of 3 entities in \d+ batches \(\d+ ms\)$/m);
    expect(await mine()).toEqual(before);
    expect((await search('otter')).sort()).toEqual(RESTORED);
    expect(await lineage(RESTORED[0]!)).toEqual([RESTORED[1]]);
  });

  it('restores one entity with --urn, and refuses what is not a valid request', async () => {
    await s.services.store.transaction((tx) => tx.deleteDerived([RESTORED[2]!]));
    expect(await search('otter')).not.toContain(RESTORED[2]);
    const one = await catalog('restore-indices', '--urn', RESTORED[2]!);
    expect([one.code, one.stdout.trim()]).toEqual([0, expect.stringMatching(/^restored the derived rows of 1 entities/)]);
    expect(await search('otter')).toContain(RESTORED[2]);

    const mixed = await catalog('restore-indices', '--urn', RESTORED[2]!, '--limit', '5');
    expect([mixed.code, mixed.stderr.trim()]).toEqual([1, '--urn restores one entity: give no --urn-like, --start or --limit with it']);
    const unknown = await catalog('restore-indices', '--aspect', 'noSuchAspect');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'Unknown aspect noSuchAspect']);
  });

  it('needs a token that may restore indices', async () => {
    const user = (await s.services.tokens.mint({ actorUrn: 'urn:li:corpuser:restorer', duration: 'ONE_DAY', name: 'cli' })).accessToken;
    const refused = await runCatalog(['restore-indices', '--urn', RESTORED[0]!, '--server', s.url, '--token', user]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/unauthorized/i);
  });
});
