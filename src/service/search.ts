/**
 * Full-text search, exact field match, filters, facets, scrolling and autocomplete over the derived
 * search rows. What is searchable, with which boosts and facets, comes from the registry; so does
 * which types an actor may not see, and those are never part of the query, so that no total, facet
 * or suggestion counts them.
 */
import { READ_REFUSED, type Authorizer } from '../auth/authorizer.js';
import { isKeyed, textTokens } from '../indexing/searchRow.js';
import type { Registry } from '../registry/registry.js';
import type { EntitySpec, SearchableField } from '../registry/types.js';
import type { SearchQuery, SearchRow, Store } from '../store/types.js';
import { badRequest } from './errors.js';
import { boundedText } from './limits.js';
import { mentionsRemoved, parseFilter } from './filters.js';

export interface SearchRequest {
  /** Entity type names; empty = every searchable type. */
  entities: readonly string[];
  input: string;
  filter?: unknown;
  sort?: unknown;
  start: number;
  count: number;
}

export interface MatchedField {
  name: string;
  value: string;
}

export interface SearchResult {
  total: number;
  start: number;
  count: number;
  urns: string[];
  matches: MatchedField[][];
  facets: Array<{ name: string; displayName: string; aggregations: Record<string, number> }>;
}

const MAX_COUNT = 10_000;

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

/** Words of a query, split as the full-text index splits text (duplicates dropped). */
export function queryWords(input: string): string[] {
  return [...new Set(input.split(/[^\p{L}\p{N}]+/u).flatMap((w) => textTokens(w)))];
}

export class SearchService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
  ) {}

  /**
   * Entity types a request names (400 for unknown ones), or every searchable type. A type the actor
   * may not see is refused when named (403, as DataHub's REST search) and left out when not.
   */
  async entityTypes(names: readonly string[], actor: string): Promise<EntitySpec[]> {
    if (names.length === 0) return this.authorizer.visibleTypes(actor, [...this.registry.entities.values()].filter((e) => e.category !== 'internal'));
    const types = names.map((n) => {
      const e = this.registry.entity(n);
      if (!e) throw badRequest(`Failed to find entity with name ${n} in EntityRegistry`);
      return e;
    });
    await this.authorizer.requireReadable(actor, types, READ_REFUSED.search);
    return types;
  }

  private fields(types: readonly EntitySpec[]): SearchableField[] {
    const out: SearchableField[] = [];
    for (const e of types) for (const a of e.aspects.values()) out.push(...a.searchable);
    return out;
  }

  async search(req: SearchRequest, actor: string): Promise<SearchResult> {
    if (!Number.isInteger(req.start) || req.start < 0) throw badRequest('start must be a non-negative integer');
    if (!Number.isInteger(req.count) || req.count < 0 || req.count > MAX_COUNT) throw badRequest(`count must be an integer from 0 to ${MAX_COUNT}`);
    const types = await this.entityTypes(req.entities, actor);
    const fields = this.fields(types);
    const filter = [...parseFilter(req.filter)];
    const input = boundedText(req.input, 'input').trim();
    let words: string[] = [];
    let phrase: string | undefined;

    const exact = /^([A-Za-z_][\w.]*):(.+)$/s.exec(input);
    const fieldNames = new Set(['urn', ...fields.map((f) => f.fieldName)]);
    if (exact && fieldNames.has(exact[1].replace(/\.keyword$/, ''))) {
      // `<field>:<value>` matches that field exactly.
      const criterion = { field: exact[1].replace(/\.keyword$/, ''), condition: 'EQUAL' as const, values: [exact[2].trim()], negated: false };
      if (filter.length === 0) filter.push([criterion]);
      else filter.forEach((and, i) => (filter[i] = [...and, criterion]));
    } else if (input !== '' && input !== '*') {
      words = queryWords(input);
      phrase = input;
    }

    const query: SearchQuery = {
      entityTypes: types.map((t) => t.name),
      words,
      ...(phrase ? { phrase } : {}),
      nameFields: [...new Set(fields.filter((f) => f.queryByDefault && f.boostScore >= 8).map((f) => f.fieldName))],
      weights: fields.flatMap((f) => Object.entries(f.weightsPerFieldValue).map(([value, weight]) => ({ field: f.fieldName, value, weight }))),
      filter,
      keyedFields: [...new Set(filter.flat().map((c) => c.field))].filter((f) => types.every((t) => isKeyed(t)(f))),
      includeRemoved: mentionsRemoved(filter),
      ...(req.sort ? { sort: parseSort(req.sort) } : {}),
      start: req.start,
      count: req.count,
      facetFields: [...new Set(fields.filter((f) => f.addToFilters).map((f) => f.fieldName))],
    };
    const page = await this.store.search(query);
    const rows = await this.store.getSearchRows(page.urns);
    const facetSpecs = new Map<string, string>();
    for (const f of fields) if (f.addToFilters && !facetSpecs.has(f.fieldName)) facetSpecs.set(f.fieldName, f.filterName);
    return {
      total: page.total,
      start: req.start,
      count: req.count,
      urns: page.urns,
      matches: page.urns.map((u) => matchedFields(rows.get(u), words, fields)),
      facets: [...facetSpecs].map(([name, displayName]) => ({ name, displayName, aggregations: page.facets[name] ?? {} })),
    };
  }

  /** Prefix suggestions from the autocomplete fields of an entity type (or one named field). */
  async autocomplete(req: { entity: string; query: string; field?: string; limit: number; filter?: unknown }, actor: string): Promise<string[]> {
    const [type] = await this.entityTypes([req.entity], actor);
    if (!Number.isInteger(req.limit) || req.limit < 0 || req.limit > MAX_COUNT) throw badRequest(`limit must be an integer from 0 to ${MAX_COUNT}`);
    const fields = req.field
      ? [req.field]
      : [...new Set(this.fields([type]).filter((f) => f.enableAutocomplete && f.fieldType !== 'URN' && f.fieldType !== 'URN_PARTIAL').map((f) => f.fieldName))];
    return this.store.autocomplete([type.name], fields, boundedText(req.query, 'query').trim(), parseFilter(req.filter), req.limit);
  }
}

function parseSort(raw: unknown): { field: string; order: 'ASCENDING' | 'DESCENDING' } {
  const s = raw as { field?: unknown; order?: unknown };
  if (typeof s !== 'object' || s === null || typeof s.field !== 'string') throw badRequest('sort must be {field, order: ASCENDING | DESCENDING}');
  const order = s.order ?? 'ASCENDING';
  if (order !== 'ASCENDING' && order !== 'DESCENDING') throw badRequest(`sort.order must be ASCENDING or DESCENDING, not '${String(order)}'`);
  return { field: s.field, order };
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
