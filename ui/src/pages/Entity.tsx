/**
 * One page for every entity: a header saying what and where it is, tabs for what this type has
 * (schema, lineage, statistics, history, contents), and the sidebar of its owners and labels.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { entityQuery } from '../api/entity';
import { PlatformIcon } from '../components/Labels';
import { Markdown } from '../components/Markdown';
import { ErrorBox, Loading, NotFoundMessage } from '../components/Status';
import { Description } from '../entity/Description';
import { HistoryTab } from '../entity/HistoryTab';
import { PropertiesTable } from '../entity/PropertiesTable';
import { RelatedTab, relatedLists } from '../entity/RelatedTab';
import { reasonDenied, Sidebar } from '../entity/Sidebar';
import { summarize } from '../entity/summary';
import { displayName } from '../entity/summary';

const SchemaTab = lazy(() => import('../entity/SchemaTab'));
const LineageTab = lazy(() => import('../entity/LineageTab'));
const StatsTab = lazy(() => import('../entity/StatsTab'));

const route = getRouteApi('/app/entity/$urn');

/** Types whose lineage is kept: datasets, charts, dashboards, pipelines and tasks. */
const HAS_LINEAGE = new Set(['DATASET', 'CHART', 'DASHBOARD', 'DATA_JOB', 'DATA_FLOW']);
/** Types the timeline keeps a history of. */
const HAS_HISTORY = new Set(['DATASET', 'GLOSSARY_TERM']);

export function EntityPage() {
  const { urn } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = useQuery(entityQuery(urn));

  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorBox error={query.error} />;
  const entity = query.data;
  if (!entity || entity.exists === false) return <NotFoundMessage what={`Nothing is stored under ${urn}.`} />;

  const s = summarize(entity);
  const type = s.type.type;
  const tabs: Array<{ id: string; label: string }> = [{ id: 'overview', label: 'Overview' }];
  if (type === 'DATASET') tabs.push({ id: 'schema', label: 'Schema' });
  const related = relatedLists(entity);
  for (const list of related) tabs.push({ id: list.id, label: list.total === undefined ? list.label : `${list.label} (${list.total})` });
  if (HAS_LINEAGE.has(type)) tabs.push({ id: 'lineage', label: 'Lineage' });
  if (type === 'DATASET') tabs.push({ id: 'stats', label: 'Statistics' });
  if (HAS_HISTORY.has(type)) tabs.push({ id: 'history', label: 'History' });
  const tab = tabs.some((t) => t.id === search.tab) ? search.tab! : 'overview';
  const parents = entity.parentContainers?.containers ?? [];
  const privileges = entity.privileges ?? {};

  return (
    <article className="entity-page">
      <header className="entity-head">
        <nav aria-label="Breadcrumb" className="crumbs">
          {s.platform && (
            <Link to="/browse" search={{ platform: s.platform.urn }}>
              {s.platform.name}
            </Link>
          )}
          {[...parents].reverse().map((c: any) => (
            <Link key={c.urn} to="/entity/$urn" params={{ urn: c.urn }}>
              {displayName(c)}
            </Link>
          ))}
          {entity.dataFlow && (
            <Link to="/entity/$urn" params={{ urn: entity.dataFlow.urn }}>
              {displayName(entity.dataFlow)}
            </Link>
          )}
          {(entity.parentNodes?.nodes ?? []).map((n: any) => (
            <Link key={n.urn} to="/entity/$urn" params={{ urn: n.urn }}>
              {displayName(n)}
            </Link>
          ))}
        </nav>
        <h1>
          {s.platform && <PlatformIcon platform={s.platform} />} {s.name}
        </h1>
        <p className="muted">
          {[s.subType ?? s.type.label, s.platform?.name, entity.properties?.qualifiedName].filter(Boolean).join(' · ')}
          {s.deprecated && <span className="badge warn">Deprecated</span>}
        </p>
      </header>
      <div className="entity-body">
        <Tabs.Root
          value={tab}
          onValueChange={(value) => navigate({ search: { tab: value === 'overview' ? undefined : value }, replace: true })}
          className="tabs"
        >
          <Tabs.List aria-label="Sections" className="tab-list">
            {tabs.map((t) => (
              <Tabs.Trigger key={t.id} value={t.id}>
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview">
            <section>
              <h2>About</h2>
              {s.type.describable === false ? (
                <Markdown text={s.description || 'Nothing written yet.'} />
              ) : (
                <Description
                  urn={urn}
                  describedBy={s.type.describedBy}
                  text={s.description}
                  allowed={Boolean(privileges.canEditDescription)}
                  reason={reasonDenied('canEditDescription', s.type.label)}
                />
              )}
            </section>
            <PropertiesTable entity={entity} />
          </Tabs.Content>
          <Suspense fallback={<Loading />}>
            {tab === 'schema' && (
              <Tabs.Content value="schema">
                <SchemaTab urn={urn} field={search.field} />
              </Tabs.Content>
            )}
            {tab === 'lineage' && (
              <Tabs.Content value="lineage">
                <LineageTab entity={entity} hops={search.hops} />
              </Tabs.Content>
            )}
            {tab === 'stats' && (
              <Tabs.Content value="stats">
                <StatsTab urn={urn} />
              </Tabs.Content>
            )}
          </Suspense>
          {tab === 'history' && (
            <Tabs.Content value="history">
              <HistoryTab urn={urn} />
            </Tabs.Content>
          )}
          {related.map((list) => (
            <Tabs.Content key={list.id} value={list.id}>
              <RelatedTab list={list} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <Sidebar summary={s} entity={entity} />
      </div>
    </article>
  );
}
