/** Where people land: what the catalog holds, and where to start; for an empty catalog, how to fill it. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { gql } from '../api/client';
import { useMe } from '../api/session';
import { ErrorBox, Loading } from '../components/Status';
import { displayName } from '../entity/summary';
import { SEARCHABLE_TYPES, typeInfo } from '../entity/types';
import { HOME } from '../graphql/browse';

const FACETS = [
  { field: 'platform', param: 'platform', title: 'Platforms' },
  { field: 'domains', param: 'domain', title: 'Domains' },
  { field: 'tags', param: 'tag', title: 'Popular tags' },
  { field: 'glossaryTerms', param: 'term', title: 'Glossary terms in use' },
] as const;

export function HomePage() {
  const me = useMe();
  const query = useQuery({
    queryKey: ['home'],
    queryFn: () =>
      gql<{ searchAcrossEntities: any }>(HOME, {
        input: { types: SEARCHABLE_TYPES, query: '*', start: 0, count: 0, searchFlags: { maxAggValues: 8 } },
      }).then((d) => d.searchAcrossEntities),
  });
  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorBox error={query.error} />;
  const data = query.data;
  const types = data.facets.find((f: any) => f.field === '_entityType')?.aggregations ?? [];
  const content = types.filter((t: any) => !['CORP_USER', 'CORP_GROUP'].includes(t.value)).reduce((n: number, t: any) => n + t.count, 0);

  return (
    <div className="home">
      <section className="hero">
        <h1>Welcome{me.data ? `, ${me.data.displayName}` : ''}</h1>
        <p>Search above for a dataset, dashboard, pipeline, column, person or term, or start from what the catalog holds.</p>
      </section>
      {content === 0 ? (
        <EmptyCatalog />
      ) : (
        <>
          <section>
            <h2>What the catalog holds</h2>
            <ul className="tiles">
              {types.map((t: any) => (
                <li key={t.value}>
                  <Link to="/search" search={{ type: [t.value] }}>
                    <span className="tile-count">{t.count.toLocaleString()}</span>
                    <span>{typeInfo(t.value).plural}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <div className="home-grid">
            {FACETS.map((f) => {
              const aggs = data.facets.find((x: any) => x.field === f.field)?.aggregations ?? [];
              if (aggs.length === 0) return null;
              return (
                <section key={f.field}>
                  <h2>{f.title}</h2>
                  <ul className="plain">
                    {aggs.map((a: any) => (
                      <li key={a.value}>
                        <Link to="/search" search={{ [f.param]: [a.value] }}>
                          {a.entity ? displayName(a.entity) : a.value}
                        </Link>{' '}
                        <span className="count">{a.count}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        </>
      )}
      <p className="muted small">
        APIs: <a href="/api/graphiql">GraphQL explorer</a> · <a href="/resource/docs">REST endpoints</a>
      </p>
    </div>
  );
}

function EmptyCatalog() {
  const origin = window.location.origin;
  return (
    <section className="empty-catalog">
      <h2>The catalog is empty</h2>
      <p>Nothing has been ingested yet. Load metadata in one of these ways, then search for it here.</p>
      <h3>The sample catalog, or your own DataHub files</h3>
      <pre>{`npx catalog ingest examples/ --token $TOKEN     # a sample catalog: datasets, lineage, owners…
npx catalog ingest path/to/mce-or-mcp.json --token $TOKEN`}</pre>
      <h3>DataHub's Python emitter</h3>
      <pre>{`from datahub.emitter.rest_emitter import DatahubRestEmitter
emitter = DatahubRestEmitter("${origin}", token="<token>")`}</pre>
      <h3>A DataHub ingestion recipe</h3>
      <pre>{`sink:
  type: datahub-rest
  config:
    server: ${origin}
    token: <token>`}</pre>
      <p>
        A token: create one under <Link to="/settings">Settings → Access tokens</Link>.
      </p>
    </section>
  );
}
