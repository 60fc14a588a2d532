/**
 * `catalog restore-indices`: recomputes the derived rows (search rows, edges, browse paths) of
 * entities from their stored aspects, through the running server's restoreIndices, as DataHub's
 * RestoreIndices upgrade job rebuilds its indices from the aspect table. One request restores one
 * slice of the entities, so no request runs longer than a proxy or client would wait.
 */
import type { CatalogClient } from './client.js';

export interface RestoreOptions {
  urn?: string;
  urnLike?: string;
  aspect?: string;
  start: number;
  limit?: number;
  batchSize?: number;
  /** Entities per request. */
  requestSize: number;
}

export interface RestoreTotals {
  entities: number;
  batches: number;
  timeMs: number;
}

/** The server answers DataHub's summary text; the counts are read from it. */
function parseSummary(text: unknown): RestoreTotals {
  const numberOf = (name: string) => {
    const found = new RegExp(`${name}=(\\d+)`).exec(String(text));
    if (!found) throw new Error(`unexpected answer from restoreIndices: ${String(text).slice(0, 200)}`);
    return Number(found[1]);
  };
  return { entities: numberOf('rowsMigrated'), batches: numberOf('batches'), timeMs: numberOf('timeMs') };
}

export async function restoreIndices(
  client: CatalogClient,
  o: RestoreOptions,
  onProgress: (restored: number) => void = () => undefined,
): Promise<RestoreTotals> {
  const common = {
    ...(o.aspect !== undefined ? { aspect: o.aspect } : {}),
    ...(o.batchSize !== undefined ? { batchSize: o.batchSize } : {}),
  };
  const call = async (body: Record<string, unknown>) =>
    parseSummary(((await client.post('/operations?action=restoreIndices', { ...common, ...body })) as { value: unknown }).value);
  if (o.urn !== undefined) return call({ urn: o.urn });

  const totals: RestoreTotals = { entities: 0, batches: 0, timeMs: 0 };
  const max = o.limit ?? Number.POSITIVE_INFINITY;
  // Each slice starts where the last ended: entities are taken in urn order from row `start`.
  while (totals.entities < max) {
    const asked = Math.min(o.requestSize, max - totals.entities);
    const slice = await call({
      start: o.start + totals.entities,
      limit: asked,
      ...(o.urnLike !== undefined ? { urnLike: o.urnLike } : {}),
    });
    totals.entities += slice.entities;
    totals.batches += slice.batches;
    totals.timeMs += slice.timeMs;
    onProgress(totals.entities);
    if (slice.entities < asked) break;
  }
  return totals;
}
