/** The wire shape of search results (spec §4.2 #7), with the newer `aggregations` beside the old facets. */
import type { SearchResult } from '../../domains/search/search.js';

export function searchMetadata(r: SearchResult) {
  return {
    urns: r.urns,
    matches: r.matches.map((matchedFields) => ({ matchedFields })),
    searchResultMetadatas: r.facets.map((f) => ({ name: f.name, aggregations: f.aggregations })),
    aggregations: r.facets.map((f) => ({
      name: f.name,
      displayName: f.displayName,
      aggregations: f.aggregations,
      filterValues: Object.entries(f.aggregations).map(([value, facetCount]) => ({ value, facetCount })),
    })),
  };
}

export function searchResultBody(r: SearchResult) {
  return { numEntities: r.total, pageSize: r.count, from: r.start, metadata: searchMetadata(r), entities: r.urns };
}
