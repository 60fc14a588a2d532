/**
 * The one write path. Every change — REST proposals and snapshots, GraphQL mutations, the CLI,
 * rollback — arrives here as validated proposals and is applied in one transaction: the new aspect
 * version, the entity's key and default aspects on its first write, the change log, and the access
 * generation when what access checks read changed.
 */
import { ACCESS_GENERATION, changesAccess } from '../auth/accessGeneration.js';
import { explained, type Authorizer, type Grant } from '../auth/authorizer.js';
import { MANAGE_INGESTION, proposalsRequirements, type Requirement } from '../auth/requirements.js';
import { canonicalJson, jsonEqual } from '../json.js';
import { defaultBrowsePaths, defaultBrowsePathsV2 } from '../indexing/browsePaths.js';
import type { Registry } from '../registry/registry.js';
import type { AspectSpec, EntitySpec } from '../registry/types.js';
import {
  DEFAULT_RUN_ID,
  type AspectRow,
  type ChangeLogEvent,
  type ChangeType,
  type Store,
  type StoreTx,
  type SystemMetadata,
} from '../store/types.js';
import { parseUrn } from '../urn.js';
import { conflict } from '../errors.js';
import { reindex } from './indexer.js';
import { checkEditedValue, type Proposal } from './proposals.js';
import { checkAgainstStore } from './aspectChecks.js';
import { Slices } from '../slices.js';
import { SYSTEM_ACTOR } from '../actors.js';
import { buildProposal } from './proposals.js';
import { type AspectRead, revealedPair, SIBLING_RULE, siblingValues, triggersSiblings } from './siblingAssociation.js';

export interface WriteContext {
  /** Urn of the user the write is made for. */
  actor: string;
  /**
   * The actor's passing of a check made by the caller, for operations with their own rule; without
   * it, every proposal needs its aspect's privilege (auth/requirements.ts).
   */
  grant?: Grant;
}

export interface WriteResult {
  /** Urns of the proposals, in order. */
  urns: string[];
  /** Number of aspect versions and timeseries points written (identical UPSERTs write none). */
  written: number;
  /** What DELETEs removed: aspect rows (every version) and timeseries points. */
  removed: { rows: number; timeseriesRows: number };
}

/**
 * Proposals above which a batch is a bulk transaction: on SQLite it runs on the writer's thread,
 * where its statements and its COMMIT hold no request; smaller ones run where a statement costs no
 * message (store/sqlite/groupCommit.ts). The bench's loader sends 100 a request.
 */
const BULK_PROPOSALS = 100;
const BROWSE_PATHS = 'browsePaths';
const BROWSE_PATHS_V2 = 'browsePathsV2';

export interface WritePathOptions {
  now?: () => number;
  /** Told after each commit (the change feed wakes its followers). */
  committed?: () => void;
  /** Versions kept per aspect, the latest included (0: all). */
  maxVersions?: number;
}

export const DEFAULT_MAX_VERSIONS = 20;

export interface RollbackOptions {
  /** Entities the run created are hard-deleted (else soft-deleted: status removed). */
  hardDeleteCreated: boolean;
}

export class WritePath {
  private readonly now: () => number;
  private readonly committed: () => void;
  private readonly maxVersions: number;

  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
    options: WritePathOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.committed = options.committed ?? (() => undefined);
    this.maxVersions = options.maxVersions ?? DEFAULT_MAX_VERSIONS;
  }

  /** The caller's grant for this actor stands for the check; otherwise the requirements are checked here. */
  private async authorize(ctx: WriteContext, requirements: readonly Requirement[]): Promise<void> {
    if (ctx.grant?.actor !== ctx.actor) await this.authorizer.require(ctx.actor, requirements, explained(ctx.actor));
  }

  async apply(proposals: readonly Proposal[], ctx: WriteContext): Promise<WriteResult> {
    if (proposals.length === 0) return { urns: [], written: 0, removed: { rows: 0, timeseriesRows: 0 } };
    // Checked before the transaction opens: a refused batch writes nothing and holds no lock.
    await this.authorize(ctx, proposalsRequirements(proposals));
    const result = await this.store.transaction(
      async (tx) => {
        // A big batch lets other requests in between slices; its transaction stays open, so nothing of it is seen before it commits.
        const slices = new Slices();
        const batch = new Batch(tx, this.registry, proposals, ctx, this.now(), this.maxVersions);
        // One locking read for the whole batch, rather than one or more per proposal.
        await tx.lockLatest(await latestRead(proposals, slices));
        for (const p of proposals) {
          await batch.apply(p);
          await slices.pause();
        }
        // Derived rows are written in the same transaction: a read right after the write sees them.
        // An entity whose aspects did not change (an identical re-ingest) keeps the rows it has.
        await reindex(tx, this.registry, [...batch.changed.keys()], batch.changed);
        await batch.appendChangeLog(slices);
        return { urns: proposals.map((p) => p.urn), written: batch.written, removed: batch.removed };
      },
      { bulk: proposals.length > BULK_PROPOSALS },
    );
    if (result.written > 0 || result.removed.rows > 0 || result.removed.timeseriesRows > 0) this.committed();
    return result;
  }

  /**
   * Undoes what an ingestion run wrote to these entities, in one transaction: every version the run
   * wrote is removed and the newest surviving version restored as the latest (rest.md §4.4); its
   * timeseries points go; an entity the run created (its key aspect) is hard- or soft-deleted.
   * Needs MANAGE_INGESTION (or a grant from the caller).
   */
  async rollback(runId: string, urns: readonly string[], options: RollbackOptions, ctx: WriteContext): Promise<WriteResult> {
    await this.authorize(ctx, [MANAGE_INGESTION]);
    const result = await this.store.transaction(async (tx) => {
      const batch = new Batch(tx, this.registry, [], ctx, this.now(), this.maxVersions);
      const slices = new Slices();
      for (const urn of urns) {
        await batch.rollback(urn, runId, options);
        await slices.pause();
      }
      await reindex(tx, this.registry, urns);
      await batch.appendChangeLog(slices);
      return { urns: [...urns], written: batch.written, removed: batch.removed };
    });
    this.committed();
    return result;
  }
}

/** The latest versions a batch reads as it applies: each entity's key and default aspects, and each versioned aspect written. */
async function latestRead(proposals: readonly Proposal[], slices: Slices): Promise<Array<{ urn: string; aspect: string }>> {
  const keys = new Map<string, { urn: string; aspect: string }>();
  const add = (urn: string, aspect: string) => keys.set(`${urn} ${aspect}`, { urn, aspect });
  await slices.each(proposals, (p) => {
    if (p.changeType === 'DELETE') return;
    add(p.urn, p.entity.keyAspect.name);
    for (const name of [BROWSE_PATHS, BROWSE_PATHS_V2]) if (p.entity.aspects.has(name)) add(p.urn, name);
    if (p.aspect.kind === 'versioned') add(p.urn, p.aspect.name);
  });
  return [...keys.values()];
}

/** One transaction's worth of proposals, with what it has learnt about the entities it touches. */
class Batch {
  written = 0;
  readonly removed = { rows: 0, timeseriesRows: 0 };
  /** Entities with a versioned aspect written or removed, in first-change order, with the values written. */
  readonly changed = new Map<string, Map<string, Record<string, unknown>>>();

  private changedAspects(urn: string): Map<string, Record<string, unknown>> {
    let aspects = this.changed.get(urn);
    if (!aspects) {
      aspects = new Map();
      this.changed.set(urn, aspects);
    }
    return aspects;
  }
  /** Change log events, appended last: on PostgreSQL appending takes the lock that orders commits, so it is held briefly. */
  private readonly events: ChangeLogEvent[] = [];
  private readonly known = new Set<string>();
  /** Who the batch writes as: the caller, or the system for the writes the write path derives. */
  private actor: string;
  /** `<urn> <aspect>` of what the batch's proposals write: a default is not written where the batch brings a value. */
  private readonly proposed: ReadonlySet<string>;

  constructor(
    private readonly tx: StoreTx,
    private readonly registry: Registry,
    proposals: readonly Proposal[],
    ctx: WriteContext,
    private readonly time: number,
    private readonly maxVersions: number,
  ) {
    this.actor = ctx.actor;
    this.proposed = new Set(proposals.filter((q) => q.changeType !== 'DELETE').map((q) => `${q.urn} ${q.aspect.name}`));
  }

  async apply(p: Proposal): Promise<void> {
    const sm = withDefaults(p.systemMetadata, this.time);
    if (p.changeType === 'DELETE') return this.delete(p, sm);
    if (p.changeType === 'CREATE_ENTITY' && (await this.entityExists(p))) throw conflict(`entity ${p.urn} already exists`);
    // Every writer locks an entity's key before its other aspects, so writers of one entity never deadlock.
    await this.ensureEntity(p, sm);
    if (p.aspect.kind === 'timeseries') return this.writeTimeseries(p, p.value!, sm);
    const current = await this.tx.getLatest(p.urn, p.aspect.name);
    if (p.changeType === 'CREATE' && current) throw conflict(`aspect ${p.aspect.name} of ${p.urn} already exists`);
    // An edit is applied to the latest value here, inside the transaction, so concurrent edits do not lose each other.
    const value = p.edit ? checkEditedValue(this.registry, p.aspect, p.edit(current?.value, this.time), current?.value) : p.value!;
    await checkAgainstStore(this.tx, p.urn, p.aspect.name, value, current?.value);
    await this.upsert(p.entity, p.urn, p.aspect, value, sm, p.changeType, current);
    if (triggersSiblings(p.entity.name, p.aspect.name)) await this.associateSiblings(p.urn);
  }

  /**
   * The siblings a written aspect reveals (write/siblingAssociation.ts), written here by the system
   * actor as any write is, so their index rows, change log and history follow in this transaction.
   */
  private async associateSiblings(urn: string): Promise<void> {
    const read: AspectRead = async (u, aspect) => (await this.tx.getLatest(u, aspect))?.value;
    const pair = await revealedPair(urn, read);
    if (!pair) return;
    const entities = [pair.dbt, pair.other].map((u) => ({ urn: u, entity: this.registry.entityOfUrn(u) }));
    const locks = entities.flatMap(({ urn: u, entity }) =>
      entity
        ? [
            { urn: u, aspect: entity.keyAspect.name },
            { urn: u, aspect: SIBLING_RULE.siblingsAspect },
          ]
        : [],
    );
    if (locks.length < 4) return;
    // Read-modify-write: the siblings are locked before they are read, so a concurrent writer waits.
    await this.tx.lockLatest(locks);
    const writes = await siblingValues(pair, read);
    const actor = this.actor;
    this.actor = SYSTEM_ACTOR;
    try {
      for (const w of writes) await this.apply(buildProposal(this.registry, w.urn, SIBLING_RULE.siblingsAspect, 'UPSERT', w.value));
    } finally {
      this.actor = actor;
    }
  }

  private async entityExists(p: Proposal): Promise<boolean> {
    return this.known.has(p.urn) || (await this.tx.getLatest(p.urn, p.entity.keyAspect.name)) !== undefined;
  }

  /** On an entity's first write, its key aspect and default browse paths (of both flavours) are written too. */
  private async ensureEntity(p: Proposal, sm: DefaultedSystemMetadata): Promise<void> {
    if (this.known.has(p.urn)) return;
    this.known.add(p.urn);
    if (await this.tx.getLatest(p.urn, p.entity.keyAspect.name)) return;
    const key = this.registry.keyFromUrn(p.entity, parseUrn(p.urn));
    await this.upsert(p.entity, p.urn, p.entity.keyAspect, key, sm, 'UPSERT', undefined);
    const defaults: Array<[string, () => Record<string, unknown>]> = [
      [BROWSE_PATHS, () => ({ paths: defaultBrowsePaths(p.entity, key) })],
      [BROWSE_PATHS_V2, () => defaultBrowsePathsV2(p.entity, key)],
    ];
    for (const [name, value] of defaults) {
      const aspect = p.entity.aspects.get(name);
      if (!aspect || this.proposed.has(`${p.urn} ${name}`)) continue;
      if (!(await this.tx.getLatest(p.urn, name))) await this.upsert(p.entity, p.urn, aspect, value(), sm, 'UPSERT', undefined);
    }
  }

  /**
   * Versioning: v0 is the latest, history 1..N oldest first. A changed value moves the old v0 to
   * N+1; an identical value writes no version and only refreshes lastObserved and lastRunId (runId
   * stays that of the write that produced the value).
   */
  private async upsert(
    entity: EntitySpec,
    urn: string,
    aspect: AspectSpec,
    value: Record<string, unknown>,
    sm: DefaultedSystemMetadata,
    changeType: ChangeType,
    current: AspectRow | undefined,
  ): Promise<void> {
    if (current && jsonEqual(current.value, value)) {
      const refreshed: SystemMetadata = { ...(current.systemMetadata ?? {}), lastObserved: sm.lastObserved, lastRunId: sm.runId };
      await this.tx.putSystemMetadata(urn, aspect.name, 0, refreshed);
      return;
    }
    if (current) {
      const max = await this.tx.getMaxVersion(urn, aspect.name);
      await this.tx.putAspect({ ...current, version: max + 1 });
      // Retention: the latest and the newest maxVersions - 1 history rows are kept.
      const below = max + 3 - this.maxVersions;
      if (this.maxVersions > 0 && below > 1) await this.tx.deleteHistoryBelow(urn, aspect.name, below);
    }
    const systemMetadata: SystemMetadata = { ...sm, lastRunId: sm.runId };
    await this.tx.putAspect({
      urn,
      aspect: aspect.name,
      version: 0,
      value,
      systemMetadata,
      createdOn: this.time,
      createdBy: this.actor,
    });
    this.log(entity, urn, { changeType, aspectName: aspect.name, aspect: value, systemMetadata, ...previous(current) });
    this.written++;
    this.changedAspects(urn).set(aspect.name, value);
  }

  /** Queues a change log event of an entity, stamped with the batch's actor and time. */
  private log(entity: EntitySpec, urn: string, change: Omit<ChangeLogEvent, 'entityType' | 'entityUrn' | 'created'>): void {
    this.events.push({ entityType: entity.name, entityUrn: urn, ...change, created: { actor: this.actor, time: this.time } });
  }

  /**
   * Appends the batch's change log events, in one go: the last statement before commit. When one of
   * them changes what access checks read, the access generation is bumped just before, in the same
   * transaction, so caches of it on every replica reload from the next request (the generation's
   * row is then locked until commit, which every writer reaches next).
   */
  async appendChangeLog(slices: Slices): Promise<void> {
    if (this.events.some((e) => changesAccess(this.registry.entities.get(e.entityType), e.aspectName, e.changeType)))
      await this.tx.bumpGeneration(ACCESS_GENERATION);
    await this.tx.appendChangeLog(this.events);
    await slices.pause();
  }

  /** Undoes what a run wrote to one entity (see WritePath.rollback). */
  async rollback(urn: string, runId: string, options: RollbackOptions): Promise<void> {
    this.removed.timeseriesRows += await this.tx.deleteTimeseries(urn, undefined, { runId });
    const entity = this.registry.entityOfUrn(urn);
    if (!entity) return;
    const aspects = [...new Set((await this.tx.getRunRows(urn, runId)).map((r) => r.aspect))];
    const key = entity.keyAspect;
    for (const name of aspects) if (name !== key.name) await this.rollbackAspect(entity, urn, name, runId);
    if (!aspects.includes(key.name)) return;
    // The run created the entity.
    const sm = withDefaults(undefined, this.time);
    if (options.hardDeleteCreated) {
      await this.delete({ entity, urn, aspect: key, changeType: 'DELETE' }, sm);
    } else {
      const status = entity.aspects.get('status');
      if (status) await this.upsert(entity, urn, status, { removed: true }, sm, 'UPSERT', await this.tx.getLatest(urn, status.name));
    }
  }

  /** Removes the versions of one aspect the run wrote; the newest surviving one becomes the latest. */
  private async rollbackAspect(entity: EntitySpec, urn: string, name: string, runId: string): Promise<void> {
    const versions = await this.tx.getVersions(urn, name);
    const byRun = (r: AspectRow) => r.systemMetadata?.runId === runId;
    for (const v of versions) {
      if (v.version > 0 && byRun(v)) {
        await this.tx.deleteVersion(urn, name, v.version);
        this.removed.rows++;
      }
    }
    const latest = versions.find((v) => v.version === 0);
    if (!latest || !byRun(latest)) return;
    this.removed.rows++;
    const survivor = versions.filter((v) => v.version > 0 && !byRun(v)).sort((a, b) => b.version - a.version)[0];
    if (survivor) {
      await this.tx.putAspect({ ...survivor, version: 0 });
      await this.tx.deleteVersion(urn, name, survivor.version);
      this.log(entity, urn, {
        changeType: 'UPSERT',
        aspectName: name,
        aspect: survivor.value,
        ...(survivor.systemMetadata ? { systemMetadata: survivor.systemMetadata } : {}),
        ...previous(latest),
      });
    } else {
      await this.tx.deleteVersion(urn, name, 0);
      this.log(entity, urn, { changeType: 'DELETE', aspectName: name, ...previous(latest) });
    }
  }

  /** Timeseries points are not versioned: a point with the same identity replaces the earlier one. */
  private async writeTimeseries(p: Proposal, value: Record<string, unknown>, sm: DefaultedSystemMetadata): Promise<void> {
    await this.tx.putTimeseries({
      urn: p.urn,
      aspect: p.aspect.name,
      timestampMillis: value.timestampMillis as number,
      eventGranularity: value.eventGranularity === undefined ? '' : canonicalJson(value.eventGranularity),
      partition: value.partitionSpec === undefined ? '' : canonicalJson(value.partitionSpec),
      messageId: typeof value.messageId === 'string' ? value.messageId : '',
      value,
      systemMetadata: sm,
    });
    this.log(p.entity, p.urn, { changeType: 'UPSERT', aspectName: p.aspect.name, aspect: value, systemMetadata: sm });
    this.written++;
  }

  /**
   * DELETE removes an aspect with its history, or the points of a timeseries aspect (within the
   * proposal's window). Deleting the key aspect removes the entity: every version of every aspect
   * and every timeseries point (its derived rows follow in the reindex).
   */
  private async delete(p: Proposal, sm: DefaultedSystemMetadata): Promise<void> {
    const isKey = p.aspect === p.entity.keyAspect;
    if (p.aspect.kind === 'timeseries') {
      this.removed.timeseriesRows += await this.tx.deleteTimeseries(p.urn, p.aspect.name, p.window);
      return;
    }
    if (isKey) this.removed.timeseriesRows += await this.tx.deleteTimeseries(p.urn);
    // One read finds the aspects the entity has, rather than one per aspect its type could have.
    const latest = isKey ? ((await this.tx.getLatestAspects([p.urn])).get(p.urn) ?? []) : [await this.tx.getLatest(p.urn, p.aspect.name)];
    for (const current of latest) {
      if (!current) continue;
      const name = current.aspect;
      this.removed.rows += await this.tx.deleteAspect(p.urn, name);
      this.changedAspects(p.urn).delete(name);
      this.log(p.entity, p.urn, { changeType: 'DELETE', aspectName: name, systemMetadata: sm, ...previous(current) });
      this.written++;
    }
    this.known.delete(p.urn);
  }
}

/** The previous value and system metadata of a change, when there was one. */
function previous(row: AspectRow | undefined): Pick<ChangeLogEvent, 'previousAspectValue' | 'previousSystemMetadata'> {
  if (!row) return {};
  return { previousAspectValue: row.value, ...(row.systemMetadata ? { previousSystemMetadata: row.systemMetadata } : {}) };
}

/** SystemMetadata once the write path has applied GMS's defaults. */
type DefaultedSystemMetadata = SystemMetadata & { lastObserved: number; runId: string; lastRunId: string };

/** SystemMetadata defaults of GMS: a missing run id is `no-run-id-provided`, lastObserved is now. */
export function withDefaults(sm: SystemMetadata | undefined, now: number): DefaultedSystemMetadata {
  return {
    ...sm,
    lastObserved: sm?.lastObserved || now,
    runId: sm?.runId ?? DEFAULT_RUN_ID,
    lastRunId: sm?.lastRunId ?? DEFAULT_RUN_ID,
  };
}
