/**
 * `catalog ingest <file|dir>…`: sends metadata files to a running catalog in batches, with a
 * progress bar and a closing summary. A batch the server rejects is retried item by item, so one bad
 * item is reported with its reason and the rest still land.
 */
import cliProgress from 'cli-progress';
import { CatalogClient, HttpError } from './client.js';
import { listMetadataFiles, readMetadataFile, type MetadataItem } from '../domains/ingestion/metadataFiles.js';

export interface IngestOptions {
  server: string;
  token?: string;
  batchSize: number;
  /** Where the progress bar and summary go. */
  out?: NodeJS.WritableStream;
}

export interface IngestSummary {
  files: number;
  items: number;
  written: number;
  rejected: Array<{ source: string; reason: string }>;
}

type Sendable = Exclude<MetadataItem, { kind: 'unreadable' }>;

/** Items of one kind; a batch is never empty. */
type Batch = [Sendable, ...Sendable[]];

async function send(client: CatalogClient, batch: Batch): Promise<void> {
  if (batch[0].kind === 'proposal') {
    await client.post('/aspects?action=ingestProposalBatch', {
      proposals: batch.map((b) => (b as Extract<Sendable, { kind: 'proposal' }>).proposal),
      async: 'false',
    });
  } else {
    const snaps = batch as Array<Extract<Sendable, { kind: 'snapshot' }>>;
    await client.post('/entities?action=batchIngest', {
      entities: snaps.map((s) => s.entity),
      ...(snaps.some((s) => s.systemMetadata) ? { systemMetadata: snaps.map((s) => s.systemMetadata ?? {}) } : {}),
    });
  }
}

/** Consecutive items of one kind, at most `size` at a time, so file order is kept. */
function batches(items: readonly Sendable[], size: number): Batch[] {
  const out: Batch[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (last && last.length < size && last[0].kind === item.kind) last.push(item);
    else out.push([item]);
  }
  return out;
}

export async function ingestFiles(paths: readonly string[], options: IngestOptions): Promise<IngestSummary> {
  const out = options.out ?? process.stderr;
  const client = new CatalogClient(options.server, options.token);
  const files = await listMetadataFiles(paths);
  const items = (await Promise.all(files.map(readMetadataFile))).flat();
  const summary: IngestSummary = { files: files.length, items: items.length, written: 0, rejected: [] };
  const sendable: Sendable[] = [];
  for (const item of items) {
    if (item.kind === 'unreadable') summary.rejected.push({ source: item.source, reason: item.reason });
    else sendable.push(item);
  }

  const tty = (out as NodeJS.WriteStream).isTTY === true;
  const bar = new cliProgress.SingleBar(
    { stream: out, format: 'ingesting [{bar}] {value}/{total} items | {rejected} rejected', noTTYOutput: false, hideCursor: tty },
    cliProgress.Presets.shades_classic,
  );
  if (tty) bar.start(sendable.length, 0, { rejected: summary.rejected.length });

  for (const batch of batches(sendable, options.batchSize)) {
    try {
      await send(client, batch);
      summary.written += batch.length;
    } catch (err) {
      // A server error, or no valid token, would fail every item the same way: stop and say so.
      if (!(err instanceof HttpError) || err.status >= 500 || err.status === 401) {
        if (tty) bar.stop();
        if (err instanceof HttpError && err.status === 401)
          throw new Error(`the catalog refused the token (401): ${err.message}; pass --token or set CATALOG_TOKEN`);
        throw err;
      }
      // The server names only the first bad item; find every one by sending them singly.
      for (const item of batch) {
        try {
          await send(client, [item]);
          summary.written++;
        } catch (itemErr) {
          if (!(itemErr instanceof HttpError) || itemErr.status >= 500) throw itemErr;
          summary.rejected.push({ source: item.source, reason: itemErr.message });
        }
      }
    }
    if (tty) bar.update(summary.written + summary.rejected.length, { rejected: summary.rejected.length });
  }
  if (tty) bar.stop();
  return summary;
}

export function formatSummary(s: IngestSummary): string {
  const lines = [`${s.items} items from ${s.files} file(s): ${s.written} written, ${s.rejected.length} rejected`];
  for (const r of s.rejected) lines.push(`  rejected ${r.source}: ${r.reason}`);
  return lines.join('\n');
}
