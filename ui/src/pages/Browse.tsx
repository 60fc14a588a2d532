/** Browsing by platform, then by the folders and containers of each platform's browse paths. */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { gql } from '../api/client';
import { ResultRow } from '../components/ResultRow';
import { Empty, ErrorBox, Loading } from '../components/Status';
import { displayName } from '../entity/summary';
import { SEARCHABLE_TYPES } from '../entity/types';
import { BROWSE, HOME } from '../graphql/browse';
import { QUICK_SEARCH } from '../graphql/search';

const route = getRouteApi('/app/browse');

export function BrowsePage() {
  const { platform, path = [] } = route.useSearch();
  return (
    <div className="browse">
      <nav aria-label="Breadcrumb" className="crumbs">
        <Link to="/browse">All platforms</Link>
        {platform && (
          <Link to="/browse" search={{ platform }}>
            {platform.replace('urn:li:dataPlatform:', '')}
          </Link>
        )}
        {path.map((p, i) => (
          <Link key={path.slice(0, i + 1).join('/')} to="/browse" search={{ platform, path: path.slice(0, i + 1) }}>
            {p.startsWith('urn:li:') ? p.replace(/^urn:li:[^:]+:/, '') : p}
          </Link>
        ))}
      </nav>
      {platform ? <Folder platform={platform} path={path} /> : <Platforms />}
    </div>
  );
}

function Platforms() {
  const query = useQuery({
    queryKey: ['platforms'],
    queryFn: () =>
      gql<{ searchAcrossEntities: any }>(HOME, {
        input: { types: SEARCHABLE_TYPES, query: '*', start: 0, count: 0, searchFlags: { maxAggValues: 100 } },
      }).then((d) => d.searchAcrossEntities.facets.find((f: any) => f.field === 'platform')?.aggregations ?? []),
  });
  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorBox error={query.error} />;
  return (
    <section>
      <h1>Browse by platform</h1>
      {query.data.length === 0 && <Empty>No platform holds anything yet.</Empty>}
      <ul className="tiles">
        {query.data.map((a: any) => (
          <li key={a.value}>
            <Link to="/browse" search={{ platform: a.value }}>
              <span className="tile-count">{a.count.toLocaleString()}</span>
              <span>{a.entity ? displayName(a.entity) : a.value}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Folder({ platform, path }: { platform: string; path: string[] }) {
  const filter = [{ and: [{ field: 'platform', values: [platform] }] }];
  const groups = useQuery({
    queryKey: ['browse', platform, path],
    queryFn: () =>
      gql<{ browseV2: any }>(BROWSE, { input: { types: SEARCHABLE_TYPES, path, orFilters: filter, start: 0, count: 200 } }).then(
        (d) => d.browseV2,
      ),
  });
  const here = useQuery({
    queryKey: ['browse-entities', platform, path],
    queryFn: () =>
      gql<{ searchAcrossEntities: any }>(QUICK_SEARCH, {
        input: {
          types: SEARCHABLE_TYPES,
          query: '*',
          start: 0,
          count: 100,
          orFilters: [{ and: [...filter[0]!.and, { field: 'browsePathV2', values: [path.map((p) => `␟${p}`).join('') || '␟'] }] }],
        },
      }).then((d) => d.searchAcrossEntities),
  });
  if (groups.isPending) return <Loading />;
  if (groups.error) return <ErrorBox error={groups.error} />;
  const folders = groups.data.groups ?? [];
  const entities = path.length > 0 ? (here.data?.searchResults ?? []) : [];
  return (
    <section>
      <h1>
        {path.length ? displayName({ urn: path[path.length - 1]! }) || path[path.length - 1] : platform.replace('urn:li:dataPlatform:', '')}
      </h1>
      {folders.length > 0 && (
        <ul className="folders" aria-label="Folders">
          {folders.map((g: any) => (
            <li key={g.name}>
              <Link to="/browse" search={{ platform, path: [...path, g.name] }}>
                📁 {g.entity ? displayName(g.entity) : g.name}
              </Link>{' '}
              <span className="count">{g.count}</span>
            </li>
          ))}
        </ul>
      )}
      {entities.length > 0 && (
        <ol className="result-list">
          {entities.map((r: any) => (
            <ResultRow key={r.entity.urn} entity={r.entity} />
          ))}
        </ol>
      )}
      {folders.length === 0 && entities.length === 0 && !here.isPending && <Empty>Nothing here.</Empty>}
    </section>
  );
}
