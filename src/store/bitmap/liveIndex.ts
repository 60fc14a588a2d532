/**
 * The in-memory bitmap index (store/bitmap) kept equal to the SQL index tables it is built from.
 *
 * - This process's writes are applied as they commit, before the write is answered.
 * - Other processes' writes are followed through the change log: the urns of new events are read
 *   again from `search_doc` before each search (so a write answered by another replica is found at
 *   once), and every `followEveryMs` meanwhile.
 * - The index is built from `search_doc` at start (a small database before the store opens, a large
 *   one in the background, searches going to SQL meanwhile), and built again when ids dropped by
 *   changes outnumber the documents. Writes during a build are read again before it takes over.
 * - With a snapshot file (indexSnapshot.ts), a restart loads the index from it and replays the change
 *   log since, instead of building it from every document. A snapshot of another database, of another
 *   build, damaged, or too far behind is refused, and the index is built from the documents. The index
 *   is written there after each build from the documents, as changes add up, and at close.
 * - It keeps to a memory budget (SEARCH_INDEX_MAX_MB), held to the bytes the index counts as it grows
 *   (BitmapIndex.bytes). Past the budget, while built or after, the index is let go for good and SQL
 *   answers every search: slower, but the process does not run out of memory.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { BitmapIndex } from './bitmapIndex.js';
import { collectGarbage } from './collectGarbage.js';
import { DamagedSnapshot, openSnapshot, writeSnapshot } from './indexSnapshot.js';
import type { SearchIndexOverBudget, SearchIndexStats, SearchPage, SearchQuery, SearchRow } from '../types.js';
import { chunks, first, placeholders, sql, type SqlDriver } from '../sql/driver.js';
import { settingsStore } from '../sql/settings.js';
import { SharedRun } from '../sql/sharedRun.js';
import { Slices } from '../../slices.js';

/** A database up to this many documents is indexed before the store opens (~0.1 ms a document), so start-up stays well under a second. */
const BUILD_BEFORE_OPEN = 2_000;
/** Ids dropped by changes, beyond the documents, that make the index be built again. */
const GARBAGE_ALLOWED = 50_000;
/** How long after opening a large database its build begins. */
const BUILD_DELAY_MS = 1_000;
/** A commit of this process, whose outcome the follower may need before it can tell whose an event is. */
interface OwnCommit {
  done: Promise<void>;
  ok?: boolean;
}

/** This process's own change-log offsets kept for the follower to skip, at most. */
const OWN_AT_MOST = 1_000_000;
/** Documents read at a time while building (indexed in slices: slices.ts). */
const BUILD_CHUNK = 1_000;
const FOLLOW_CHUNK = 5_000;
/** A snapshot further behind the change log than this (or than half its documents, if more) is built again instead. */
const REPLAY_AT_MOST = 50_000;
/** Changes after which the index is written again (or a tenth of its documents, if more), at most once a minute. */
const SAVE_AFTER_CHANGES = 10_000;
const SAVE_AT_MOST_EVERY_MS = 60_000;
/**
 * Documents from which loading a snapshot ends with a full collection (collectGarbage.ts): below,
 * what a load leaves is collected in pauses of a few milliseconds.
 */
const COLLECT_AFTER_LOADING = 100_000;
/**
 * Documents from which an index built from the documents is loaded again from the snapshot written
 * after the build: built, its terms are in maps on V8's heap (2.7 GB at 1,000,000 entities), loaded,
 * flat (termTable.ts). Below, the maps are small, and a load would take longer than it saves.
 */
const COMPACT_FROM = 50_000;
/**
 * The share of an index (of COMPACT_FROM documents or more) given new ids since it was loaded, past
 * which it is loaded back flat after it is next written (a start that replayed that many writes it
 * at once), as after a build: a document added to a loaded index takes several times the memory of
 * a loaded one, and a start that replayed the changes of the run before, or a day of writes, would
 * otherwise keep them so until the next restart. Writes themselves are not made more often: at a
 * million documents a write takes some 20 s of the thread that serves requests, in slices.
 */
const RELOAD_AFTER_SHARE = 0.05;
/** The setting naming the database, so a snapshot of another is never taken for this one's. */
const DATABASE_ID = 'database.id';

/** When and how the index is built; the constants above unless told (tests build a small database as a large one). */
export interface SearchIndexBuild {
  /** A database of up to this many documents is indexed before the store opens. */
  beforeOpen?: number;
  /** How long after opening a larger database its build begins. */
  delayMs?: number;
  /** Documents read at a time while building. */
  chunk?: number;
  /** The heap the index may take, in bytes; none when absent. */
  maxBytes?: number;
  /** The file this process keeps its snapshot of the index in; none when absent. */
  snapshot?: string;
  /** Change-log events a snapshot may be behind and still be loaded; unless told, REPLAY_AT_MOST or half its documents, the more. */
  replayAtMost?: number;
  /** Documents from which a build is followed by a load of the snapshot it wrote; COMPACT_FROM unless told. */
  compactFrom?: number;
  /**
   * Ids given since the index was loaded, past which it is loaded back after its next save; unless
   * told, SAVE_AFTER_CHANGES or RELOAD_AFTER_SHARE of its documents, the more.
   */
  reloadAfter?: number;
  /** Told what became of a snapshot: written, refused (and why), or failed. */
  onSnapshot?: (event: SnapshotEvent) => void;
}

export type SnapshotEvent =
  | { kind: 'written'; documents: number; bytes: number; ms: number }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; error: string };

/** A build of the index: how many documents it holds, and how long it took. */
export interface SearchIndexBuilt {
  documents: number;
  ms: number;
  /** Loaded from a snapshot (and the change-log events replayed since), or built from every document. */
  from: 'snapshot' | 'documents';
  replayed?: number;
}

/** A transaction's changes to documents, in order: a document's new stored text and row, or its removal (no `json`). */
export type IndexChanges = Array<{ urn: string; json?: string; row?: SearchRow }>;

export class LiveIndex {
  private index: BitmapIndex | undefined;
  private building: Promise<void> | undefined;
  /** Urns changed while a build runs: read again before the build takes over. */
  private touched: Set<string> | undefined;
  /** Urns this process applied since the follower began its current read (their rows may be newer than what it read). */
  private recent = new Set<string>();
  /** Urns to read again at the next turn of the follower. */
  private retry = new Set<string>();
  /** Offsets of events this process commits and applies, where the store gives them at commit: the follower skips them. */
  private readonly own = new Map<number, OwnCommit>();
  private followed = 0;
  /** Turns of following the change log, each search waiting for one that began after it. */
  private readonly following = new SharedRun(() => this.follow());
  private timer: NodeJS.Timeout | undefined;
  private delayed: NodeJS.Timeout | undefined;
  private closed = false;
  /** This process's commits still being applied. */
  private applying: Promise<void> = Promise.resolve();

  private readonly buildBeforeOpen: number;
  private readonly buildDelayMs: number;
  private readonly buildChunk: number;
  private readonly maxBytes: number;
  /** Set once the index has been let go for its memory: no build starts again. */
  private overBudget: SearchIndexOverBudget | undefined;
  private readonly snapshot: string | undefined;
  private readonly replayAtMost: number | undefined;
  private readonly compactFrom: number;
  private readonly reloadAfter: number | undefined;
  private readonly onSnapshot: (event: SnapshotEvent) => void;
  /** The snapshot is tried once, for the first build. */
  private snapshotTried = false;
  /** The snapshot being written; resolves to whether it was. */
  private saving: Promise<boolean> | undefined;
  /** Documents changed since the last snapshot was begun, and when that was. */
  private unsaved = 0;
  private savedAt = 0;
  private database: string | undefined;
  /** Bumped when every document is removed: a snapshot begun before is of nothing that remains. */
  private epoch = 0;

  constructor(
    private readonly db: SqlDriver,
    private readonly onBuilt: (built: SearchIndexBuilt) => void = () => undefined,
    private readonly followEveryMs = 1_000,
    build: SearchIndexBuild = {},
    private readonly onOverBudget: (over: SearchIndexOverBudget) => void = () => undefined,
  ) {
    this.buildBeforeOpen = build.beforeOpen ?? BUILD_BEFORE_OPEN;
    this.buildDelayMs = build.delayMs ?? BUILD_DELAY_MS;
    this.buildChunk = build.chunk ?? BUILD_CHUNK;
    this.maxBytes = build.maxBytes ?? Number.POSITIVE_INFINITY;
    this.snapshot = build.snapshot;
    this.replayAtMost = build.replayAtMost;
    this.compactFrom = build.compactFrom ?? COMPACT_FROM;
    this.reloadAfter = build.reloadAfter;
    this.onSnapshot = build.onSnapshot ?? (() => undefined);
  }

  async open(): Promise<void> {
    this.followed = await this.lastOffset();
    // Ids bound the documents from above, at the cost of two index probes; counting them read the
    // whole urn index, 3 s at start on a million documents not in the page cache.
    const ids = await first<{ top: number | null }>(this.db, sql('SELECT max(id) AS top FROM search_doc'));
    if (Number(ids?.top ?? 0) <= this.buildBeforeOpen) await this.build();
    else {
      // A large build waits for the opener to finish starting (its slices added ~0.4 s to a
      // service's start-up), and never begins for a command done within the delay.
      this.delayed = setTimeout(() => void this.build().catch(() => undefined), this.buildDelayMs);
      this.delayed.unref();
    }
    // Failures are left for the next turn, or for the next search to report.
    this.timer = setInterval(() => this.catchUp().catch(() => undefined), this.followEveryMs);
    this.timer.unref();
  }

  /**
   * The search from memory, after every event in the change log when it was asked; undefined while
   * the index is being built, or for what it cannot answer.
   */
  async search(q: SearchQuery): Promise<SearchPage | undefined> {
    if (!this.index) return undefined;
    await this.catchUp();
    await this.applying;
    return this.index?.search(q);
  }

  /** Resolves after a turn of following that began after the call. */
  private catchUp(): Promise<void> {
    return this.closed ? Promise.resolve() : this.following.run();
  }

  /**
   * The change-log offsets of a transaction of this process, told as its COMMIT is sent (before
   * the events can be read), with whether the COMMIT succeeds: its changes come to `committed`
   * next, so the follower need not read them again (nor hash them to find them the same). An event
   * at an offset of a commit that failed is another writer's. Only an economy: were the follower
   * not to come by, the offsets are let go rather than grow.
   */
  ownOffsets(offsets: readonly number[], outcome: Promise<boolean>): void {
    if (this.own.size > OWN_AT_MOST) this.own.clear();
    const commit: OwnCommit = {
      done: outcome.then((ok) => {
        commit.ok = ok;
      }),
    };
    for (const offset of offsets) if (offset > this.followed) this.own.set(offset, commit);
  }

  /**
   * This process's committed changes, applied in order. A large batch is applied in slices of
   * about 5 ms so other requests run between them; searches wait until it is all applied, so none
   * sees part of a transaction.
   */
  committed(changes: IndexChanges): Promise<void> {
    if (changes.length === 0) return this.applying;
    this.applying = this.applying.then(async () => {
      await new Slices().each(changes, ({ urn, json, row }) => this.apply(urn, json, row && (() => row)));
      this.unsaved += changes.length;
      this.recycle();
    });
    return this.applying;
  }

  stats(): SearchIndexStats {
    return {
      documents: this.index?.size ?? 0,
      bytes: this.index?.bytes ?? 0,
      dropped: this.index?.garbage ?? 0,
      ready: this.index !== undefined,
      building: this.building !== undefined,
      ...(this.overBudget ? { overBudget: this.overBudget } : {}),
    };
  }

  /** Every derived row was removed (before a full rebuild). */
  cleared(): void {
    this.epoch++;
    if (this.snapshot) void rm(this.snapshot, { force: true }).catch(() => undefined);
    if (this.overBudget) return;
    this.index = new BitmapIndex();
    this.touched = undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.delayed) clearTimeout(this.delayed);
    await Promise.allSettled([this.building, this.following.running]);
    await this.saving;
    // What changed since the last snapshot is kept for the next start.
    if (this.unsaved > 0) await this.save();
  }

  /** A document's new text (undefined: removed); `row` parses it. */
  private apply(urn: string, json: string | undefined, row?: () => SearchRow): void {
    this.recent.add(urn);
    this.touched?.add(urn);
    if (this.index) putOrRemove(this.index, urn, json, row);
  }

  private async lastOffset(): Promise<number> {
    await this.db.sequenceChangeLog?.();
    return Number((await first<{ n: number | null }>(this.db, sql('SELECT max("offset") AS n FROM change_log')))?.n ?? 0);
  }

  /** The change log's next events after an offset, up to FOLLOW_CHUNK of them. */
  private eventsAfter(offset: number): Promise<Array<{ offset: number; urn: string }>> {
    return this.db.all(
      sql('SELECT "offset", entity_urn AS urn FROM change_log WHERE "offset" > ? ORDER BY "offset" LIMIT ?', offset, FOLLOW_CHUNK),
    );
  }

  /** The urn of the event at an offset, or null when the change log holds none there. */
  private async urnAt(offset: number): Promise<string | null> {
    return (await first<{ urn: string }>(this.db, sql('SELECT entity_urn AS urn FROM change_log WHERE "offset" = ?', offset)))?.urn ?? null;
  }

  /** Documents by urn, as stored now. */
  private async read(urns: readonly string[]): Promise<Map<string, string>> {
    const rows = new Map<string, string>();
    for (const some of chunks(urns))
      for (const r of await this.db.all<{ urn: string; row: string }>({
        text: `SELECT urn, row FROM search_doc WHERE urn IN (${placeholders(some.length)})`,
        params: some,
      }))
        rows.set(r.urn, r.row);
    return rows;
  }

  /**
   * New documents sorted into the urn order beside other work; a build when dropped ids outnumber
   * live documents; the index let go when it outgrows its budget.
   */
  private recycle(): void {
    const index = this.index;
    if (!index) return;
    void index.mergeInSlices(new Slices().pause);
    if (index.bytes > this.maxBytes) this.letGo({ bytes: index.bytes, maxBytes: this.maxBytes, documents: index.size });
    else if (!this.building && index.garbage > Math.max(GARBAGE_ALLOWED, index.size)) void this.build().catch(() => undefined);
    else if (this.unsaved >= Math.max(SAVE_AFTER_CHANGES, index.size / 10) && Date.now() - this.savedAt >= SAVE_AT_MOST_EVERY_MS)
      void this.saveAndCompact();
  }

  /** Writes the snapshot, then loads the index back from it if enough of it is not flat. */
  private async saveAndCompact(): Promise<void> {
    this.compact(await this.save());
  }

  /**
   * Whether enough of the index is outside its flat part that it is to be loaded back from a
   * snapshot: all of it, when it was built from the documents.
   */
  private loose(index: BitmapIndex): boolean {
    const after = this.reloadAfter ?? Math.max(SAVE_AFTER_CHANGES, index.size * RELOAD_AFTER_SHARE);
    return index.size >= this.compactFrom && (index.added >= index.size || index.added > after);
  }

  /**
   * Writes the index as it is now to the snapshot file, in slices beside other work. The offset it
   * covers is the follower's: every event up to it is in the index (this process's later commits may
   * be too, and are replayed again at load, which changes nothing).
   */
  private save(): Promise<boolean> {
    const path = this.snapshot;
    // A database this small is indexed before the store opens, faster than a snapshot is read.
    if (!path || !this.index || this.index.size <= this.buildBeforeOpen || this.saving) return this.saving ?? Promise.resolve(false);
    const epoch = this.epoch;
    this.saving = (async () => {
      const began = performance.now();
      try {
        // A turn of following first, so the offset covers this process's own commits too.
        await this.following.run();
        const index = this.index;
        if (!index || index.size <= this.buildBeforeOpen) return false;
        const image = index.image();
        const offset = this.followed;
        const unsaved = this.unsaved;
        this.savedAt = Date.now();
        const offsetUrn = await this.urnAt(offset);
        const bytes = await writeSnapshot(path, image, { database: await this.databaseId(), offset, offsetUrn }, new Slices().pause);
        // Every document was removed meanwhile: what was written is of an index no longer there.
        if (epoch !== this.epoch) {
          await rm(path, { force: true });
          return false;
        }
        this.unsaved -= unsaved;
        this.onSnapshot({ kind: 'written', documents: image.docs.length, bytes, ms: performance.now() - began });
        return true;
      } catch (err) {
        this.onSnapshot({ kind: 'failed', error: String(err) });
        return false;
      } finally {
        this.saving = undefined;
      }
    })();
    return this.saving;
  }

  /** This database's name for itself, made the first time any process asks. */
  private async databaseId(): Promise<string> {
    this.database ??= await settingsStore(this.db).ensureSetting(DATABASE_ID, randomUUID());
    return this.database;
  }

  /**
   * The index from the snapshot, with the change log replayed since it was taken; undefined (and
   * why, told) when there is none to trust.
   */
  private async fromSnapshot(): Promise<{ index: BitmapIndex; replayed: number } | undefined> {
    const path = this.snapshot;
    if (!path || this.snapshotTried) return undefined;
    this.snapshotTried = true;
    const refuse = (reason: string) => {
      this.onSnapshot({ kind: 'refused', reason });
      return undefined;
    };
    const opened = await openSnapshot(path);
    if ('refused' in opened) return opened.refused === 'none written yet' ? undefined : refuse(opened.refused);
    const { header } = opened;
    if (header.database !== (await this.databaseId())) return refuse('it was taken of another database');
    const latest = await this.lastOffset();
    if (header.offset > latest)
      return refuse(
        `it covers change ${header.offset}, past the last in the change log (${latest}): a database restored from an earlier copy?`,
      );
    if (header.offset > 0) {
      if ((await this.urnAt(header.offset)) !== header.offsetUrn)
        return refuse(`the change log no longer holds the change it covers (${header.offset})`);
    }
    const behind = latest - header.offset;
    if (behind > (this.replayAtMost ?? Math.max(REPLAY_AT_MOST, header.documents / 2)))
      return refuse(`it is ${behind} changes behind the change log`);
    let index: BitmapIndex;
    try {
      const breathe = new Slices().pause;
      index = BitmapIndex.restore(await opened.content(breathe));
    } catch (err) {
      return refuse(err instanceof DamagedSnapshot ? `it is damaged: ${err.message}` : `it could not be read: ${String(err)}`);
    }
    let replayed = 0;
    for (let after = header.offset; !this.closed; ) {
      const events = await this.eventsAfter(after);
      const urns = [...new Set(events.map((e) => e.urn))];
      const rows = await this.read(urns);
      await new Slices().each(urns, (urn) => putOrRemove(index, urn, rows.get(urn)));
      replayed += events.length;
      const last = events.at(-1);
      if (!last || events.length < FOLLOW_CHUNK) break;
      after = Number(last.offset);
    }
    return { index, replayed };
  }

  /** Drops the index for good: SQL answers every search from now on. */
  private letGo(over: SearchIndexOverBudget): void {
    if (this.overBudget) return;
    this.overBudget = over;
    this.index = undefined;
    this.touched = undefined;
    this.onOverBudget(over);
  }

  private build(): Promise<void> {
    if (this.overBudget) return Promise.resolve();
    this.building ??= (async () => {
      const began = performance.now();
      const touched = new Set<string>();
      this.touched = touched;
      let next = new BitmapIndex();
      let restored: { index: BitmapIndex; replayed: number } | undefined;
      try {
        restored = await this.fromSnapshot().catch((err: unknown) => {
          this.onSnapshot({ kind: 'refused', reason: `it could not be checked: ${String(err)}` });
          return undefined;
        });
        if (restored && restored.index.bytes > this.maxBytes) {
          const { bytes, size } = restored.index;
          this.letGo({ bytes, maxBytes: this.maxBytes, documents: size });
          return;
        }
        if (restored) {
          next = restored.index;
          // Kept for the next start, so it does not replay them again.
          this.unsaved += restored.replayed;
        }
        for (let after = -1; !restored && !this.closed; ) {
          const rows = await this.db.all<{ id: number; urn: string; row: string }>(
            sql('SELECT id, urn, row FROM search_doc WHERE id > ? ORDER BY id LIMIT ?', after, this.buildChunk),
          );
          await new Slices().each(rows, (r) => next.put(r.urn, r.row, () => JSON.parse(r.row) as SearchRow));
          if (next.bytes > this.maxBytes) {
            this.letGo({ bytes: next.bytes, maxBytes: this.maxBytes, documents: next.size });
            return;
          }
          const last = rows.at(-1);
          if (!last || rows.length < this.buildChunk) break;
          after = Number(last.id);
        }
        while (touched.size > 0 && !this.closed) {
          const urns = [...touched];
          touched.clear();
          const rows = await this.read(urns);
          for (const urn of urns) putOrRemove(next, urn, rows.get(urn));
        }
        next.settle();
        // Cleared meanwhile: the empty index that replaced it is current.
        if (this.touched === touched && !this.overBudget) {
          this.index = next;
          // What the load decoded, and the index it replaces, if any, collected before it is used.
          if (restored && next.size >= COLLECT_AFTER_LOADING) collectGarbage();
          const ms = performance.now() - began;
          this.onBuilt(
            restored
              ? { documents: next.size, ms, from: 'snapshot', replayed: restored.replayed }
              : { documents: next.size, ms, from: 'documents' },
          );
          if (!restored) void this.saveAndCompact();
          // A start that replayed many changes has them in maps: written and loaded back flat.
          else if (this.loose(next)) void this.saveAndCompact();
        }
      } finally {
        if (this.touched === touched) this.touched = undefined;
        this.building = undefined;
      }
    })();
    return this.building;
  }

  /**
   * After the index has been written to the snapshot (after a build from the documents, or once many
   * documents were added to a loaded one): the index loaded from it (and the changes since replayed)
   * in its place, its terms flat rather than in maps. Searches go to the current index meanwhile.
   */
  private compact(written: boolean): void {
    if (!written || this.closed || this.building || !this.index || !this.loose(this.index)) return;
    this.snapshotTried = false;
    void this.build().catch(() => undefined);
  }

  /** One turn of following the change log: the urns of events after the last followed offset. */
  private async follow(): Promise<void> {
    for (;;) {
      await this.db.sequenceChangeLog?.();
      const events = await this.eventsAfter(this.followed);
      if (events.length === 0 && this.retry.size === 0) return;
      const theirs: typeof events = [];
      for (const e of events) {
        const commit = this.own.get(Number(e.offset));
        if (commit) this.own.delete(Number(e.offset));
        if (commit && commit.ok === undefined) await commit.done;
        if (!commit?.ok) theirs.push(e);
      }
      const urns = [...new Set([...this.retry, ...theirs.map((e) => e.urn)])];
      this.retry.clear();
      this.recent = new Set();
      const rows = await this.read(urns);
      await new Slices().each(urns, (urn) => {
        // Applied by this process after the read began: what was read may be older.
        if (this.recent.has(urn)) this.retry.add(urn);
        else this.apply(urn, rows.get(urn));
      });
      const last = events.at(-1);
      if (last) this.followed = Number(last.offset);
      // Offsets noted after the follower had read past them.
      for (const offset of this.own.keys()) if (offset <= this.followed) this.own.delete(offset);
      this.unsaved += urns.length;
      this.recycle();
      if (events.length < FOLLOW_CHUNK) return;
    }
  }
}

/** A document's stored text put in the index, or the document removed when it has none. */
function putOrRemove(index: BitmapIndex, urn: string, json: string | undefined, row?: () => SearchRow): void {
  if (json === undefined) index.remove(urn);
  else index.put(urn, json, row ?? (() => JSON.parse(json) as SearchRow));
}
