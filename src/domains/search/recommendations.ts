/**
 * The home page's, search page's and search bar's recommendation modules, as DataHub's recommendation
 * sources make them: top platforms, domains, tags and terms counted over the search documents, the
 * caller's recently viewed, edited and searched, and the most viewed entities. Sources are asked in
 * DataHub's order; a source with nothing to show gives no module; the first `limit` modules are kept.
 */
import type { Authorizer } from '../../auth/authorizer.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import type { SearchService } from './search.js';
import { countValues, topCounts } from './valueCounts.js';
import { urnPrefix } from '../../urn.js';

export type Scenario = 'HOME' | 'SEARCH_RESULTS' | 'ENTITY_PROFILE' | 'SEARCH_BAR';
export type RenderType =
  | 'ENTITY_NAME_LIST'
  | 'PLATFORM_SEARCH_LIST'
  | 'TAG_SEARCH_LIST'
  | 'SEARCH_QUERY_LIST'
  | 'GLOSSARY_TERM_SEARCH_LIST'
  | 'DOMAIN_SEARCH_LIST';

export interface RecommendationContent {
  value: string;
  /** The urn of the entity shown. */
  entity?: string;
  /** Where a click leads: a search (with one EQUAL filter), or an entity's page. */
  searchParams?: { query: string; filters?: Array<{ field: string; values: string[] }> };
  entityProfileUrn?: string;
  count?: number;
}

export interface RecommendationModule {
  title: string;
  moduleId: string;
  renderType: RenderType;
  content: RecommendationContent[];
}

export interface RecommendationRequest {
  actor: string;
  scenario: Scenario;
  /** A view whose filter and entity types narrow the counted sources. */
  viewUrn?: string;
  limit: number;
}

interface Scope {
  actor: string;
  /** Entity types the caller may see. */
  visible: ReadonlySet<string>;
  /** Entity types the counted sources count: those the caller may see, narrowed by the view. */
  counted: ReadonlySet<string>;
  /** Counts per value of every aggregated field over some entity types: one search per set of types in a request. */
  counts(types: readonly string[]): Promise<Record<AggregatedField, Map<string, number>>>;
}

interface Source {
  title: string;
  moduleId: string;
  renderType: RenderType;
  scenarios: readonly Scenario[];
  content(scope: Scope): Promise<RecommendationContent[]>;
}

/** Entities shown by the entity-list sources, and searches by the search bar. */
const MAX_ENTITIES = 5;
const ENTITY_VIEW = 'EntityViewEvent';
const SEARCH_RESULTS_VIEW = 'SearchResultsViewEvent';
/** The fields the counted sources count. */
const AGGREGATED = ['platform', 'domains', 'tags', 'glossaryTerms'] as const;
type AggregatedField = (typeof AGGREGATED)[number];

export class RecommendationService {
  private readonly sources: readonly Source[];

  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
    private readonly search: SearchService,
  ) {
    this.sources = [
      // DataHub shows a platform only when its info has a logo.
      this.aggregation(
        'Platforms',
        'Platforms',
        'PLATFORM_SEARCH_LIST',
        ['HOME'],
        'platform',
        40,
        (urns) => this.platformsWithLogo(urns),
        this.registry.entitiesIn('topPlatforms').map((e) => e.name),
      ),
      this.aggregation('Domains', 'Domains', 'DOMAIN_SEARCH_LIST', ['HOME'], 'domains', 10),
      this.entityList('Recently Viewed', 'RecentlyViewedEntities', (s) => this.viewedBy(s.actor)),
      this.entityList('Recently Edited', 'RecentlyEditedEntities', (s) => this.editedBy(s.actor)),
      this.entityList('Most Popular', 'HighUsageEntities', () => this.mostViewed()),
      this.aggregation('Top Tags', 'TopTags', 'TAG_SEARCH_LIST', ['HOME', 'SEARCH_RESULTS'], 'tags', 10),
      this.aggregation('Top Glossary Terms', 'TopTerms', 'GLOSSARY_TERM_SEARCH_LIST', ['HOME', 'SEARCH_RESULTS'], 'glossaryTerms', 10),
      {
        title: 'Recent searches',
        moduleId: 'RecentSearches',
        renderType: 'SEARCH_QUERY_LIST',
        scenarios: ['SEARCH_BAR'],
        content: (s) => this.searchedBy(s.actor),
      },
    ];
  }

  async list(req: RecommendationRequest): Promise<RecommendationModule[]> {
    const visible = new Set((await this.authorizer.visibleTypes(req.actor, [...this.registry.entities.values()])).map((e) => e.name));
    // A view narrows the counted sources as it narrows a search (DataHub's view filter).
    const where = await this.search.scope({ entities: [], viewUrn: req.viewUrn }, req.actor);
    const searches = new Map<string, ReturnType<Scope['counts']>>();
    const counts = (types: readonly string[]) => {
      const key = types.join(' ');
      if (!searches.has(key))
        searches.set(
          key,
          countValues(this.store, this.registry, { entityTypes: types, fields: AGGREGATED, filter: where.filter }).then((r) => r.counts),
        );
      return searches.get(key)!;
    };
    const scope: Scope = { actor: req.actor, visible, counted: new Set((where.types ?? []).map((t) => t.name)), counts };
    const modules: RecommendationModule[] = [];
    for (const source of this.sources) {
      if (modules.length >= req.limit) break;
      if (!source.scenarios.includes(req.scenario)) continue;
      const content = await source.content(scope);
      if (content.length > 0) modules.push({ title: source.title, moduleId: source.moduleId, renderType: source.renderType, content });
    }
    return modules;
  }

  /**
   * A source counting the entities per value of a field, over `types` (by default every type the
   * caller may search); only `valid` values are shown, by default urns of entities that are there.
   */
  private aggregation(
    title: string,
    moduleId: string,
    renderType: RenderType,
    scenarios: readonly Scenario[],
    field: AggregatedField,
    max: number,
    valid?: (values: readonly string[]) => Promise<Set<string>>,
    types?: readonly string[],
  ): Source {
    return {
      title,
      moduleId,
      renderType,
      scenarios,
      content: async (scope) => {
        const searched = types ? types.filter((t) => scope.counted.has(t)) : [...scope.counted];
        const counts = (await scope.counts(searched))[field];
        const shown = await (valid ? valid([...counts.keys()]) : this.present([...counts.keys()], scope));
        return topCounts(new Map([...counts].filter(([v]) => shown.has(v))), max).map(([value, count]) => ({
          value,
          entity: value,
          searchParams: { query: '', filters: [{ field, values: [value] }] },
          count,
        }));
      },
    };
  }

  private entityList(title: string, moduleId: string, urns: (scope: Scope) => Promise<string[]>): Source {
    return {
      title,
      moduleId,
      renderType: 'ENTITY_NAME_LIST',
      scenarios: ['HOME'],
      content: async (scope) => {
        const candidates = (await urns(scope)).filter((u) => {
          const type = this.registry.entityOfUrn(u);
          return type?.lists.recommendedEntities !== undefined && scope.visible.has(type.name);
        });
        const present = await this.present(candidates, scope);
        return candidates
          .filter((u) => present.has(u))
          .slice(0, MAX_ENTITIES)
          .map((urn) => ({ value: urn, entity: urn, entityProfileUrn: urn }));
      },
    };
  }

  /** Those of the urns whose entities exist, are not soft-deleted, and are of a type the caller may see. */
  private async present(urns: readonly string[], scope: Scope): Promise<Set<string>> {
    const rows = await this.store.getSearchRows(urns);
    return new Set(
      urns.filter((u) => {
        const row = rows.get(u);
        return row !== undefined && !row.removed && scope.visible.has(row.entityType);
      }),
    );
  }

  /** The platforms whose info has a logo. */
  private async platformsWithLogo(urns: readonly string[]): Promise<Set<string>> {
    const infos = await this.store.getLatestAspects(urns, ['dataPlatformInfo']);
    return new Set(urns.filter((u) => typeof infos.get(u)?.[0]?.value.logoUrl === 'string'));
  }

  /** Entities the actor viewed, most recently viewed first (more than shown: some may be gone). */
  private async viewedBy(actor: string): Promise<string[]> {
    const groups = await this.store.groupUsage({
      actor,
      types: [ENTITY_VIEW],
      by: ['entityUrn'],
      present: true,
      order: 'latest',
      limit: MAX_ENTITIES * 4,
    });
    return groups.map((g) => g.values[0]!);
  }

  private async editedBy(actor: string): Promise<string[]> {
    const prefixes = this.registry.entitiesIn('recommendedEntities').map((e) => urnPrefix(e.name));
    return (await this.store.recentlyEdited(actor, prefixes, MAX_ENTITIES * 4)).map((e) => e.urn);
  }

  /** The most viewed entities, by everyone. */
  private async mostViewed(): Promise<string[]> {
    const groups = await this.store.groupUsage({
      types: [ENTITY_VIEW],
      by: ['entityUrn'],
      present: true,
      order: 'count',
      limit: MAX_ENTITIES * 4,
    });
    return groups.map((g) => g.values[0]!);
  }

  /** The actor's searches that found something, most recent first; empty and `*` queries left out. */
  private async searchedBy(actor: string): Promise<RecommendationContent[]> {
    const groups = await this.store.groupUsage({
      actor,
      types: [SEARCH_RESULTS_VIEW],
      totalAbove: 0,
      by: ['query'],
      present: true,
      order: 'latest',
      limit: MAX_ENTITIES * 2,
    });
    return groups
      .map((g) => g.values[0]!)
      .filter((q) => q.trim() !== '' && q !== '*')
      .slice(0, MAX_ENTITIES)
      .map((query) => ({ value: query, searchParams: { query } }));
  }
}
