/** Search as the UI asks for it: the URL's parameters become DataHub's SearchAcrossEntitiesInput. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gql } from './client';
import { QUICK_SEARCH, SEARCH } from '../graphql/search';
import { SEARCHABLE_TYPES } from '../entity/types';
import type { SearchParams } from '../router';

export const PAGE_SIZE = 20;

/** The URL parameter of each facet, and the search field it filters. */
export const FACETS = [
  { param: 'type', field: '_entityType', label: 'Type' },
  { param: 'platform', field: 'platform', label: 'Platform' },
  { param: 'domain', field: 'domains', label: 'Domain' },
  { param: 'owner', field: 'owners', label: 'Owner' },
  { param: 'tag', field: 'tags', label: 'Tag' },
  { param: 'term', field: 'glossaryTerms', label: 'Glossary term' },
] as const;

export const SORTS: Record<string, { label: string; field?: string; order?: 'ASCENDING' | 'DESCENDING' }> = {
  relevance: { label: 'Relevance' },
  name: { label: 'Name A–Z', field: '_entityName', order: 'ASCENDING' },
  'name-desc': { label: 'Name Z–A', field: '_entityName', order: 'DESCENDING' },
  modified: { label: 'Recently changed', field: 'lastOperationTime', order: 'DESCENDING' },
};

export function searchInput(params: SearchParams) {
  const and = FACETS.flatMap((f) => {
    const values = params[f.param];
    return values?.length ? [{ field: f.field, values }] : [];
  });
  const sort = params.sort ? SORTS[params.sort] : undefined;
  return {
    types: SEARCHABLE_TYPES,
    query: params.q?.trim() || '*',
    start: ((params.page ?? 1) - 1) * PAGE_SIZE,
    count: PAGE_SIZE,
    orFilters: and.length > 0 ? [{ and }] : [],
    ...(sort?.field ? { sortInput: { sortCriterion: { field: sort.field, sortOrder: sort.order } } } : {}),
    searchFlags: { maxAggValues: 12 },
  };
}

export function useSearch(params: SearchParams) {
  const input = searchInput(params);
  return useQuery({
    queryKey: ['search', input],
    queryFn: () => gql<{ searchAcrossEntities: any }>(SEARCH, { input }).then((d) => d.searchAcrossEntities),
    placeholderData: keepPreviousData,
  });
}

export function useQuickSearch(query: string) {
  const text = query.trim();
  return useQuery({
    queryKey: ['quick-search', text],
    enabled: text.length > 0,
    queryFn: () =>
      gql<{ searchAcrossEntities: any }>(QUICK_SEARCH, {
        input: { types: SEARCHABLE_TYPES, query: text, start: 0, count: 7, searchFlags: { skipAggregates: true } },
      }).then((d) => d.searchAcrossEntities),
    placeholderData: keepPreviousData,
  });
}
