/** The search page: results with facets, paging and sorting, all held in the URL. */
import { getRouteApi, Link } from '@tanstack/react-router';
import { FACETS, PAGE_SIZE, SORTS, useSearch } from '../api/search';
import { ErrorBox, Loading } from '../components/Status';
import { ResultRow } from '../components/ResultRow';
import { displayName } from '../entity/summary';
import { typeInfo } from '../entity/types';
import type { SearchParams } from '../router';

const route = getRouteApi('/app/search');

function facetValueName(field: string, agg: any): string {
  if (field === '_entityType') return typeInfo(agg.value).plural;
  return agg.entity ? displayName(agg.entity) : agg.value;
}

export function SearchPage() {
  const params = route.useSearch();
  const navigate = route.useNavigate();
  const search = useSearch(params);
  const data = search.data;
  const page = params.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const set = (change: Partial<SearchParams>) => navigate({ search: (prev: SearchParams) => ({ ...prev, ...change }) });

  const toggle = (param: (typeof FACETS)[number]['param'], value: string) => {
    const current = params[param] ?? [];
    const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
    void set({ [param]: next.length ? next : undefined, page: undefined });
  };

  return (
    <div className="search-page">
      <aside className="facets" aria-label="Filters">
        <h2 className="visually-hidden">Filters</h2>
        {FACETS.map((facet) => {
          const meta = data?.facets?.find((f: any) => f.field === facet.field);
          const selected = params[facet.param] ?? [];
          const aggs = (meta?.aggregations ?? []).filter((a: any) => a.count > 0 || selected.includes(a.value));
          if (aggs.length === 0 && selected.length === 0) return null;
          return (
            <fieldset key={facet.param} className="facet">
              <legend>{facet.label}</legend>
              {aggs.map((agg: any) => (
                <label key={agg.value}>
                  <input type="checkbox" checked={selected.includes(agg.value)} onChange={() => toggle(facet.param, agg.value)} />
                  <span className="facet-name">{facetValueName(facet.field, agg)}</span>
                  <span className="count">{agg.count}</span>
                </label>
              ))}
            </fieldset>
          );
        })}
      </aside>
      <section className="results" aria-labelledby="results-heading">
        <div className="results-head">
          <h1 id="results-heading">
            {data ? `${data.total.toLocaleString()} ${data.total === 1 ? 'result' : 'results'}` : 'Searching…'}
            {params.q ? ` for “${params.q}”` : ''}
          </h1>
          <label className="sort">
            Sort by{' '}
            <select
              value={params.sort ?? 'relevance'}
              onChange={(e) => set({ sort: e.target.value === 'relevance' ? undefined : e.target.value, page: undefined })}
            >
              {Object.entries(SORTS).map(([key, s]) => (
                <option key={key} value={key}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {search.error && <ErrorBox error={search.error} />}
        {!data && search.isPending && <Loading label="Searching…" />}
        {data && data.total === 0 && (
          <div className="empty">
            <p>
              Nothing matches{params.q ? ` “${params.q}”` : ''}
              {FACETS.some((f) => params[f.param]?.length) ? ' with these filters' : ''}.
            </p>
            <p>
              Try fewer words, a prefix (<code>order</code> finds <code>orders</code>), <code>field:value</code> such as{' '}
              <code>tags:PII</code>, or <Link to="/search">clear the search</Link>.
            </p>
          </div>
        )}
        <ol className="result-list" aria-busy={search.isFetching}>
          {data?.searchResults.map((r: any) => (
            <ResultRow key={r.entity.urn} entity={r.entity} matched={r.matchedFields} />
          ))}
        </ol>
        {data && data.total > PAGE_SIZE && (
          <nav className="pager" aria-label="Pages">
            <button type="button" disabled={page <= 1} onClick={() => set({ page: page - 1 > 1 ? page - 1 : undefined })}>
              Previous page
            </button>
            <span>
              Page {page} of {pages.toLocaleString()}
            </span>
            <button type="button" disabled={page >= pages} onClick={() => set({ page: page + 1 })}>
              Next page
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
