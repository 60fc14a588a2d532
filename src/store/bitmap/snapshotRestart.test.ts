/**
 * A restart loads the search index from its snapshot and replays the change log since, answering
 * as an index built from every document does; a snapshot that cannot be trusted is refused, says
 * why, and the index is built from the documents instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers.js';
import { openWithSnapshot, storeBackends } from '../../../test/storeBackends.js';
import {
  changedRow,
  ENTITY_TYPES,
  pools,
  Random,
  randomQuery,
  randomRow,
  randomUrn,
  writeWithEvents as write,
} from '../../../test/searchGenerator.js';
import { openStore } from '../index.js';
import type { SearchIndexOverBudget, SearchRow, Store } from '../types.js';
import type { SearchIndexBuild, SearchIndexBuilt, SnapshotEvent } from './liveIndex.js';

const DOCUMENTS = 1_500;

for (const backend of await storeBackends())
  describe(`the search index across restarts (${backend.name})`, () => {
    let url: string;
    let drop: () => Promise<void>;
    let snapshot: string;
    const rows = new Map<string, SearchRow>();
    const opened: Store[] = [];

    /** A store using the snapshot, once its index is ready, closed after the suite if a test does not. */
    const open = async (build: SearchIndexBuild = {}, at = url) => {
      const o = await openWithSnapshot(at, snapshot, build);
      opened.push(o.store);
      return o;
    };
    const close = async (store: Store) => {
      await store.close();
      opened.splice(opened.indexOf(store), 1);
    };
    const written = async (events: SnapshotEvent[]) => {
      for (let i = 0; i < 200 && !events.some((e) => e.kind === 'written'); i++) await new Promise((r) => setTimeout(r, 25));
      return events.find((e) => e.kind === 'written');
    };
    /** The store answers 60 generated searches as one built from every document does. */
    const expectCurrent = async (store: Store, seed: number) => {
      const reference = await openStore(url, { synchronous: 'NORMAL', searchIndexBuild: { beforeOpen: 1e9 } });
      try {
        const r = new Random(seed);
        const p = pools(rows.values());
        let hits = 0;
        for (let i = 0; i < 60; i++) {
          const q = randomQuery(r, p);
          const [got, want] = await Promise.all([store.search(q), reference.search(q)]);
          expect(got, JSON.stringify(q)).toEqual(want);
          hits += want.total;
        }
        expect(hits).toBeGreaterThan(500);
      } finally {
        await reference.close();
      }
    };

    beforeAll(async () => {
      const dir = tempDir();
      snapshot = join(dir, 'search-index');
      const created = await backend.open(dir);
      ({ url, drop } = created);
      const r = new Random(21);
      for (let i = 0; i < DOCUMENTS; i++) {
        const type = ENTITY_TYPES[i % ENTITY_TYPES.length]!;
        const row = randomRow(r, randomUrn(r, type, i), type);
        rows.set(row.urn, row);
      }
      await write(created.store, [...rows.values()]);
      await created.store.close();
    }, 60_000);
    afterAll(async () => {
      for (const store of opened) await store.close();
      await drop?.();
    });

    it('is written after a build from the documents, and loaded at the next start with the changes since', async () => {
      const first = await open();
      expect(first.built).toMatchObject({ from: 'documents', documents: DOCUMENTS });
      expect(await written(first.events)).toMatchObject({ kind: 'written', documents: DOCUMENTS });
      await close(first.store);

      // Changes made while no process keeps the index: found in the change log at the next start.
      const r = new Random(22);
      const all = [...rows.values()];
      const changed = all.slice(0, 200).map((row) => changedRow(r, row));
      const removed = all.slice(200, 230).map((row) => row.urn);
      const added = Array.from({ length: 50 }, (_, i) => randomRow(r, randomUrn(r, 'dataset', 10_000 + i), 'dataset'));
      const other = await openStore(url, { synchronous: 'NORMAL' });
      await write(other, [...changed, ...added], removed);
      await other.close();
      for (const row of [...changed, ...added]) rows.set(row.urn, row);
      for (const urn of removed) rows.delete(urn);

      const second = await open();
      expect(second.built).toMatchObject({ from: 'snapshot', documents: rows.size, replayed: 280 });
      expect(second.events).toEqual([]);
      await expectCurrent(second.store, 23);

      // Changes made while it runs are kept at close, so the next start replays nothing.
      const more = all.slice(300, 400).map((row) => changedRow(r, row));
      await write(second.store, more);
      for (const row of more) rows.set(row.urn, row);
      await close(second.store);
      expect(second.events).toMatchObject([{ kind: 'written', documents: rows.size }]);

      const third = await open();
      expect(third.built).toMatchObject({ from: 'snapshot', documents: rows.size, replayed: 0 });
      await expectCurrent(third.store, 24);
      await close(third.store);

      // Loaded past the memory budget, it is let go as a build would be, and SQL answers.
      const events: SnapshotEvent[] = [];
      let over!: (o: SearchIndexOverBudget) => void;
      const letGo = new Promise<SearchIndexOverBudget>((resolve) => (over = resolve));
      const tight = await openStore(url, {
        synchronous: 'NORMAL',
        onSearchIndexOverBudget: (o) => over(o),
        searchIndexBuild: { beforeOpen: 100, delayMs: 0, snapshot, maxBytes: 64 * 1024, onSnapshot: (e) => events.push(e) },
      });
      opened.push(tight);
      expect(await letGo).toMatchObject({ documents: rows.size, maxBytes: 64 * 1024 });
      expect(events).toEqual([]);
      expect(tight.stats().searchIndex).toMatchObject({ ready: false, overBudget: { documents: rows.size } });
      await expectCurrent(tight, 28);
      await close(tight);
    });

    it('is refused when damaged, too far behind, or of another database, and the index is built from the documents', async () => {
      const good = readFileSync(snapshot);

      const damaged = Buffer.from(good);
      damaged[Math.floor(good.length / 3)]! ^= 0x5a;
      writeFileSync(snapshot, damaged);
      const a = await open();
      expect(a.built).toMatchObject({ from: 'documents', documents: rows.size });
      expect(a.events[0]).toEqual({ kind: 'refused', reason: 'it is damaged: its checksum does not match' });
      await expectCurrent(a.store, 25);
      // The build wrote a good one in its place.
      expect(await written(a.events)).toMatchObject({ kind: 'written' });
      await close(a.store);

      const r = new Random(26);
      const plain = await openStore(url, { synchronous: 'NORMAL' });
      const changed = [...rows.values()].slice(0, 20).map((row) => changedRow(r, row));
      await write(plain, changed);
      await plain.close();
      for (const row of changed) rows.set(row.urn, row);
      const b = await open({ replayAtMost: 10 });
      expect(b.built).toMatchObject({ from: 'documents' });
      expect(b.events[0]).toEqual({ kind: 'refused', reason: 'it is 20 changes behind the change log' });
      await close(b.store);

      // Another database, of the same size: its own urns, never this one's index.
      const dir = tempDir();
      const elsewhere = await backend.open(dir);
      const some = [...rows.values()].slice(0, 200);
      await write(elsewhere.store, some);
      await elsewhere.store.close();
      try {
        const c = await open({}, elsewhere.url);
        expect(c.built).toMatchObject({ from: 'documents', documents: 200 });
        expect(c.events[0]).toEqual({ kind: 'refused', reason: 'it was taken of another database' });
        await close(c.store);
      } finally {
        await elsewhere.drop();
      }
    });

    it('is not harmed by a write cut short by kill -9, whose remains the next write removes', async () => {
      const r = new Random(29);
      const a = await open();
      const first = [...rows.values()].slice(0, 30).map((row) => changedRow(r, row));
      await write(a.store, first);
      for (const row of first) rows.set(row.urn, row);
      await close(a.store);
      expect(a.events.at(-1)).toMatchObject({ kind: 'written', documents: rows.size });

      // What a process killed while writing leaves beside the snapshot: the first part of a file.
      const exited = spawnSync(process.execPath, ['-e', '']).pid!;
      const cut = join(dirname(snapshot), `${basename(snapshot)}.${exited}.${Date.now()}.tmp`);
      const whole = readFileSync(snapshot);
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.4)));
      // And the file of a write under way in a process still running, which is not to be touched.
      const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
      const underWay = join(dirname(snapshot), `${basename(snapshot)}.${running.pid}.${Date.now()}.tmp`);
      writeFileSync(underWay, whole.subarray(0, 100));
      try {
        const later = [...rows.values()].slice(30, 60).map((row) => changedRow(r, row));
        const plain = await openStore(url, { synchronous: 'NORMAL' });
        await write(plain, later);
        await plain.close();
        for (const row of later) rows.set(row.urn, row);

        const b = await open();
        expect(b.built).toMatchObject({ from: 'snapshot', documents: rows.size, replayed: 30 });
        await expectCurrent(b.store, 30);
        const more = [...rows.values()].slice(60, 70).map((row) => changedRow(r, row));
        await write(b.store, more);
        for (const row of more) rows.set(row.urn, row);
        await close(b.store);
        expect(b.events.at(-1)).toMatchObject({ kind: 'written', documents: rows.size });
        expect(existsSync(cut)).toBe(false);
        expect(existsSync(underWay)).toBe(true);
      } finally {
        running.kill('SIGKILL');
        rmSync(underWay, { force: true });
      }
    });

    it('takes the place of a large build, loaded from the snapshot the build wrote, with the writes made meanwhile', async () => {
      rmSync(snapshot, { force: true });
      const builds: SearchIndexBuilt[] = [];
      const events: SnapshotEvent[] = [];
      const store = await openStore(url, {
        synchronous: 'NORMAL',
        onSearchIndexBuilt: (b) => builds.push(b),
        searchIndexBuild: { beforeOpen: 100, delayMs: 0, snapshot, compactFrom: 1, onSnapshot: (e) => events.push(e) },
      });
      opened.push(store);
      const until = async (done: () => boolean) => {
        for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
      };
      await until(() => builds.length > 0);
      // Written while the build's snapshot is written and loaded back.
      const r = new Random(29);
      const changed = [...rows.values()].slice(500, 700).map((row) => changedRow(r, row));
      await write(store, changed);
      for (const row of changed) rows.set(row.urn, row);
      await until(() => builds.length > 1);
      expect(builds.map((b) => b.from)).toEqual(['documents', 'snapshot']);
      expect(builds[1]).toMatchObject({ documents: rows.size });
      expect(events.map((e) => e.kind)).toEqual(['written']);
      await expectCurrent(store, 30);
      // And it goes on taking writes.
      const later = [...rows.values()].slice(700, 750).map((row) => changedRow(r, row));
      await write(store, later);
      for (const row of later) rows.set(row.urn, row);
      await expectCurrent(store, 31);
      await close(store);
    });

    it('is written and loaded back flat after a start that replayed many changes', async () => {
      const a = await open();
      await close(a.store);
      // Changes made while no process keeps the index: replayed at the next start, into maps.
      const r = new Random(31);
      const changed = [...rows.values()].slice(800, 900).map((row) => changedRow(r, row));
      const plain = await openStore(url, { synchronous: 'NORMAL' });
      await write(plain, changed);
      await plain.close();
      for (const row of changed) rows.set(row.urn, row);

      const builds: SearchIndexBuilt[] = [];
      const events: SnapshotEvent[] = [];
      const store = await openStore(url, {
        synchronous: 'NORMAL',
        onSearchIndexBuilt: (b) => builds.push(b),
        searchIndexBuild: { beforeOpen: 100, delayMs: 0, snapshot, compactFrom: 1, reloadAfter: 50, onSnapshot: (e) => events.push(e) },
      });
      opened.push(store);
      for (let i = 0; i < 400 && builds.length < 2; i++) await new Promise((done) => setTimeout(done, 25));
      expect(builds).toMatchObject([
        { from: 'snapshot', documents: rows.size, replayed: 100 },
        { from: 'snapshot', documents: rows.size, replayed: 0 },
      ]);
      expect(events.map((e) => e.kind)).toEqual(['written']);
      await expectCurrent(store, 32);
      await close(store);
    });

    if (backend.name === 'sqlite')
      it('is refused after the database is put back to an earlier copy', async () => {
        const file = url.slice('sqlite:'.length);
        const earlier = join(tempDir(), 'earlier.db');
        const a = await open();
        await close(a.store);
        copyFileSync(file, earlier);
        const b = await open();
        const r = new Random(27);
        const changed = [...rows.values()].slice(0, 5).map((row) => changedRow(r, row));
        await write(b.store, changed);
        for (const row of changed) rows.set(row.urn, row);
        await close(b.store);
        const c = await open({}, `sqlite:${earlier}`);
        expect(c.built).toMatchObject({ from: 'documents' });
        expect(c.events[0]?.kind === 'refused' && c.events[0].reason).toMatch(
          /^it covers change \d+, past the last in the change log \(\d+\)/,
        );
        await close(c.store);
      });
  });
