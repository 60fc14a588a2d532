/**
 * restoreIndices: recomputes the derived rows of entities from their aspects, in batches, each
 * batch in its own transaction. The rows it writes are the ones the write path would have written.
 */
import { ACCESS_GENERATION, changesAccess } from '../auth/accessGeneration.js';
import { explained, type Authorizer } from '../auth/authorizer.js';
import { onPlatform } from '../auth/requirements.js';
import type { Registry } from '../registry/registry.js';
import type { Store } from '../store/types.js';
import { badRequest } from '../errors.js';
import { reindex } from './indexer.js';
import { boundedText } from '../limits.js';
import { resolveUrn } from '../registry/resolve.js';
import { tryParseUrn } from '../urn.js';

export interface RestoreArgs {
  urn?: string;
  aspect?: string;
  urnLike?: string;
  start?: number;
  batchSize?: number;
  limit?: number;
}

export interface RestoreResult {
  entities: number;
  batches: number;
  lastUrn?: string;
  timeMs: number;
}

export const DEFAULT_RESTORE_BATCH = 10;

export class RestoreService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * With `urn`, that entity. Otherwise the urns (matching `urnLike`, having `aspect`) from row
   * `start`: at most `limit`, or `batchSize` when only `urnLike` narrows them (as GMS documents it),
   * or all of them.
   */
  async restore(args: RestoreArgs, actor: string): Promise<RestoreResult> {
    await this.authorizer.require(actor, [onPlatform('RESTORE_INDICES_PRIVILEGE')], explained(actor));
    const began = this.now();
    const start = args.start ?? 0;
    const batchSize = args.batchSize ?? DEFAULT_RESTORE_BATCH;
    if (args.aspect !== undefined && !this.registry.aspects.has(args.aspect)) throw badRequest(`Unknown aspect ${args.aspect}`);
    let result: RestoreResult = { entities: 0, batches: 0, timeMs: 0 };
    const apply = async (urns: string[]) => {
      // A batch of a thousand entities takes a few hundred milliseconds: other requests go on between entities.
      await this.store.transaction(async (tx) => {
        await reindex(tx, this.registry, urns);
        // Access checks read edges (a group's members) and removed flags: rebuilt ones count at once.
        if (urns.some((u) => changesAccess(this.registry.entities.get(tryParseUrn(u)?.entityType ?? ''))))
          await tx.bumpGeneration(ACCESS_GENERATION);
      });
      result = {
        ...result,
        entities: result.entities + urns.length,
        batches: result.batches + 1,
        ...(urns.length ? { lastUrn: urns[urns.length - 1] } : {}),
      };
    };
    if (args.urn !== undefined) {
      await apply([resolveUrn(this.registry, args.urn).urnString]);
    } else {
      const max = args.limit ?? (args.urnLike !== undefined ? batchSize : Number.MAX_SAFE_INTEGER);
      // The first batch skips `start` rows; the next ones continue after the last urn restored.
      for (let after: string | undefined; result.entities < max; ) {
        const urns = await this.store.listUrns({
          ...(args.urnLike !== undefined ? { urnLike: boundedText(args.urnLike, 'urnLike') } : {}),
          ...(args.aspect !== undefined ? { aspect: args.aspect } : {}),
          ...(after !== undefined ? { after } : {}),
          start: after === undefined ? start : 0,
          limit: Math.min(batchSize, max - result.entities),
        });
        if (urns.length === 0) break;
        await apply(urns);
        after = urns[urns.length - 1];
      }
      // The index was rewritten in bulk: plans should see what it holds now (import calls this too).
      if (result.entities > 0) await this.store.analyze();
    }
    return { ...result, timeMs: this.now() - began };
  }
}
