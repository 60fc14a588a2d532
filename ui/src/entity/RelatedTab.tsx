/**
 * What an entity holds or groups: a pipeline's tasks, a dashboard's charts, a container's or
 * domain's contents, a group's members, and the assets a tag, term or person is attached to.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { gql } from '../api/client';
import { ResultRow } from '../components/ResultRow';
import { Empty, ErrorBox, Loading } from '../components/Status';
import { QUICK_SEARCH } from '../graphql/search';
import { SEARCHABLE_TYPES } from './types';

export interface RelatedList {
  id: string;
  label: string;
  /** Unknown until searched, for the assets a label is attached to. */
  total?: number;
  entities?: any[];
  /** Listed by a search filter instead: the field and this entity's urn. */
  filter?: { field: string; param: string };
  urn: string;
}

/** Which search field lists the assets a label is attached to, by the label's type. */
const ASSETS_BY: Record<string, { field: string; param: string; label: string }> = {
  TAG: { field: 'tags', param: 'tag', label: 'Tagged assets' },
  GLOSSARY_TERM: { field: 'glossaryTerms', param: 'term', label: 'Assets' },
  CORP_USER: { field: 'owners', param: 'owner', label: 'Owned assets' },
  CORP_GROUP: { field: 'owners', param: 'owner', label: 'Owned assets' },
};

const fromRelationships = (r: any) => (r?.relationships ?? []).map((x: any) => x.entity).filter(Boolean);
const fromSearch = (r: any) => (r?.searchResults ?? []).map((x: any) => x.entity);

export function relatedLists(entity: any): RelatedList[] {
  const urn = entity.urn;
  const lists: RelatedList[] = [];
  const add = (id: string, label: string, entities: any[], total = entities.length) => lists.push({ id, label, entities, total, urn });
  if (entity.tasks) add('tasks', 'Tasks', fromRelationships(entity.tasks), entity.tasks.total);
  if (entity.charts) add('charts', 'Charts', fromRelationships(entity.charts), entity.charts.total);
  if (entity.dashboards) add('dashboards', 'Dashboards', fromRelationships(entity.dashboards), entity.dashboards.total);
  if (entity.entities)
    add('contents', entity.type === 'DATA_PRODUCT' ? 'Assets' : 'Contents', fromSearch(entity.entities), entity.entities.total);
  if (entity.children) add('children', 'Contents', fromRelationships(entity.children), entity.children.total);
  if (entity.members) add('members', 'Members', fromRelationships(entity.members), entity.members.total);
  if (entity.groups) add('groups', 'Groups', fromRelationships(entity.groups), entity.groups.total);
  if (entity.inputOutput) {
    add('inputs', 'Inputs', entity.inputOutput.inputDatasets ?? []);
    add('outputs', 'Outputs', entity.inputOutput.outputDatasets ?? []);
  }
  const assets = ASSETS_BY[entity.type];
  if (assets) lists.push({ id: 'assets', label: assets.label, filter: assets, urn });
  return lists;
}

export function RelatedTab({ list }: { list: RelatedList }) {
  if (list.filter) return <AssetsByFilter list={list} />;
  const entities = list.entities ?? [];
  return (
    <section>
      <h2>{list.label}</h2>
      {entities.length === 0 ? (
        <Empty>None.</Empty>
      ) : (
        <ol className="result-list">
          {entities.map((e) => (
            <ResultRow key={e.urn} entity={e} />
          ))}
        </ol>
      )}
      {(list.total ?? 0) > entities.length && (
        <p className="muted">
          Showing {entities.length} of {list.total}.
        </p>
      )}
    </section>
  );
}

function AssetsByFilter({ list }: { list: RelatedList }) {
  const filter = list.filter!;
  const query = useQuery({
    queryKey: ['assets', filter.field, list.urn],
    queryFn: () =>
      gql<{ searchAcrossEntities: any }>(QUICK_SEARCH, {
        input: {
          types: SEARCHABLE_TYPES,
          query: '*',
          start: 0,
          count: 50,
          orFilters: [{ and: [{ field: filter.field, values: [list.urn] }] }],
        },
      }).then((d) => d.searchAcrossEntities),
  });
  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorBox error={query.error} />;
  const results = query.data.searchResults;
  return (
    <section>
      <h2>{list.label}</h2>
      {results.length === 0 ? (
        <Empty>None yet.</Empty>
      ) : (
        <ol className="result-list">
          {results.map((r: any) => (
            <ResultRow key={r.entity.urn} entity={r.entity} />
          ))}
        </ol>
      )}
      {query.data.total > results.length && (
        <p>
          <Link to="/search" search={{ [filter.param]: [list.urn] }}>
            All {query.data.total} in search
          </Link>
        </p>
      )}
    </section>
  );
}
