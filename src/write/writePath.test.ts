import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectEach } from '../../test/helpers.js';
import { serviceCatalogForFile } from '../../test/serviceCatalog.js';
import { Authorizer } from '../auth/authorizer.js';
import { loadRegistry } from '../registry/registry.js';
import type { Store } from '../store/types.js';
import { parseProposal, type Proposal } from './proposals.js';
import { WritePath } from './writePath.js';

const registry = loadRegistry();
const actor = 'urn:li:corpuser:writer';

// The versioning rules, on whichever backend the tests run against (TEST_DATABASE_URL).
// Writers here may edit anything; what the write path refuses is tested below.
const c = serviceCatalogForFile(async ({ grant }) => {
  await grant('writers', {
    privileges: ['EDIT_ENTITY', 'DELETE_ENTITY'],
    actors: { users: [actor, 'urn:li:corpuser:other', 'urn:li:corpuser:later'] },
  });
});

// Each test writes a dataset of its own, at a clock of its own.
let datasets = 0;
let NAME: string;
let URN: string;
let time: number;
let store: Store;
let write: WritePath;
beforeAll(() => {
  store = c.services.store;
  write = new WritePath(store, registry, new Authorizer(store), { now: () => time });
});
beforeEach(() => {
  NAME = `Sales.Orders_${++datasets}`;
  URN = `urn:li:dataset:(urn:li:dataPlatform:snowflake,${NAME},PROD)`;
  time = 1000;
});

function proposal(aspectName: string, value: unknown, extra: Record<string, unknown> = {}, urn = URN): Proposal {
  return parseProposal(registry, {
    entityType: urn.split(':')[2],
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    ...extra,
  });
}

const latest = async (aspect: string, urn = URN) => store.getAspect(urn, aspect, 0);
/** The whole change log, every test's changes in it. */
const changeLog = () => store.readChangeLog(0, 1_000_000);

describe('the first write of an entity', () => {
  it('also persists the key aspect and the default browse paths, with the same run id', async () => {
    await write.apply([proposal('status', { removed: false }, { systemMetadata: { runId: 'first' } })], { actor });
    const key = await latest('datasetKey');
    expect(key?.value).toEqual({ platform: 'urn:li:dataPlatform:snowflake', name: NAME, origin: 'PROD' });
    expect(key?.systemMetadata?.runId).toBe('first');
    expect(key?.createdBy).toBe(actor);
    const browse = await latest('browsePaths');
    expect(browse?.value).toEqual({ paths: [`/prod/snowflake/sales/orders_${datasets}`] });
    expect(browse?.systemMetadata?.runId).toBe('first');
  });

  it('does not write a default browse path when the batch brings one', async () => {
    await write.apply([proposal('status', { removed: false }), proposal('browsePaths', { paths: ['/mine'] })], { actor });
    expect((await latest('browsePaths'))?.value).toEqual({ paths: ['/mine'] });
    expect(await store.getMaxVersion(URN, 'browsePaths')).toBe(0);
  });

  it('does not touch a stored browse path on later writes', async () => {
    await write.apply([proposal('browsePaths', { paths: ['/mine'] })], { actor });
    await write.apply([proposal('status', { removed: true })], { actor });
    expect((await latest('browsePaths'))?.value).toEqual({ paths: ['/mine'] });
  });

  it('gives entity types without a browse rule one empty path', async () => {
    await write.apply([proposal('containerProperties', { name: 'db' }, {}, 'urn:li:container:abc')], { actor });
    expect((await latest('browsePaths', 'urn:li:container:abc'))?.value).toEqual({ paths: [''] });
  });
});

describe('versioning', () => {
  it('moves the previous latest to max+1 with its own metadata', async () => {
    await write.apply([proposal('status', { removed: false }, { systemMetadata: { runId: 'a' } })], { actor });
    time = 2000;
    await write.apply([proposal('status', { removed: true }, { systemMetadata: { runId: 'b' } })], { actor: 'urn:li:corpuser:other' });
    time = 3000;
    await write.apply([proposal('status', { removed: false }, { systemMetadata: { runId: 'c' } })], { actor });
    const v = async (n: number) => store.getAspect(URN, 'status', n);
    expect((await v(0))?.systemMetadata?.runId).toBe('c');
    expect((await v(1))?.systemMetadata?.runId).toBe('a');
    expect((await v(1))?.createdOn).toBe(1000);
    expect((await v(2))?.systemMetadata?.runId).toBe('b');
    expect((await v(2))?.createdBy).toBe('urn:li:corpuser:other');
    expect(await store.getMaxVersion(URN, 'status')).toBe(2);
  });

  it('treats values equal up to key order as identical', async () => {
    await write.apply([proposal('datasetProperties', { description: 'd', customProperties: { a: '1', b: '2' } })], { actor });
    const result = await write.apply([proposal('datasetProperties', { customProperties: { b: '2', a: '1' }, description: 'd' })], {
      actor,
    });
    expect(result.written).toBe(0);
    expect(await store.getMaxVersion(URN, 'datasetProperties')).toBe(0);
  });

  it('an identical write refreshes lastObserved and lastRunId only', async () => {
    await write.apply(
      [proposal('status', { removed: false }, { systemMetadata: { runId: 'a', lastObserved: 5, properties: { k: 'v' } } })],
      { actor },
    );
    time = 9000;
    await write.apply([proposal('status', { removed: false }, { systemMetadata: { runId: 'b', lastObserved: 6 } })], {
      actor: 'urn:li:corpuser:later',
    });
    const row = await latest('status');
    expect(row?.systemMetadata).toEqual({ runId: 'a', lastRunId: 'b', lastObserved: 6, properties: { k: 'v' } });
    expect(row?.createdOn).toBe(1000);
    expect(row?.createdBy).toBe(actor);
  });

  it('writes change log events only for applied changes', async () => {
    await write.apply([proposal('status', { removed: false })], { actor });
    await write.apply([proposal('status', { removed: false })], { actor });
    await write.apply([proposal('status', { removed: true })], { actor });
    const events = (await changeLog()).filter((e) => e.entityUrn === URN && e.aspectName === 'status');
    expect(events.map((e) => e.aspect)).toEqual([{ removed: false }, { removed: true }]);
    expect(events[1]).toMatchObject({
      entityType: 'dataset',
      entityUrn: URN,
      changeType: 'UPSERT',
      previousAspectValue: { removed: false },
      created: { actor, time },
    });
  });
});

describe('change types', () => {
  it('CREATE fails when the aspect exists, CREATE_ENTITY when the entity exists', async () => {
    await write.apply([proposal('status', { removed: false })], { actor });
    await expect(write.apply([proposal('status', { removed: true }, { changeType: 'CREATE' })], { actor })).rejects.toThrow(
      /already exists/,
    );
    await expect(
      write.apply([proposal('datasetProperties', { description: 'x' }, { changeType: 'CREATE_ENTITY' })], { actor }),
    ).rejects.toThrow(/already exists/);
    await write.apply([proposal('datasetProperties', { description: 'x' }, { changeType: 'CREATE' })], { actor });
    expect((await latest('datasetProperties'))?.value).toEqual({ description: 'x' });
  });

  it('UPDATE is an UPSERT', async () => {
    await write.apply([proposal('status', { removed: true }, { changeType: 'UPDATE' })], { actor });
    expect((await latest('status'))?.value).toEqual({ removed: true });
  });

  it('a failure rolls back every write of the batch', async () => {
    await write.apply([proposal('status', { removed: false })], { actor });
    const other = 'urn:li:tag:rollback';
    await expect(
      write.apply([proposal('tagProperties', { name: 'x' }, {}, other), proposal('status', { removed: true }, { changeType: 'CREATE' })], {
        actor,
      }),
    ).rejects.toThrow(/already exists/);
    expect(await latest('tagKey', other)).toBeUndefined();
    expectEach(await changeLog(), (e) => e.entityUrn !== other, 'the changes committed');
  });
});

describe('timeseries', () => {
  it('keeps points apart by timestamp, partition and messageId, and overwrites the same identity', async () => {
    const p = (ts: number, rowCount: number, extra: Record<string, unknown> = {}) =>
      proposal('datasetProfile', { timestampMillis: ts, rowCount, ...extra });
    await write.apply(
      [p(1, 1), p(2, 2), p(1, 3), p(1, 4, { messageId: 'm' }), p(1, 5, { partitionSpec: { partition: 'x', type: 'PARTITION' } })],
      { actor },
    );
    const points = await store.getTimeseries(URN, 'datasetProfile', { limit: 10 });
    expect(points.map((pt) => pt.value.rowCount)).toEqual([2, 3, 4, 5]);
    const window = await store.getTimeseries(URN, 'datasetProfile', { startTimeMillis: 2, endTimeMillis: 2, limit: 10 });
    expect(window.map((pt) => pt.value.rowCount)).toEqual([2]);
    expect(await latest('datasetKey')).toBeDefined();
  });
});

describe('authorization', () => {
  it('refuses a whole batch when the actor lacks a privilege for one proposal, before writing anything', async () => {
    const stranger = 'urn:li:corpuser:stranger';
    const tagged = proposal('globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] });
    const logged = await c.changes();
    await expect(write.apply([proposal('status', { removed: false }), tagged], { actor: stranger })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(await latest('status')).toBeUndefined();
    expect(await c.changes()).toBe(logged);
  });

  it('asks for the platform privilege, not an entity one, to write access policies', async () => {
    const policy = proposal(
      'dataHubPolicyInfo',
      {
        displayName: 'mine',
        description: '',
        type: 'PLATFORM',
        state: 'ACTIVE',
        privileges: ['MANAGE_POLICIES'],
        actors: { users: [actor] },
      },
      {},
      'urn:li:dataHubPolicy:mine',
    );
    await expect(write.apply([policy], { actor })).rejects.toThrow(/MANAGE_POLICIES/);
  });
});

describe('retention', () => {
  const versions = async () => {
    const rows = await store.transaction((tx) => tx.getVersions(URN, 'datasetProperties'));
    return rows.map((r) => [r.version, r.value.description]);
  };
  const writeMany = async (w: WritePath, n: number) => {
    for (let i = 1; i <= n; i++) await w.apply([proposal('datasetProperties', { description: `v${i}` })], { actor });
  };

  it('keeps at most maxVersions versions of an aspect, the newest, the latest included', async () => {
    const bounded = new WritePath(store, registry, new Authorizer(store), { now: () => time, maxVersions: 3 });
    await writeMany(bounded, 6);
    expect(await versions()).toEqual([
      [0, 'v6'],
      [4, 'v4'],
      [5, 'v5'],
    ]);
    // Reading an old version that retention removed is a 404-style absence, not an error.
    expect(await store.getAspect(URN, 'datasetProperties', 1)).toBeUndefined();
  });

  it('keeps every version with maxVersions 0, and 20 by default', async () => {
    const unbounded = new WritePath(store, registry, new Authorizer(store), { now: () => time, maxVersions: 0 });
    await writeMany(unbounded, 25);
    expect(await versions()).toHaveLength(25);
    await writeMany(write, 1);
    expect(await versions()).toHaveLength(20);
  });
});
