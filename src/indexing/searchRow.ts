/**
 * The stored form of a search document: its filterable values, plus its full text in four columns
 * weighted by the fields' boosts (the four weights PostgreSQL's tsvector knows, A to D), so both
 * backends rank the same way.
 */
import type { Registry } from '../registry/registry.js';
import type { EntitySpec } from '../registry/types.js';
import type { Scalar } from './paths.js';
import type { SearchDocument } from './searchDocument.js';
import { isStructuredPropertyField } from './structuredPropertyFields.js';
import { LONE_SURROGATE } from '../urn.js';

export interface SearchRow {
  urn: string;
  entityType: string;
  removed: boolean;
  /** Field → values, each as text (booleans `true`/`false`), for filters, facets and exact match. */
  values: Record<string, string[]>;
  /**
   * The fields of `values` that are also looked up by value across entities (autocomplete, browse,
   * filters); the others (column names and descriptions…) are only read entity by entity, and
   * keeping them out of the by-value index saves most of its writes.
   */
  keyed: string[];
  /** The fields of `values` that are a facet of some entity type (`addToFilters`). */
  facets: string[];
  /** Full-text words by weight, space-separated: [A (boost ≥ 8, and the urn), B (≥ 2), C (≥ 0.9), D (lower)]. */
  text: [string, string, string, string];
}

/**
 * Column weights of the four text columns. A document's text score is the sum of the weights of the
 * columns in which some query word occurs: simple enough for both backends to compute identically.
 */
export const TEXT_WEIGHTS = [10, 4, 1, 0.4] as const;

export function weightBucket(boost: number): 0 | 1 | 2 | 3 {
  if (boost >= 8) return 0;
  if (boost >= 2) return 1;
  if (boost >= 0.9) return 2;
  return 3;
}

/** `SampleKafkaDataset` also matches `kafka`; `db.orders_daily` matches `orders`. */
export function splitWords(text: string): string {
  if (!HAS_UPPER.test(text)) return text;
  const split = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return split === text ? text : `${text} ${split}`;
}

/**
 * The words of a text as the full-text index holds them: letters and digits only, lower-cased,
 * accents removed, camel-cased words also split. Both backends index these exact words (SQLite's
 * FTS5 and PostgreSQL's `simple` tsvector see nothing left to split), so they match alike.
 */
export function textTokens(text: string): string[] {
  const words = splitWords(text);
  // Most catalog text is ASCII: there, accents cannot occur and letters and digits are [a-z0-9].
  const parts = ASCII.test(words)
    ? words.toLowerCase().split(/[^a-z0-9]+/)
    : words
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u);
  return parts.filter((t) => t.length > 0);
}

const ASCII = /^\p{ASCII}*$/u;
/** The splits above need an upper-case letter; most column names have none. */
const HAS_UPPER = /[A-Z]/;

/** Computed once per entity type: the registry does not change while the process runs. */
function perEntity<T>(compute: (entity: EntitySpec) => T): (entity: EntitySpec) => T {
  const cache = new WeakMap<EntitySpec, T>();
  return (entity) => {
    let value = cache.get(entity);
    if (value === undefined) {
      value = compute(entity);
      cache.set(entity, value);
    }
    return value;
  };
}

/** Full-text boosts of an entity type's default-query fields, by field name (the urn counts as 10). */
export const textFields = perEntity((entity: EntitySpec): Map<string, number> => {
  const boosts = new Map<string, number>([['urn', 10]]);
  for (const aspect of entity.aspects.values()) {
    for (const f of aspect.searchable) {
      if (f.queryByDefault) boosts.set(f.fieldName, Math.max(boosts.get(f.fieldName) ?? 0, f.boostScore));
    }
  }
  return boosts;
});

/** Free-text fields, matched through the full text; filters on them still work, entity by entity. */
const UNKEYED_TYPES = new Set(['TEXT', 'TEXT_PARTIAL', 'WORD_GRAM']);

/**
 * Fields looked up by value: all but free text that is not a filter, not autocompleted, not a name
 * (exact name matches rank first) and not weighted by value.
 */
export const isKeyed = perEntity((entity: EntitySpec): ((field: string) => boolean) => {
  const unkeyed = new Set<string>();
  const keyed = new Set<string>();
  for (const aspect of entity.aspects.values()) {
    for (const f of aspect.searchable) {
      const byValue =
        f.addToFilters || f.enableAutocomplete || (f.queryByDefault && f.boostScore >= 8) || Object.keys(f.weightsPerFieldValue).length > 0;
      (UNKEYED_TYPES.has(f.fieldType) && !byValue ? unkeyed : keyed).add(f.fieldName);
    }
  }
  return (field) => keyed.has(field) || !unkeyed.has(field);
});

const facetFieldCache = new WeakMap<Registry, ReadonlySet<string>>();

/**
 * Fields that are a facet of some entity type. A search over several types counts a facet field's
 * values on every hit that has the field, as an aggregation by field name does, so a row keeps the
 * values of all of them, not only of its own type's facets.
 */
export function facetFields(registry: Registry): ReadonlySet<string> {
  let fields = facetFieldCache.get(registry);
  if (!fields) {
    const found = new Set<string>();
    for (const e of registry.entities.values())
      for (const a of e.aspects.values()) for (const f of a.searchable) if (f.addToFilters) found.add(f.fieldName);
    facetFieldCache.set(registry, found);
    fields = found;
  }
  return fields;
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * A value as text, halves of surrogate pairs replaced by U+FFFD: they have no UTF-8 form, and
 * PostgreSQL refuses JSON that escapes them (the stored document is read as jsonb there).
 */
const asText = (v: Scalar) => (typeof v === 'string' ? v.replace(LONE_SURROGATES, '\uFFFD') : String(v));

export function buildSearchRow(entity: EntitySpec, doc: SearchDocument, facets: ReadonlySet<string>): SearchRow {
  const boosts = textFields(entity);
  const text: [string[], string[], string[], string[]] = [[], [], [], []];
  const values: Record<string, string[]> = {};
  const keyed = isKeyed(entity);
  for (const [field, list] of Object.entries(doc.fields)) {
    values[field] = list.map(asText);
    const boost = boosts.get(field);
    if (boost === undefined) continue;
    for (const v of list) if (typeof v === 'string') text[weightBucket(boost)].push(textTokens(v).join(' '));
  }
  return {
    urn: doc.urn,
    entityType: doc.entityType,
    removed: doc.removed,
    values,
    keyed: Object.keys(values).filter(keyed),
    facets: Object.keys(values).filter((f) => facets.has(f) || isStructuredPropertyField(f)),
    text: text.map((t) => t.join(' ')) as SearchRow['text'],
  };
}
