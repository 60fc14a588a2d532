/**
 * Ingest as DataHub's clients send it: MetadataChangeProposals (`ingestProposal`, one or a batch) and
 * legacy snapshots (`/entities?action=ingest`). Each request is checked whole against the registry
 * (write/proposals.ts, write/snapshots.ts) and written in one transaction of the write path, which
 * authorizes it; a bad item is a 400 naming it, and nothing of the request is written.
 */
import { badRequest, precondition } from '../../errors.js';
import { isPlainObject } from '../../json.js';
import type { Registry } from '../../registry/registry.js';
import type { SystemMetadata } from '../../store/types.js';
import { parseProposal, parseProposals, parseSystemMetadata, withItem } from '../../write/proposals.js';
import { snapshotToProposals } from '../../write/snapshots.js';
import { withDefaults, type WritePath } from '../../write/writePath.js';
import { newTraceId, withTraceId } from './writeTraces.js';

/** One proposal of a batch once written, as DataHub's OpenAPI answers a write. */
export interface WrittenAspect {
  urn: string;
  entityName: string;
  aspectName: string;
  /** The value as checked and written; absent for a PATCH (its value is computed in the write) and a DELETE. */
  value?: Record<string, unknown>;
  /** The system metadata of the request, GMS's defaults filled in. */
  systemMetadata: SystemMetadata;
  /** Who asked, and when. */
  auditStamp: { actor: string; time: number };
}

export interface TracedWrite {
  written: WrittenAspect[];
  /** The trace every aspect written carries in its system metadata (domains/entities/writeTraces.ts). */
  traceId: string;
}

export class IngestService {
  constructor(
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes one proposal; the urn written. */
  async proposal(proposal: Record<string, unknown>, actor: string): Promise<string> {
    const { urns } = await this.writePath.apply([parseProposal(this.registry, proposal)], { actor });
    return urns[0]!;
  }

  /** Writes a batch of proposals in one transaction; the urns written, in order. */
  async proposals(proposals: readonly unknown[], actor: string): Promise<string[]> {
    const { urns } = await this.writePath.apply(await parseProposals(this.registry, proposals), { actor });
    return urns;
  }

  /**
   * Writes a batch of proposals in one transaction, traced: each aspect's system metadata carries
   * the trace id answered. `labels` name the items in errors (else `proposals[i]`).
   */
  async traced(proposals: readonly unknown[], actor: string, labels?: readonly string[]): Promise<TracedWrite> {
    const time = this.now();
    const traceId = newTraceId(time);
    const parsed = (await parseProposals(this.registry, proposals, 'proposals', labels)).map((p) =>
      p.changeType === 'DELETE' ? p : { ...p, systemMetadata: withTraceId(p.systemMetadata, traceId) },
    );
    await this.writePath.apply(parsed, { actor });
    const written = parsed.map((p) => ({
      urn: p.urn,
      entityName: p.entity.name,
      aspectName: p.aspect.name,
      ...(p.value ? { value: p.value } : {}),
      systemMetadata: withDefaults(p.systemMetadata, time),
      auditStamp: { actor, time },
    }));
    return { written, traceId };
  }

  /**
   * Writes snapshots in one transaction, each with its own system metadata when given (as many as
   * there are snapshots).
   */
  async snapshots(snapshots: readonly unknown[], actor: string, systemMetadata?: readonly unknown[]): Promise<void> {
    if (systemMetadata && systemMetadata.length !== snapshots.length) {
      throw precondition(
        `systemMetadata has ${systemMetadata.length} items but entities has ${snapshots.length}; they must be the same length`,
      );
    }
    const proposals = snapshots.flatMap((s, i) =>
      withItem(`entities[${i}]`, () => {
        if (!isPlainObject(s)) throw badRequest('must be an object holding a snapshot');
        return snapshotToProposals(this.registry, s, parseSystemMetadata(systemMetadata?.[i]));
      }),
    );
    await this.writePath.apply(proposals, { actor });
  }

  /** Writes one snapshot, with the system metadata applied to each of its aspects. */
  async snapshot(snapshot: Record<string, unknown>, actor: string, systemMetadata?: unknown): Promise<void> {
    await this.writePath.apply(snapshotToProposals(this.registry, snapshot, parseSystemMetadata(systemMetadata)), { actor });
  }
}
