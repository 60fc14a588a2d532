/**
 * Moving a whole catalog between stores (and backends) as NDJSON: a header line, then every aspect
 * version and every timeseries point as stored. Import writes the rows as they were — versions,
 * created stamps and system metadata included, which no replay of proposals could reproduce — and
 * then rebuilds the derived rows with the same indexer the write path uses.
 */
import { SYSTEM_ACTOR } from '../../actors.js';
import { ACCESS_GENERATION, changesAccess } from '../../auth/accessGeneration.js';
import { Authorizer } from '../../auth/authorizer.js';
import { isPlainObject } from '../../json.js';
import type { Registry } from '../../registry/registry.js';
import type { AspectRow, Store, TimeseriesRow } from '../../store/types.js';
import { tryParseUrn } from '../../urn.js';
import { badRequest } from '../../errors.js';
import { RestoreService } from '../../write/restore.js';

export const EXPORT_FORMAT = 'metadata-catalog-export';
const PAGE = 1000;

export interface TransferCounts {
  aspects: number;
  timeseries: number;
}

type Line =
  | { type: 'header'; format: string; version: 1; exportedAt: number }
  | ({ type: 'aspect' } & AspectRow)
  | ({ type: 'timeseries' } & TimeseriesRow);

/** Writes every row as one JSON line; `write` may return a promise to apply back-pressure. */
export async function exportCatalog(
  store: Store,
  write: (line: string) => void | Promise<void>,
  now = Date.now(),
): Promise<TransferCounts> {
  const counts: TransferCounts = { aspects: 0, timeseries: 0 };
  const emit = (line: Line) => write(`${JSON.stringify(line)}\n`);
  await emit({ type: 'header', format: EXPORT_FORMAT, version: 1, exportedAt: now });
  for (let page = await store.scanAspects(undefined, PAGE); page.length > 0; page = await store.scanAspects(page[page.length - 1], PAGE)) {
    for (const row of page) await emit({ type: 'aspect', ...row });
    counts.aspects += page.length;
  }
  for (
    let page = await store.scanTimeseries(undefined, PAGE);
    page.length > 0;
    page = await store.scanTimeseries(page[page.length - 1], PAGE)
  ) {
    for (const row of page) await emit({ type: 'timeseries', ...row });
    counts.timeseries += page.length;
  }
  return counts;
}

function parseLine(text: string, n: number): Line {
  let line: unknown;
  try {
    line = JSON.parse(text);
  } catch {
    throw badRequest(`line ${n} is not JSON`);
  }
  if (n === 1 && !(isPlainObject(line) && line.type === 'header' && line.format === EXPORT_FORMAT)) {
    throw badRequest(`line 1 is not a ${EXPORT_FORMAT} header: this is not a file written by catalog export`);
  }
  if (!isPlainObject(line) || typeof line.type !== 'string') throw badRequest(`line ${n} has no type`);
  return line as Line;
}

/** Loads an export into a store, in batches, then rebuilds every derived row. */
export async function importCatalog(store: Store, registry: Registry, lines: AsyncIterable<string>): Promise<TransferCounts> {
  const counts: TransferCounts = { aspects: 0, timeseries: 0 };
  let batch: Line[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    await store.transaction(async (tx) => {
      let access = false;
      for (const { type, ...row } of rows) {
        if (type === 'aspect') {
          const aspect = row as AspectRow;
          await tx.putAspect(aspect);
          access ||= changesAccess(registry.entities.get(tryParseUrn(aspect.urn)?.entityType ?? ''), aspect.aspect);
        } else if (type === 'timeseries') await tx.putTimeseries(row as TimeseriesRow);
      }
      // Policies, tokens or memberships imported count at once, on a catalog being served too.
      if (access) await tx.bumpGeneration(ACCESS_GENERATION);
    });
  };
  let n = 0;
  let header = false;
  for await (const text of lines) {
    n++;
    if (text.trim() === '') continue;
    const line = parseLine(text, n);
    if (line.type === 'header') {
      header = true;
      continue;
    }
    if (line.type === 'aspect') counts.aspects++;
    else if (line.type === 'timeseries') counts.timeseries++;
    else throw badRequest(`line ${n} has unknown type '${(line as { type: string }).type}'`);
    batch.push(line);
    if (batch.length >= PAGE) await flush();
  }
  if (!header) throw badRequest('the export is empty');
  if (batch.length > 0) await flush();
  await new RestoreService(store, registry, new Authorizer(store)).restore({ batchSize: PAGE }, SYSTEM_ACTOR);
  return counts;
}
