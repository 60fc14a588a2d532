/**
 * The one ingestion source this service runs itself: DataHub's `file` source, a path (file or
 * folder) of MetadataChangeEvents and MetadataChangeProposals, read as `catalog ingest` reads them
 * and written through the write path under the run's id, so the run can be rolled back.
 */
import { listMetadataFiles, readMetadataFile, type MetadataItem } from '../cli/metadataFiles.js';
import type { Registry } from '../registry/registry.js';
import { parseProposal, type Proposal } from './proposals.js';
import { snapshotToProposals } from './snapshots.js';
import type { WritePath } from './writePath.js';

const BATCH = 100;

export interface FileRunReport {
  files: number;
  eventsProduced: number;
  recordsWritten: number;
  /** Aspects written, by entity type and aspect name. */
  aspects: Record<string, Record<string, number>>;
  failures: Array<{ source: string; reason: string }>;
  cancelled: boolean;
}

/** The path a `file` recipe names (DataHub's `path`, or the older `filename`). */
export function filePathOf(config: Record<string, unknown> | undefined): string | undefined {
  const path = config?.path ?? config?.filename;
  return typeof path === 'string' && path.trim() ? path : undefined;
}

/** A reason that names what is wrong with an item without quoting the file, which may not be metadata at all. */
const reasonOf = (item: Extract<MetadataItem, { kind: 'unreadable' }>) => (item.reason.startsWith('not JSON') ? 'not JSON' : item.reason);

export async function runFileSource(
  registry: Registry,
  writePath: WritePath,
  path: string,
  run: { runId: string; actor: string; now: () => number; cancelled: () => Promise<boolean> },
): Promise<FileRunReport> {
  const files = await listMetadataFiles([path]);
  const report: FileRunReport = { files: files.length, eventsProduced: 0, recordsWritten: 0, aspects: {}, failures: [], cancelled: false };
  const items = (await Promise.all(files.map(readMetadataFile))).flat();
  report.eventsProduced = items.length;
  const systemMetadata = { runId: run.runId, lastObserved: run.now() };

  const ready: Array<{ source: string; proposals: Proposal[] }> = [];
  for (const item of items) {
    try {
      if (item.kind === 'unreadable') throw new Error(reasonOf(item));
      const proposals =
        item.kind === 'proposal'
          ? [
              parseProposal(registry, {
                ...item.proposal,
                systemMetadata: { ...(item.proposal.systemMetadata as object | undefined), ...systemMetadata },
              }),
            ]
          : snapshotToProposals(registry, item.entity, { ...(item.systemMetadata as object | undefined), ...systemMetadata });
      ready.push({ source: item.source, proposals });
    } catch (err) {
      report.failures.push({ source: item.source, reason: (err as Error).message });
    }
  }

  for (let i = 0; i < ready.length; i += BATCH) {
    if (await run.cancelled()) {
      report.cancelled = true;
      break;
    }
    const batch = ready.slice(i, i + BATCH);
    try {
      await write(
        writePath,
        batch.flatMap((b) => b.proposals),
        run.actor,
        report,
      );
    } catch {
      // One bad item refuses its batch: write the batch's items singly to find every bad one.
      for (const b of batch) {
        try {
          await write(writePath, b.proposals, run.actor, report);
        } catch (err) {
          report.failures.push({ source: b.source, reason: (err as Error).message });
        }
      }
    }
  }
  return report;
}

async function write(writePath: WritePath, proposals: Proposal[], actor: string, report: FileRunReport): Promise<void> {
  await writePath.apply(proposals, { actor });
  report.recordsWritten += proposals.length;
  for (const p of proposals) {
    const byAspect = report.aspects[p.entity.name] ?? {};
    report.aspects[p.entity.name] = byAspect;
    byAspect[p.aspect.name] = (byAspect[p.aspect.name] ?? 0) + 1;
  }
}
