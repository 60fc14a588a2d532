/**
 * Ingestion runs: every write records its run id (systemMetadata.runId); runs can be listed,
 * described row by row, and rolled back (rest.md §2.13) in batches of entities, each batch one
 * transaction of the write path.
 */
import { explained, type Authorizer } from '../../auth/authorizer.js';
import { hiddenFrom } from '../../auth/hidden.js';
import { MANAGE_INGESTION } from '../../auth/requirements.js';
import type { Registry } from '../../registry/registry.js';
import { DEFAULT_RUN_ID, type AspectRow, type Store } from '../../store/types.js';
import { badRequest } from '../../errors.js';
import type { WritePath } from '../../write/writePath.js';

export interface AspectRowSummary {
  runId: string;
  aspectName: string;
  urn: string;
  timestamp: number;
  /** The aspect value as JSON text. */
  metadata: string;
  version: number;
  keyAspect: boolean;
  aspect?: Record<string, unknown>;
}

export interface RollbackResponse {
  aspectRowSummaries: AspectRowSummary[];
  entitiesAffected: number;
  aspectsAffected: number;
  entitiesDeleted: number;
  aspectsReverted: number;
  unsafeEntitiesCount: number;
  unsafeEntities: Array<{ urn: string }>;
}

const SUMMARY_ROWS = 100;
const PAGE = 1000;
const BATCH_URNS = 100;

export class RunService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
  ) {}

  async list(start: number, count: number) {
    return this.store.listRuns(start, count);
  }

  /** The rows a run wrote, but those the actor may not see (tokens, policies, password hashes without their privilege). */
  async describe(runId: string, start: number, count: number, includeAspect: boolean, actor: string): Promise<AspectRowSummary[]> {
    const hidden = await hiddenFrom(this.authorizer, this.registry, actor);
    const rows = await this.store.runAspectRows(runId, start, count);
    const seen = hidden.none ? rows : rows.filter((r) => !hidden.hides(this.registry.entityOfUrn(r.urn)?.name ?? '', r.aspect));
    return seen.map((r) => this.summary(r, includeAspect));
  }

  /**
   * Rolls a run back (or, with dryRun, says what that would do). Entities the run created are
   * hard-deleted, or soft-deleted when `safe`; "unsafe" entities are those among them that also
   * hold aspects written by other runs, which a hard delete takes with it.
   */
  async rollback(runId: string, options: { dryRun: boolean; safe: boolean }, actor: string): Promise<RollbackResponse> {
    if (!runId.trim()) throw badRequest('runId must not be empty');
    // Every write without a run id carries it: rolling it back would undo everything ever written so.
    if (runId === DEFAULT_RUN_ID)
      throw badRequest(
        `${DEFAULT_RUN_ID} is a default run-id provided for non labeled ingestion runs. You cannot delete using this reserved run-id`,
      );
    const grant = await this.authorizer.require(actor, [MANAGE_INGESTION], explained(actor));
    // The rows it undoes are counted, but shown only where the actor may see them.
    const hidden = await hiddenFrom(this.authorizer, this.registry, actor);

    const summaries: AspectRowSummary[] = [];
    const created = new Set<string>();
    const reverted = new Set<string>();
    let aspectsAffected = 0;
    for (let start = 0; ; start += PAGE) {
      const rows = await this.store.runAspectRows(runId, start, PAGE);
      for (const r of rows) {
        const summary = this.summary(r, false);
        if (summaries.length < SUMMARY_ROWS && !hidden.hides(this.registry.entityOfUrn(r.urn)?.name ?? '', r.aspect))
          summaries.push(summary);
        aspectsAffected++;
        if (summary.keyAspect) created.add(r.urn);
        else if (r.version === 0) reverted.add(`${r.urn}\u0000${r.aspect}`);
      }
      if (rows.length < PAGE) break;
    }
    const unsafe = await this.unsafeEntities(runId, [...created]);

    const urns: string[] = [];
    for (let after: string | undefined; ; ) {
      const page = await this.store.runUrns(runId, after, BATCH_URNS);
      if (page.length === 0) break;
      urns.push(...page);
      after = page[page.length - 1];
    }
    if (!options.dryRun) {
      for (let i = 0; i < urns.length; i += BATCH_URNS) {
        await this.writePath.rollback(runId, urns.slice(i, i + BATCH_URNS), { hardDeleteCreated: !options.safe }, { actor, grant });
      }
    }
    return {
      aspectRowSummaries: summaries,
      entitiesAffected: urns.length,
      aspectsAffected,
      entitiesDeleted: created.size,
      aspectsReverted: reverted.size,
      unsafeEntitiesCount: unsafe.length,
      unsafeEntities: unsafe.map((urn) => ({ urn })),
    };
  }

  /** Entities the run created that hold latest aspects written by other runs too. */
  private async unsafeEntities(runId: string, created: string[]): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < created.length; i += PAGE) {
      const latest = await this.store.getLatestAspects(created.slice(i, i + PAGE));
      for (const [urn, rows] of latest) if (rows.some((r) => r.systemMetadata?.runId !== runId)) out.push(urn);
    }
    return out.sort();
  }

  private summary(r: AspectRow, includeAspect: boolean): AspectRowSummary {
    const entity = this.registry.entityOfUrn(r.urn);
    return {
      runId: r.systemMetadata?.runId ?? '',
      aspectName: r.aspect,
      urn: r.urn,
      timestamp: r.createdOn,
      metadata: JSON.stringify(r.value),
      version: r.version,
      keyAspect: entity?.keyAspect.name === r.aspect,
      ...(includeAspect ? { aspect: r.value } : {}),
    };
  }
}
