/**
 * What one GraphQL operation costs to run, before it runs. A scalar costs nothing worth counting; the
 * fields that run a search, walk lineage or read a page of a list cost what their work costs, each
 * time the operation names them. Aliases make any field cheap to repeat (five hundred
 * `searchAcrossEntities` in one document), so an operation's sum is held to a bound (MAX_COST) well
 * above the costliest operation DataHub's web app sends.
 *
 * A field selected under a page is counted once, not once per item: the app selects an entity's
 * relationships in every search result, and what a page's items cost is bounded as it runs, by the
 * fields resolved (limits.ts, MAX_RESOLVED_FIELDS). Fields are told by name, as every type's field of
 * that name does the same kind of work. A fragment is costed once however often it is spread; of the
 * fragments on different types in one selection the costliest counts, since an object has one type.
 */
import { GraphQLError, Kind, type DocumentNode, type SelectionSetNode } from 'graphql';

/** The work a field does, in units of one search; half a unit for a page of a list or a graph read. */
const FIELD_COSTS: Readonly<Record<string, number>> = {
  // A search over the index (and what answers from one: browsing, facets, recommendations, counts).
  search: 10,
  searchAcrossEntities: 10,
  scrollAcrossEntities: 10,
  aggregateAcrossEntities: 10,
  autoComplete: 5,
  autoCompleteForMultiple: 5,
  browse: 10,
  browseV2: 10,
  browsePaths: 2,
  getQuickFilters: 10,
  listRecommendations: 10,
  getEntityCounts: 10,
  listDataProductAssets: 10,
  listApplicationAssets: 10,
  versionsSearch: 10,
  // A walk of the lineage graph, several hops deep.
  searchAcrossLineage: 20,
  scrollAcrossLineage: 20,
  lineage: 10,
  // Analytics read the usage events of weeks.
  getAnalyticsCharts: 20,
  getMetadataAnalyticsCharts: 20,
  getHighlights: 10,
  // The history of an entity's aspects.
  getTimeline: 10,
  getSchemaBlame: 10,
  getSchemaVersionList: 5,
  // A page of a list of entities, or of an entity's edges or timeseries.
  listPolicies: 5,
  listUsers: 5,
  listGroups: 5,
  listDomains: 5,
  listRoles: 5,
  listPosts: 5,
  listMyViews: 5,
  listGlobalViews: 5,
  listQueries: 5,
  listOwnershipTypes: 5,
  listBusinessAttributes: 5,
  listAccessTokens: 5,
  listSecrets: 5,
  listIngestionSources: 5,
  listExecutionRequests: 5,
  listTests: 5,
  getRootGlossaryTerms: 5,
  getRootGlossaryNodes: 5,
  entities: 2,
  relationships: 1,
  aspects: 1,
  runs: 1,
  usageStats: 2,
  datasetProfiles: 1,
  operations: 1,
  assertions: 1,
  incidents: 1,
};

/**
 * The most an operation may cost: a hundred searches' worth. DataHub's web app sends none costing
 * more than about 400, its lineage page (test/graphqlCost.test.ts measures every operation it has).
 */
export const MAX_COST = 1000;

/** The cost of each operation of the document, by its position among the operations. */
export function operationCosts(document: DocumentNode): number[] {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const fragmentCosts = new Map<string, number>();
  // A cycle of fragments (validation refuses it) would otherwise recurse without end.
  const entered = new Set<string>();

  const ofFragment = (name: string): number => {
    const known = fragmentCosts.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    if (!fragment || entered.has(name)) return 0;
    entered.add(name);
    const cost = ofSet(fragment.selectionSet);
    fragmentCosts.set(name, cost);
    return cost;
  };

  function ofSet(set: SelectionSetNode | undefined): number {
    let plain = 0;
    const branches = new Map<string, number>();
    for (const selection of set?.selections ?? []) {
      let cost: number;
      let on: string | undefined;
      if (selection.kind === Kind.FIELD) {
        const own = FIELD_COSTS[selection.name.value];
        const inner = ofSet(selection.selectionSet);
        cost = (own ?? 0) + inner;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        cost = ofSet(selection.selectionSet);
        on = selection.typeCondition?.name.value;
      } else {
        cost = ofFragment(selection.name.value);
        on = fragments.get(selection.name.value)?.typeCondition.name.value;
      }
      if (on === undefined) plain += cost;
      else branches.set(on, (branches.get(on) ?? 0) + cost);
    }
    return Math.min(plain + Math.max(0, ...branches.values()), Number.MAX_SAFE_INTEGER);
  }

  return document.definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION ? [ofSet(d.selectionSet)] : []));
}

/** The refusal of the operation that will run, when it costs more than MAX_COST. */
export function costRefusal(document: DocumentNode, costs: readonly number[], operationName: string | null): GraphQLError | undefined {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const index = operationName === null ? 0 : operations.findIndex((o) => o.name?.value === operationName);
  const cost = costs[index];
  if (cost === undefined || cost <= MAX_COST) return undefined;
  return new GraphQLError(
    `maximum query cost exceeded ${cost} > ${MAX_COST}: each search costs 10, a lineage walk 10 to 20, a page of a list 1 to 5; split the work into several requests`,
    { nodes: [operations[index]!] },
  );
}
