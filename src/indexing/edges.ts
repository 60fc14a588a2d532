/**
 * Relationship edges of one aspect: source = the entity owning the aspect, destination = each urn
 * found at a relationship path. Recomputed from the whole latest value on every write, so an emptied
 * field leaves no edge behind.
 */
import type { AspectSpec } from '../registry/types.js';
import { canonicalUrn, isUrn } from '../urn.js';
import { valuesAt } from './paths.js';

export interface Edge {
  source: string;
  type: string;
  destination: string;
  /** The aspect the edge was read from. */
  aspect: string;
}

export function extractEdges(aspect: AspectSpec, source: string, value: Record<string, unknown>): Edge[] {
  const seen = new Set<string>();
  const edges: Edge[] = [];
  for (const rel of aspect.relationships) {
    for (const v of valuesAt(value, rel.path)) {
      // Invalid destination urns are skipped, as DataHub does.
      if (!isUrn(v)) continue;
      const destination = canonicalUrn(v);
      const id = `${rel.name}\u0000${destination}`;
      if (seen.has(id)) continue;
      seen.add(id);
      edges.push({ source, type: rel.name, destination, aspect: aspect.name });
    }
  }
  return edges;
}
