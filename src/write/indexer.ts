/**
 * Keeping derived rows in step with aspects: an entity's search row and outgoing edges are a pure
 * function of its latest aspects, recomputed whole inside the transaction that changed them (and by
 * restoreIndices, which must produce the same rows).
 */
import { extractEdges, type Edge } from '../indexing/edges.js';
import { buildSearchDocument } from '../indexing/searchDocument.js';
import { buildSearchRow, facetFields, type SearchRow } from '../indexing/searchRow.js';
import type { Registry } from '../registry/registry.js';
import type { StoreTx } from '../store/types.js';
import { parseUrn } from '../urn.js';
import { Slices } from '../slices.js';

/**
 * Rewrites the derived rows of these entities, with one read of their aspects and one write per
 * table for all of them. `written`: latest values this transaction wrote, by urn and aspect name;
 * the others are read from the store. Other requests go on between entities while rows are built.
 */
export async function reindex(
  tx: StoreTx,
  registry: Registry,
  urns: readonly string[],
  written?: ReadonlyMap<string, ReadonlyMap<string, Record<string, unknown>>>,
): Promise<void> {
  const latest = await tx.getLatestAspects(urns);
  const facets = facetFields(registry);
  const gone: string[] = [];
  const derived: Array<{ row: SearchRow; edges: Edge[] }> = [];
  const slices = new Slices();
  for (const urn of urns) {
    const entity = registry.entity(parseUrn(urn).entityType);
    const rows = latest.get(urn) ?? [];
    if (!entity || !rows.some((r) => r.aspect === entity.keyAspect.name)) {
      gone.push(urn);
      continue;
    }
    const values = written?.get(urn);
    const aspects = new Map(rows.map((r) => [r.aspect, values?.get(r.aspect) ?? r.value]));
    const edges: Edge[] = [];
    for (const row of rows) {
      const spec = entity.aspects.get(row.aspect);
      if (spec?.kind === 'versioned') edges.push(...extractEdges(spec, urn, aspects.get(row.aspect)!));
    }
    derived.push({ row: buildSearchRow(entity, buildSearchDocument(entity, urn, aspects), facets), edges });
    await slices.pause();
  }
  await tx.deleteDerived(gone);
  await tx.putDerived(derived);
}
