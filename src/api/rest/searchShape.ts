/**
 * The wire shape of search results (spec §4.2 #7), with the newer `aggregations` beside the old facets.
 * `entities` are DataHub's SearchEntity records, which every current client reads (`x["entity"]`);
 * `metadata.urns` keeps the list of urns for readers of the older shape.
 */
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

/** One result as DataHub's `SearchEntity`: the urn and the fields that matched. */
export function searchEntities(r: SearchResult) {
  return r.urns.map((entity, i) => ({ entity, matchedFields: r.matches[i] ?? [] }));
}

export function searchResultBody(r: SearchResult) {
  return { numEntities: r.total, pageSize: r.count, from: r.start, metadata: searchMetadata(r), entities: searchEntities(r) };
}
