/**
 * Keeping derived rows in step with aspects: an entity's search row and outgoing edges are a pure
 * function of its latest aspects, recomputed whole inside the transaction that changed them (and by
 * restoreIndices, which must produce the same rows).
 */
import { extractEdges, type Edge } from '../indexing/edges.js';
import { buildSearchDocument } from '../indexing/searchDocument.js';
import { buildSearchRow, facetFields } from '../indexing/searchRow.js';
import type { Registry } from '../registry/registry.js';
import type { StoreTx } from '../store/types.js';
import { parseUrn } from '../urn.js';

/** `written`: latest values this transaction wrote, by aspect name; the others are read from the store. */
export async function reindex(tx: StoreTx, registry: Registry, urn: string, written?: ReadonlyMap<string, Record<string, unknown>>): Promise<void> {
  const entity = registry.entity(parseUrn(urn).entityType);
  const rows = await tx.getLatestAspects(urn);
  if (!entity || !rows.some((r) => r.aspect === entity.keyAspect.name)) {
    await tx.deleteDerived(urn);
    return;
  }
  const aspects = new Map(rows.map((r) => [r.aspect, written?.get(r.aspect) ?? r.value]));
  const edges: Edge[] = [];
  for (const row of rows) {
    const spec = entity.aspects.get(row.aspect);
    if (spec?.kind === 'versioned') edges.push(...extractEdges(spec, urn, row.value));
  }
  await tx.putDerived(buildSearchRow(entity, buildSearchDocument(entity, urn, aspects), facetFields(registry)), edges);
}
