/**
 * Full-text search, exact field match, filters, facets, scrolling and autocomplete over the derived
 * search rows. What is searchable, with which boosts and facets, comes from the registry; so does
 * which types an actor may not see, and those are never part of the query, so that no total, facet
 * or suggestion counts them. A saved view (`dataHubView`) narrows any of them: its entity types are
 * intersected with the request's and its filter joined to the request's, as DataHub applies views.
 */
import { setImmediate } from 'node:timers/promises';
import { READ_REFUSED, type Authorizer } from '../../auth/authorizer.js';
import { isKeyed, textTokens } from '../../indexing/searchRow.js';
import { matchCriteria } from '../../store/match.js';
import type { Registry } from '../../registry/registry.js';
import type { EntitySpec, SearchableField } from '../../registry/types.js';
import { ENTITY_TYPE_FIELD, type Criterion, type SearchPage, type SearchQuery, type SearchRow, type Store } from '../../store/types.js';
import { badRequest } from '../../errors.js';
import { boundedText } from '../../limits.js';
import { combineFilters, fieldEquals, filterQuery, mentionsRemoved, parseFilter } from './filters.js';
import { isStructuredPropertyField, structuredPropertyField } from '../../indexing/structuredPropertyFields.js';
import { topCounts } from '../../store/topCounts.js';
import { entityTypeName, textMatch } from './queryMatch.js';

/** DataHub's search flags that change what a search answers. */
export interface SearchFlags {
  /** No facets are counted. */
  skipAggregates?: boolean;
  /** At most this many values per facet (DataHub's default: 20). */
  maxAggValues?: number;
  /** No matched fields are reported. */
  skipHighlighting?: boolean;
  /** Soft-deleted entities are searched too. */
  includeSoftDeleted?: boolean;
  /** The structured properties shown in search filters are counted as facets too. */
  includeStructuredPropertyFacets?: boolean;
}

export interface SearchRequest {
  /** Entity type names; empty = every searchable type. */
  entities: readonly string[];
  input: string;
  filter?: unknown;
  /** One `{field, order}` or a list of them, applied in order. */
  sort?: unknown;
  start: number;
  count: number;
  flags?: SearchFlags;
  /** Facets to count instead of the default ones (fields, `_entityType`, or `_entityType␞<field>`). */
  facets?: readonly string[];
  /** A saved view to search within. */
  viewUrn?: string;
}

/** A search of one list of entities, whose type the service listing them sets. */
export type ListRequest = Omit<SearchRequest, 'entities'>;

export interface MatchedField {
  name: string;
  value: string;
}

export interface Facet {
  name: string;
  displayName: string;
  /** Value → count, as the older wire shapes carry it. */
  aggregations: Record<string, number>;
  /** The same counts, most frequent first. */
  values: Array<{ value: string; count: number }>;
}

export interface SearchResult {
  total: number;
  start: number;
  count: number;
  urns: string[];
  matches: MatchedField[][];
  facets: Facet[];
}

/** Where a search looks once a view is applied: entity types (undefined when nothing is left) and criteria. */
export interface Scope {
  types: EntitySpec[] | undefined;
  filter: Criterion[][];
}

/** The field that holds an entity's type, as filters and facets name it. */
export { ENTITY_TYPE_FIELD };

/** The largest page of search results or suggestions, as in DataHub. */
export const MAX_COUNT = 10_000;
/** DataHub's separator of nested facet names and values (`_entityType␞typeNames`, `dataset␞view`). */
export const FACET_SEPARATOR = '\u241e';
const DEFAULT_MAX_AGG_VALUES = 20;
/** DataHub counts the facets of at most this many structured properties. */
const MAX_PROPERTY_FACETS = 100;
/** The entity type facet's name before `_entityType`. */
export const LEGACY_ENTITY_FACET = 'entity';

interface FacetPlan {
  /** Facet names in answer order. */
  names: string[];
  /** Also answer the entity type counts as the legacy `entity` facet. */
  legacyEntity: boolean;
  /** Fields counted over all matches. */
  fields: string[];
  /** Whether counts per entity type are needed, and of which fields. */
  byType: boolean;
  nested: string[];
}
/** The sort field standing for an entity's name, whatever field holds it. */
const ENTITY_NAME_SORT = '_entityName';

/** Scroll ids are opaque to clients: the offset of the next page, encoded. */
export function encodeScrollId(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

/** The offset a scroll id stands for; no id is the start. */
export function decodeScrollId(id: unknown): number {
  if (id === undefined || id === null || id === '') return 0;
  try {
    const { o } = JSON.parse(Buffer.from(String(id), 'base64url').toString('utf8')) as { o: unknown };
    if (Number.isInteger(o) && (o as number) >= 0) return o as number;
  } catch {
    // fall through
  }
  const shown = String(id);
  throw badRequest(`scrollId '${shown.length > 100 ? `${shown.slice(0, 100)}…` : shown}' is not one this service gave out`);
}

/** DataHub's intersection of a request's types with a view's: either empty means "all" (the other). */
function intersectTypes(base: readonly string[], view: readonly string[]): string[] {
  if (base.length === 0) return [...view];
  if (view.length === 0) return [...base];
  return base.filter((t) => view.includes(t));
}

export class SearchService {
  /** `maxCount`: the largest page it answers (MAX_COUNT unless told; tests page past a smaller one over a small catalog). */
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
    private readonly maxCount = MAX_COUNT,
  ) {}

  /**
   * Entity types a request names (400 for unknown ones), or every searchable type. A type the actor
   * may not see is refused when named (403, as DataHub's REST search) and left out when not.
   */
  async entityTypes(names: readonly string[], actor: string): Promise<EntitySpec[]> {
    if (names.length === 0)
      return this.authorizer.visibleTypes(
        actor,
        [...this.registry.entities.values()].filter((e) => e.category !== 'internal'),
      );
    const types = names.map((n) => {
      const e = this.registry.entity(n);
      if (!e) throw badRequest(`Failed to find entity with name ${n} in EntityRegistry`);
      return e;
    });
    await this.authorizer.requireReadable(actor, types, READ_REFUSED.search);
    return types;
  }

  /** Those of `names` that this registry has and the actor may see (a default list of types, say), in order. */
  async visibleTypeNames(names: readonly string[], actor: string): Promise<string[]> {
    const known = names.flatMap((n) => this.registry.entity(n) ?? []);
    return (await this.authorizer.visibleTypes(actor, known)).map((e) => e.name);
  }

  /**
   * The definition of a saved view, or undefined when there is no such view (DataHub then searches
   * without one).
   */
  async view(viewUrn: string): Promise<{ entityTypes: string[]; filter: unknown } | undefined> {
    const rows = await this.store.getLatestAspects([boundedText(viewUrn, 'viewUrn')], ['dataHubViewInfo']);
    const definition = rows.get(viewUrn)?.[0]?.value.definition as { entityTypes?: unknown; filter?: unknown } | undefined;
    if (!definition) return undefined;
    const entityTypes = Array.isArray(definition.entityTypes)
      ? definition.entityTypes.filter((t): t is string => typeof t === 'string')
      : [];
    return { entityTypes, filter: definition.filter };
  }

  /**
   * Where a request searches: its types narrowed by the view (those the registry does not know are
   * dropped from a view, which may name types this service lacks), and its filter joined to the view's.
   */
  async scope(req: { entities: readonly string[]; filter?: unknown; viewUrn?: string | null | undefined }, actor: string): Promise<Scope> {
    const view = req.viewUrn ? await this.view(req.viewUrn) : undefined;
    const own = parseFilter(req.filter);
    if (!view) return { types: await this.entityTypes(req.entities, actor), filter: this.normalize(own) };
    const names = intersectTypes(
      req.entities,
      view.entityTypes.filter((t) => this.registry.entity(t)),
    );
    const emptied = names.length === 0 && (req.entities.length > 0 || view.entityTypes.length > 0);
    const filter = this.normalize(combineFilters(own, parseFilter(view.filter)));
    return { types: emptied ? undefined : await this.entityTypes(names, actor), filter };
  }

  /**
   * Criteria as the store matches them: `_entityType` values (`DATASET`, `DATA_FLOW`, `dataFlow`) become
   * entity type names, and equality on a browse path v2 also matches the paths below it, as DataHub's
   * path-hierarchy analyzed field does.
   */
  private normalize(filter: SearchQuery['filter']): Criterion[][] {
    const pathFields = this.pathFields();
    return filter.map((and) =>
      and.map((c) => {
        if (c.field === ENTITY_TYPE_FIELD) {
          if (c.condition !== 'EQUAL' && c.condition !== 'IN')
            throw badRequest(`filter on ${ENTITY_TYPE_FIELD} supports EQUAL and IN, not ${c.condition}`);
          return { ...c, values: c.values.map((v) => this.entityNameOf(v) ?? v) };
        }
        if (pathFields.has(c.field) && (c.condition === 'EQUAL' || c.condition === 'IN'))
          return { ...c, condition: 'PATH_WITHIN' as const };
        return c;
      }),
    );
  }

  /** An entity type name for DataHub's spellings of it: the name, or the GraphQL enum value. */
  entityNameOf(value: string): string | undefined {
    return entityTypeName(this.registry, value);
  }

  private pathFields(): Set<string> {
    const out = new Set<string>();
    for (const e of this.registry.entities.values())
      for (const a of e.aspects.values()) for (const f of a.searchable) if (f.fieldType === 'BROWSE_PATH_V2') out.add(f.fieldName);
    return out;
  }

  private fields(types: readonly EntitySpec[]): SearchableField[] {
    const out: SearchableField[] = [];
    for (const e of types) for (const a of e.aspects.values()) out.push(...a.searchable);
    return out;
  }

  async search(req: SearchRequest, actor: string): Promise<SearchResult> {
    // The in-memory index answers without waiting on anything, so a GraphQL document of many searches
    // would run them all back to back; a turn for other requests before each keeps that one document
    // from holding the service (a document may cost a hundred searches: api/graphql/cost.ts).
    await setImmediate();
    if (!Number.isInteger(req.start) || req.start < 0) throw badRequest('start must be a non-negative integer');
    if (!Number.isInteger(req.count) || req.count < 0 || req.count > this.maxCount)
      throw badRequest(`count must be an integer from 0 to ${this.maxCount}`);
    const flags = req.flags ?? {};
    const maxAggValues = flags.maxAggValues ?? DEFAULT_MAX_AGG_VALUES;
    if (!Number.isInteger(maxAggValues) || maxAggValues < 0) throw badRequest('searchFlags.maxAggValues must be a non-negative integer');
    const input = boundedText(req.input, 'input').trim();
    const scope = await this.scope(req, actor);
    const sort = req.sort ? parseSort(req.sort) : undefined;
    if (!scope.types) return { total: 0, start: req.start, count: req.count, urns: [], matches: [], facets: [] };
    const types = scope.types;
    const fields = this.fields(types);
    const filter = scope.filter;
    const text = await textMatch(input, this.registry, this.store);
    const criteria = [...filter.flat(), ...matchCriteria(text.match)];

    const nameFields = [...new Set(fields.filter((f) => f.queryByDefault && f.boostScore >= 8).map((f) => f.fieldName))];
    const propertyFacets = flags.includeStructuredPropertyFacets && !flags.skipAggregates ? await this.structuredPropertyFacets() : [];
    const facets = flags.skipAggregates ? undefined : this.facetPlan(req.facets, types, propertyFacets);
    const oneType = types.length === 1;
    const sortKeys = sort?.map((s) => ({ fields: s.field === ENTITY_NAME_SORT ? entityNameFields(types) : [s.field], order: s.order }));
    const query: SearchQuery = {
      entityTypes: types.map((t) => t.name),
      words: [],
      ...(text.match ? { match: text.match } : {}),
      ...(text.phrase ? { phrase: text.phrase } : {}),
      nameFields,
      weights: fields.flatMap((f) =>
        Object.entries(f.weightsPerFieldValue).map(([value, weight]) => ({ field: f.fieldName, value, weight })),
      ),
      filter,
      keyedFields: keyedIn(types, [...criteria.map((c) => c.field), ...(sortKeys ?? []).flatMap((k) => k.fields)]),
      includeRemoved: flags.includeSoftDeleted === true || mentionsRemoved([criteria]),
      ...(sortKeys ? { sort: sortKeys } : {}),
      start: req.start,
      count: req.count,
      // Of one type, the per-type counts are the counts themselves: no pass of their own.
      facetFields: facets ? [...new Set([...facets.fields, ...(oneType ? facets.nested : [])])] : [],
      facetLimit: maxAggValues,
      ...(facets?.byType && !oneType ? { byEntityType: { fields: facets.nested } } : {}),
    };
    const page = await this.store.search(query);
    if (facets?.byType && oneType) {
      page.entityTypes = {
        [types[0]!.name]: { total: page.total, facets: Object.fromEntries(facets.nested.map((f) => [f, page.facets[f] ?? {}])) },
      };
    }
    const words = text.highlight;
    const rows = flags.skipHighlighting || words.length === 0 ? new Map<string, SearchRow>() : await this.store.getSearchRows(page.urns);
    return {
      total: page.total,
      start: req.start,
      count: req.count,
      urns: page.urns,
      matches: page.urns.map((u) => matchedFields(rows.get(u), words, fields)),
      facets: facets ? this.facetResults(facets, page, query, maxAggValues) : [],
    };
  }

  /**
   * Which facets to count: those asked for that are facets of some type (others are ignored, as
   * DataHub ignores them), else the default ones: every filterable field, the entity type, and the
   * entity type with its sub types.
   */
  /** The facets of the structured properties whose settings show them in search filters (DataHub asks for at most 100). */
  private async structuredPropertyFacets(): Promise<string[]> {
    const page = await this.store.search(
      filterQuery(['structuredProperty'], fieldEquals('showInSearchFilters', 'true'), MAX_PROPERTY_FACETS),
    );
    return page.urns.map(structuredPropertyField);
  }

  private facetPlan(asked: readonly string[] | undefined, types: readonly EntitySpec[], added: readonly string[] = []): FacetPlan {
    const known = new Set<string>();
    for (const e of this.registry.entities.values())
      for (const a of e.aspects.values()) for (const f of a.searchable) known.add(f.fieldName);
    let names: string[];
    if (asked && asked.length > 0) {
      // The legacy `entity` facet is counted as `_entityType` is.
      names = [...new Set(asked.map((n) => (n === LEGACY_ENTITY_FACET ? ENTITY_TYPE_FIELD : n)))].filter((name) => {
        // split always gives a first part.
        const [first = '', nested, ...deeper] = name.split(FACET_SEPARATOR);
        if (nested === undefined) return first === ENTITY_TYPE_FIELD || known.has(first) || isStructuredPropertyField(first);
        // Nesting is served under the entity type only.
        return deeper.length === 0 && first === ENTITY_TYPE_FIELD && known.has(nested);
      });
    } else {
      const filterable = [
        ...new Set(
          this.fields(types)
            .filter((f) => f.addToFilters)
            .map((f) => f.fieldName),
        ),
      ];
      names = [ENTITY_TYPE_FIELD, `${ENTITY_TYPE_FIELD}${FACET_SEPARATOR}typeNames`, ...filterable];
    }
    names = [...new Set([...names, ...added])];
    // A name starting with the type field and the separator has a second part.
    const nested = names.filter((n) => n.startsWith(`${ENTITY_TYPE_FIELD}${FACET_SEPARATOR}`)).map((n) => n.split(FACET_SEPARATOR)[1]!);
    return {
      names,
      legacyEntity: names.includes(ENTITY_TYPE_FIELD),
      fields: names.filter((n) => !n.includes(FACET_SEPARATOR) && n !== ENTITY_TYPE_FIELD),
      byType: names.some((n) => n.startsWith(ENTITY_TYPE_FIELD)),
      nested: [...new Set(nested)],
    };
  }

  private facetResults(plan: FacetPlan, page: SearchPage, query: SearchQuery, max: number): Facet[] {
    const top = (counts: Array<[string, number]>) => topCounts(counts, max);
    const byType = page.entityTypes ?? {};
    const facets = new Map<string, Array<[string, number]>>();
    for (const name of plan.names) {
      const [first = '', nested] = name.split(FACET_SEPARATOR);
      let counts: Array<[string, number]>;
      if (first !== ENTITY_TYPE_FIELD) {
        counts = top(Object.entries(page.facets[first] ?? {}));
      } else {
        // A type with no match is no bucket, as a terms aggregation over DataHub's indices has none; the
        // web app fails on a type it has no page for (NOTEBOOK), which only empty buckets would bring.
        const types = top(query.entityTypes.map((t): [string, number] => [t, byType[t]?.total ?? 0]).filter(([, n]) => n > 0));
        counts = nested
          ? types.flatMap(([t, n]) => [
              [t, n] as [string, number],
              ...top(Object.entries(byType[t]?.facets[nested] ?? {})).map(([v, m]): [string, number] => [`${t}${FACET_SEPARATOR}${v}`, m]),
            ])
          : types;
      }
      if (counts.length > 0) facets.set(name, counts);
    }
    // A value filtered on is listed (with 0) even when nothing has it, so a client can show the filter.
    for (const c of query.filter.flat()) {
      if (c.field === 'urn' || c.values.length === 0) continue;
      const counts = facets.get(c.field) ?? [];
      for (const v of c.values) if (!counts.some(([value]) => value === v)) counts.push([v, 0]);
      facets.set(c.field, counts);
    }
    // DataHub keeps answering the older name of the entity type facet beside the new one.
    const types = facets.get(ENTITY_TYPE_FIELD);
    if (plan.legacyEntity && types) facets.set(LEGACY_ENTITY_FACET, types);
    return [...facets].map(([name, counts]) => ({
      name,
      displayName: this.displayName(name),
      aggregations: Object.fromEntries(counts),
      values: counts.map(([value, count]) => ({ value, count })),
    }));
  }

  /** A facet's display name: the filter names its field has across types, joined by `/`; nested names part by part. */
  private displayName(name: string): string {
    return name
      .split(FACET_SEPARATOR)
      .map((part) => {
        if (part === ENTITY_TYPE_FIELD || part === LEGACY_ENTITY_FACET) return 'Type';
        const names = new Set<string>();
        for (const e of this.registry.entities.values())
          for (const a of e.aspects.values())
            for (const f of a.searchable) if (f.fieldName === part && f.addToFilters) names.add(f.filterName);
        return names.size > 0 ? [...names].sort().join('/') : part;
      })
      .join(FACET_SEPARATOR);
  }

  /** Number of (not removed) entities of each type within a scope. */
  async countByType(scope: Scope): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (!scope.types || scope.types.length === 0) return out;
    const page = await this.store.search(
      filterQuery(
        scope.types.map((t) => t.name),
        scope.filter,
        0,
        {
          includeRemoved: mentionsRemoved(scope.filter),
          byEntityType: { fields: [] },
          keyedFields: keyedIn(
            scope.types,
            scope.filter.flat().map((c) => c.field),
          ),
        },
      ),
    );
    for (const t of scope.types) out.set(t.name, page.entityTypes?.[t.name]?.total ?? 0);
    return out;
  }

  /** Values of one field on every entity matching a query within a scope (for browsing). */
  async valuesWithin(scope: Scope, input: string, field: string, flags: SearchFlags = {}): Promise<Array<{ urn: string; value: string }>> {
    if (!scope.types || scope.types.length === 0) return [];
    const { match } = await textMatch(boundedText(input, 'query').trim(), this.registry, this.store);
    const includeRemoved = flags.includeSoftDeleted === true || mentionsRemoved([[...scope.filter.flat(), ...matchCriteria(match)]]);
    return this.store.matchValues(
      {
        entityTypes: scope.types.map((t) => t.name),
        words: [],
        ...(match ? { match } : {}),
        nameFields: [],
        weights: [],
        filter: scope.filter,
        keyedFields: keyedIn(scope.types, [field, ...scope.filter.flat().map((c) => c.field), ...matchCriteria(match).map((c) => c.field)]),
        includeRemoved,
        start: 0,
        count: 0,
        facetFields: [],
      },
      field,
    );
  }

  /** Prefix suggestions from the autocomplete fields of an entity type (or one named field). */
  async autocomplete(
    req: { entity: string; query: string; field?: string; limit: number; filter?: unknown },
    actor: string,
  ): Promise<string[]> {
    // One type per name asked, or a refusal.
    const [type] = await this.entityTypes([req.entity], actor);
    return this.suggest(type!, {
      query: req.query,
      limit: req.limit,
      filter: this.normalize(parseFilter(req.filter)),
      ...(req.field ? { field: req.field } : {}),
    });
  }

  /** Suggestions of one (already checked) type within a scope's filter. */
  async suggest(type: EntitySpec, req: { query: string; field?: string; limit: number; filter: Criterion[][] }): Promise<string[]> {
    if (!Number.isInteger(req.limit) || req.limit < 0 || req.limit > this.maxCount)
      throw badRequest(`limit must be an integer from 0 to ${this.maxCount}`);
    const fields = req.field ? [req.field] : this.autocompleteFields(type);
    return this.store.autocomplete([type.name], fields, boundedText(req.query, 'query').trim(), req.filter, req.limit);
  }

  /**
   * Entities of one type that autocomplete suggests: those with a suggested field's value starting with
   * the query (or holding a word that does, after a space or a dot), exact names first (DataHub answers the documents its
   * suggestions came from).
   */
  async suggestedEntities(
    type: EntitySpec,
    req: { query: string; field?: string; limit: number; filter: Criterion[][] },
  ): Promise<string[]> {
    const text = boundedText(req.query, 'query').trim();
    if (text === '' || req.limit === 0) return [];
    const fields = req.field ? [req.field] : this.autocompleteFields(type);
    const starts = fields.flatMap((field): Criterion[][] => [
      [{ field, condition: 'START_WITH', values: [text], negated: false }],
      [{ field, condition: 'CONTAIN', values: [` ${text}`], negated: false }],
      [{ field, condition: 'CONTAIN', values: [`.${text}`], negated: false }],
    ]);
    const page = await this.store.search({
      entityTypes: [type.name],
      words: [],
      phrase: text,
      nameFields: fields,
      weights: [],
      filter: combineFilters(req.filter, starts),
      keyedFields: keyedIn([type], [...fields, ...(req.filter ?? []).flat().map((c) => c.field)]),
      includeRemoved: false,
      start: 0,
      count: req.limit,
      facetFields: [],
    });
    return page.urns;
  }

  private autocompleteFields(type: EntitySpec): string[] {
    return [
      ...new Set(
        this.fields([type])
          .filter((f) => f.enableAutocomplete && f.fieldType !== 'URN' && f.fieldType !== 'URN_PARTIAL')
          .map((f) => f.fieldName),
      ),
    ];
  }
}

/**
 * Of these fields, those keyed in every type (indexing/searchRow.ts): SQL looks their values up in
 * `search_value`, and reads the others from the documents' stored rows.
 */
function keyedIn(types: readonly EntitySpec[], fields: readonly string[]): string[] {
  const names = new Set(fields.map((f) => f.replace(/\.keyword$/, '')));
  return [...names].filter((f) => types.every((t) => isKeyed(t)(f)));
}

/**
 * The fields `_entityName` stands for: of each type, its first name field (boosted, queried by default)
 * outside its key, else its key's, as DataHub aliases the display name of a type's main aspect.
 */
function entityNameFields(types: readonly EntitySpec[]): string[] {
  const out = new Set<string>();
  for (const t of types) {
    const names = [...t.aspects.values()].flatMap((a) =>
      a.searchable
        .filter((f) => f.queryByDefault && f.boostScore >= 8)
        .map((f) => ({ field: f.fieldName, key: a.name === t.keyAspect.name })),
    );
    const chosen = names.find((n) => !n.key) ?? names[0];
    if (chosen) out.add(chosen.field);
  }
  return [...out];
}

function parseSort(raw: unknown): Array<{ field: string; order: 'ASCENDING' | 'DESCENDING' }> {
  return (Array.isArray(raw) ? raw : [raw]).map((one) => {
    const s = one as { field?: unknown; order?: unknown };
    if (typeof s !== 'object' || s === null || typeof s.field !== 'string')
      throw badRequest('sort must be {field, order: ASCENDING | DESCENDING}');
    const order = s.order ?? 'ASCENDING';
    if (order !== 'ASCENDING' && order !== 'DESCENDING')
      throw badRequest(`sort.order must be ASCENDING or DESCENDING, not '${String(order)}'`);
    return { field: boundedText(s.field, 'sort.field'), order };
  });
}

/** The default-query fields whose values contain a word starting with one of the query's words. */
function matchedFields(row: SearchRow | undefined, words: readonly string[], fields: readonly SearchableField[]): MatchedField[] {
  if (!row || words.length === 0) return [];
  const lowered = words.map((w) => w.toLowerCase());
  const names = new Set(fields.filter((f) => f.queryByDefault).map((f) => f.fieldName));
  const out: MatchedField[] = [];
  for (const [name, values] of Object.entries(row.values)) {
    if (!names.has(name)) continue;
    for (const value of values) {
      const tokens = textTokens(value);
      if (lowered.some((w) => tokens.some((t) => t.startsWith(w)))) out.push({ name, value });
    }
  }
  return out;
}
