/**
 * Ingest as DataHub's clients send it: MetadataChangeProposals (`ingestProposal`, one or a batch) and
 * legacy snapshots (`/entities?action=ingest`). Each request is checked whole against the registry
 * (write/proposals.ts, write/snapshots.ts) and written in one transaction of the write path, which
 * authorizes it; a bad item is a 400 naming it, and nothing of the request is written.
 */
import { badRequest, precondition } from '../../errors.js';
import { isPlainObject } from '../../json.js';
import type { Registry } from '../../registry/registry.js';
import { parseProposal, parseProposals, parseSystemMetadata, withItem } from '../../write/proposals.js';
import { snapshotToProposals } from '../../write/snapshots.js';
import type { WritePath } from '../../write/writePath.js';

export class IngestService {
  constructor(
    private readonly registry: Registry,
    private readonly writePath: WritePath,
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
