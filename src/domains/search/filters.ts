/**
 * Search filters as clients send them — `{or: [{and: [criterion]}]}`, or the legacy top-level
 * `{criteria: [...]}` — checked once here and turned into the store's criteria.
 */
import { isPlainObject } from '../../json.js';
import type { Condition, Criterion, SearchQuery } from '../../store/types.js';
import { badRequest } from '../../errors.js';
import { boundedText, MAX_FILTER_VALUES } from '../../limits.js';

const CONDITIONS: readonly Condition[] = [
  'EQUAL',
  'CONTAIN',
  'START_WITH',
  'END_WITH',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'IN',
  'EXISTS',
  'IS_NULL',
];

/** Conditions a client may name that mean one of ours: values are compared ignoring case already. */
const SYNONYMS: Readonly<Record<string, Condition>> = { IEQUAL: 'EQUAL' };

/**
 * DataHub's hierarchy conditions, which expand a value into the domains, containers or terms above or
 * below it before matching; this service does not expand hierarchies, and says so rather than
 * matching the value alone.
 */
const HIERARCHY_CONDITIONS = ['DESCENDANTS_INCL', 'ANCESTORS_INCL', 'RELATED_INCL'];

function scalarText(v: unknown, where: string): string {
  if (typeof v === 'string') return boundedText(v, where);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw badRequest(`${where} must be a string`);
}

function parseCriterion(raw: unknown, where: string): Criterion {
  if (!isPlainObject(raw)) throw badRequest(`${where} must be an object {field, value | values, condition?, negated?}`);
  if (typeof raw.field !== 'string' || raw.field === '') throw badRequest(`${where}.field is required`);
  boundedText(raw.field, `${where}.field`);
  const named = String(raw.condition ?? 'EQUAL');
  if (HIERARCHY_CONDITIONS.includes(named)) {
    throw badRequest(
      `${where}: condition ${named} (on field '${raw.field}') is not supported by this service; use EQUAL or IN with the values themselves`,
    );
  }
  const condition = (SYNONYMS[named] ?? named) as Condition;
  if (!CONDITIONS.includes(condition))
    throw badRequest(`${where}.condition '${String(raw.condition)}' is not one of ${CONDITIONS.join(', ')}`);
  let values: string[] = [];
  if (Array.isArray(raw.values) && raw.values.length > 0) values = raw.values.map((v, i) => scalarText(v, `${where}.values[${i}]`));
  else if (raw.value !== undefined && raw.value !== null) values = [scalarText(raw.value, `${where}.value`)];
  // An explicit empty list is a value set that nothing matches, as in DataHub: negated, everything does.
  // (The web app asks for posts whose urn is not among those already seen, seen none.)
  const emptyList = Array.isArray(raw.values) && raw.values.length === 0 && (raw.value === undefined || raw.value === null);
  if (values.length === 0 && !emptyList && condition !== 'EXISTS' && condition !== 'IS_NULL') {
    throw badRequest(`${where} on field '${raw.field}' needs a value or values for condition ${condition}`);
  }
  return { field: raw.field.replace(/\.keyword$/, ''), condition, values, negated: raw.negated === true };
}

/** An absent filter is no filter. */
export function parseFilter(raw: unknown): SearchQuery['filter'] {
  if (raw === undefined || raw === null) return [];
  if (!isPlainObject(raw)) throw badRequest('filter must be an object {or: [{and: [criterion]}]}');
  const groups: Criterion[][] = [];
  if (Array.isArray(raw.or)) {
    raw.or.forEach((group, i) => {
      if (!isPlainObject(group) || !Array.isArray(group.and)) throw badRequest(`filter.or[${i}] must be {and: [criterion]}`);
      groups.push(group.and.map((c, j) => parseCriterion(c, `filter.or[${i}].and[${j}]`)));
    });
  } else if (raw.or !== undefined) {
    throw badRequest('filter.or must be an array');
  }
  if (Array.isArray(raw.criteria) && raw.criteria.length > 0) {
    const legacy = raw.criteria.map((c, j) => parseCriterion(c, `filter.criteria[${j}]`));
    // Legacy criteria are ANDed with every group (or stand alone).
    if (groups.length === 0) groups.push(legacy);
    else for (const g of groups) g.push(...legacy);
  }
  const values = groups.reduce((n, and) => and.reduce((m, c) => m + c.values.length, n), 0);
  if (values > MAX_FILTER_VALUES) throw badRequest(`filter holds ${values} values; at most ${MAX_FILTER_VALUES} are allowed`);
  return groups.flatMap(expandGroup);
}

/**
 * Fields a filter on which also matches others, as DataHub's ESUtils expands them: a tag or term
 * filter matches an entity's own labels and its columns' (from the schema or edited), a column
 * filter both forms of a column's labels, a description filter the edited one too.
 */
const EXPANDED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  tags: ['tags', 'fieldTags', 'editedFieldTags'],
  glossaryTerms: ['glossaryTerms', 'fieldGlossaryTerms', 'editedFieldGlossaryTerms'],
  fieldTags: ['fieldTags', 'editedFieldTags'],
  fieldGlossaryTerms: ['fieldGlossaryTerms', 'editedFieldGlossaryTerms'],
  fieldDescriptions: ['fieldDescriptions', 'editedFieldDescriptions'],
  description: ['description', 'editedDescription'],
};
/** Expansion multiplies AND groups; past this many, criteria are left as written. */
const MAX_EXPANDED_GROUPS = 64;

/**
 * One AND group with its expandable criteria made into alternatives, in disjunctive normal form: a
 * criterion holds on any of its fields (so the group splits into one per field), and a negated one
 * (or IS_NULL) on none of them (so it stays in the group once per field).
 */
function expandGroup(and: Criterion[]): Criterion[][] {
  let out: Criterion[][] = [[]];
  for (const c of and) {
    const fields = EXPANDED_FIELDS[c.field];
    if (!fields) {
      for (const g of out) g.push(c);
    } else if (c.negated !== (c.condition === 'IS_NULL')) {
      // holds on none of the fields (IS_NULL: absent from all, the complement of EXISTS on any)
      for (const g of out) g.push(...fields.map((field) => ({ ...c, field })));
    } else if (out.length * fields.length > MAX_EXPANDED_GROUPS) {
      for (const g of out) g.push(c);
    } else {
      out = out.flatMap((g) => fields.map((field) => [...g, { ...c, field }]));
    }
  }
  return out;
}

/** Soft-deleted entities are hidden unless the filter itself names `removed`. */
export function mentionsRemoved(filter: SearchQuery['filter']): boolean {
  return filter.some((and) => and.some((c) => c.field === 'removed'));
}

/**
 * Two filters in conjunction, in disjunctive normal form: every AND group of one joined with every
 * group of the other (DataHub's way of applying a view's filter to a search's). An empty filter is
 * no condition.
 */
export function combineFilters(a: SearchQuery['filter'], b: SearchQuery['filter']): Criterion[][] {
  if (a.length === 0) return b.map((g) => [...g]);
  if (b.length === 0) return a.map((g) => [...g]);
  return a.flatMap((g1) => b.map((g2) => [...g1, ...g2]));
}

/** A filter of one criterion: `field` has `value`. */
export function fieldEquals(field: string, value: string): Criterion[][] {
  return [[{ field, condition: 'EQUAL', values: [value], negated: false }]];
}

/**
 * A store query matching by its filter alone (no words, so no ranking, no facets): the entities a
 * service looks up for itself, such as a name already taken or the holders of a value.
 */
export function filterQuery(
  entityTypes: readonly string[],
  filter: SearchQuery['filter'],
  count: number,
  options: Partial<SearchQuery> = {},
): SearchQuery {
  return {
    entityTypes,
    words: [],
    nameFields: [],
    weights: [],
    filter,
    includeRemoved: false,
    start: 0,
    count,
    facetFields: [],
    ...options,
  };
}
