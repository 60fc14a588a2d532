/**
 * The one ingestion source this service runs itself: DataHub's `file` source, a path (file or
 * folder) of MetadataChangeEvents and MetadataChangeProposals, read as `catalog ingest` reads them
 * and written through the write path under the run's id, so the run can be rolled back. It reads
 * only inside the ingestion root (fileRoot.ts), a file at a time.
 */
import { metadataItems, type MetadataItem } from './metadataFiles.js';
import type { Registry } from '../../registry/registry.js';
import type { FileRoot } from './fileRoot.js';
import { parseProposal, type Proposal } from '../../write/proposals.js';
import { snapshotToProposals } from '../../write/snapshots.js';
import type { WritePath } from '../../write/writePath.js';

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
  root: FileRoot,
  path: string,
  run: { runId: string; actor: string; now: () => number; cancelled: () => Promise<boolean> },
): Promise<FileRunReport> {
  const files = await root.list(path);
  const report: FileRunReport = { files: files.length, eventsProduced: 0, recordsWritten: 0, aspects: {}, failures: [], cancelled: false };
  const systemMetadata = { runId: run.runId, lastObserved: run.now() };
  for (const file of files) {
    if (await run.cancelled()) report.cancelled = true;
    else await oneFileAtATime(() => ingestFile(registry, writePath, root, file, systemMetadata, run, report));
    if (report.cancelled) break;
  }
  return report;
}

/**
 * Files read and written at once, across every run of this process: each is held whole in memory,
 * parsed, until it is written, so this bounds what concurrent runs take (a few times
 * MAX_FILE_BYTES each).
 */
const FILES_AT_ONCE = 2;
let filesOpen = 0;
const waiting: Array<() => void> = [];

async function oneFileAtATime<T>(fn: () => Promise<T>): Promise<T> {
  if (filesOpen < FILES_AT_ONCE) filesOpen++;
  // A slot freed is handed on to the next in line, not given back.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else filesOpen--;
  }
}

/** Reads one file and writes its items in batches, noting what failed; stops between batches when the run is cancelled. */
async function ingestFile(
  registry: Registry,
  writePath: WritePath,
  root: FileRoot,
  file: string,
  systemMetadata: { runId: string; lastObserved: number },
  run: { actor: string; cancelled: () => Promise<boolean> },
  report: FileRunReport,
): Promise<void> {
  let text: string;
  try {
    text = await root.read(file);
  } catch (err) {
    report.failures.push({ source: file, reason: (err as Error).message });
    return;
  }
  const items = metadataItems(text, file);
  report.eventsProduced += items.length;

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
      return;
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
