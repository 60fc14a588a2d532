/**
 * Bounds on the work one GraphQL document may ask for, checked before graphql-js's own validation
 * rules run, since some of those grow faster than the document.
 *
 * Parsing stops at graphql-java's limits, which DataHub runs with (1 MiB of characters, 15,000 tokens),
 * and at a nesting of brackets the recursive parser can take. Then each operation's depth and number of
 * fields, fragments expanded, are held to DataHub's defaults (50 and 2000, with graphql-java's messages).
 * Expanding fragments is exponential in their nesting, so each fragment is measured once and its counts
 * reused wherever it is spread; counts saturate rather than overflow. Last, the documents whose few
 * operations and introspection fields are within bounds have the width of each level checked, which is
 * what makes OverlappingFieldsCanBeMergedRule quadratic.
 */
import {
  GraphQLError,
  Kind,
  Lexer,
  parse,
  Source,
  TokenKind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export const MAX_DEPTH = 50;
export const MAX_COMPLEXITY = 50_000;
/**
 * Fields resolved in answering one request. The document's measure cannot bound the answer, since its
 * pages are as long as the data (the app asks for 1,000 lineage edges with an entity's fragments on
 * each); so execution counts, and stops past this many: half a second of work, which graphql-js does
 * without yielding, and some 15 MB of JSON. The app's largest answers hold a few hundred thousand.
 */
export const MAX_RESOLVED_FIELDS = 500_000;

/** What one item of a list argument counts for against MAX_RESOLVED_FIELDS: some ten fields' work. */
export const ARGUMENT_ITEM_COST = 10;

/** Raised by every field once a request has resolved MAX_RESOLVED_FIELDS, so the rest is skipped. */
export const RESULT_TOO_LARGE = `maximum result size exceeded: more than ${MAX_RESOLVED_FIELDS} fields resolved`;
/** graphql-java's ParserOptions defaults (MAX_QUERY_CHARACTERS, MAX_QUERY_TOKENS). */
export const MAX_CHARACTERS = 1024 * 1024;
export const MAX_TOKENS = 15_000;
/**
 * Brackets of all kinds open at once. graphql-java stops at 500 grammar rules deep, which is two or three
 * rules a level; DataHub's web app nests 18 at most. Unbounded, nesting would overflow the stack of
 * graphql-js's recursive parser.
 */
export const MAX_NESTING = 200;
/**
 * `__schema` and `__type` fields in one operation. Each answers from the whole schema, and aliases of
 * them are cheap to write: 300 full introspections take seconds. No client asks for more than one or two.
 */
export const MAX_INTROSPECTION = 10;
/**
 * Pairs compared at one response level (see widestLevel). DataHub's web app needs 7,000 at most; past
 * 100,000 OverlappingFieldsCanBeMergedRule would spend tens of milliseconds.
 */
export const MAX_LEVEL_PAIRS = 100_000;
/**
 * Operations in one document. Only one runs, but validation rules go through each of them with the
 * fragments it spreads; clients send one, GraphiQL the few in its editor.
 */
export const MAX_OPERATIONS = 100;

const CANCELLED = 'To prevent Denial Of Service attacks, parsing has been cancelled.';
const OPENING: ReadonlySet<string> = new Set([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING: ReadonlySet<string> = new Set([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * Parses a document within the size limits, or throws the GraphQLError that refuses it. The nesting is
 * checked by a lexer pass first, which stops at the token limit as the parser does.
 */
export function parseDocument(query: string): DocumentNode {
  if (query.length > MAX_CHARACTERS) throw new GraphQLError(`More than ${MAX_CHARACTERS} characters have been presented. ${CANCELLED}`);
  const source = new Source(query);
  const lexer = new Lexer(source);
  let open = 0;
  for (let tokens = 0, token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
    if (++tokens > MAX_TOKENS) throw new GraphQLError(`More than ${MAX_TOKENS} 'grammar' tokens have been presented. ${CANCELLED}`);
    if (OPENING.has(token.kind) && ++open > MAX_NESTING) {
      throw new GraphQLError(`More than ${MAX_NESTING} nested brackets have been presented. ${CANCELLED}`, {
        source,
        positions: [token.start],
      });
    }
    if (CLOSING.has(token.kind)) open--;
  }
  return parse(source, { maxTokens: MAX_TOKENS });
}

/** What one selection set costs, its fragments expanded. */
export interface Measure {
  /** Levels of fields, the outermost field being level 1. */
  depth: number;
  /** Fields selected, each expansion of a fragment counted again; at most Number.MAX_SAFE_INTEGER. */
  fields: number;
  /** `__schema` and `__type` fields, counted the same way. */
  introspection: number;
}

export interface DocumentMeasure {
  operations: Array<{ operation: OperationDefinitionNode } & Measure>;
  /** Selections looked at: the work done, which is at most the number of selections in the document. */
  visits: number;
}

/** As many as graphql-js's validate reports before it stops. */
const MAX_ERRORS = 100;
const NOTHING: Measure = { depth: 0, fields: 0, introspection: 0 };
const add = (a: number, b: number) => Math.min(a + b, Number.MAX_SAFE_INTEGER);
const INTROSPECTION: ReadonlySet<string> = new Set(['__schema', '__type']);

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(def.name.value)) fragments.set(def.name.value, def);
  }
  return fragments;
}

/** The names of the fragments a selection set spreads, at any nesting within it. */
function spreadsIn(set: SelectionSetNode): string[] {
  const names: string[] = [];
  const pending: SelectionSetNode[] = [set];
  for (let next = pending.pop(); next; next = pending.pop()) {
    for (const selection of next.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) names.push(selection.name.value);
      else if (selection.selectionSet) pending.push(selection.selectionSet);
    }
  }
  return names;
}

/**
 * Computes a value for each fragment once, however many times it is spread, those it spreads first. The
 * order comes from a walk without recursion, so a chain of a thousand fragments does not overflow the
 * stack. A spread that closes a cycle (NoFragmentCyclesRule reports it) or names no fragment counts as
 * `empty`.
 */
function memoized<T>(
  fragments: Map<string, FragmentDefinitionNode>,
  empty: T,
  compute: (fragment: FragmentDefinitionNode) => T,
): (name: string) => T {
  const done = new Map<string, T>();
  let ready = false;
  // Everything is computed at the first look-up, when the functions `compute` calls are all defined.
  const computeAll = () => {
    const entered = new Set<string>();
    for (const root of fragments.keys()) {
      if (entered.has(root)) continue;
      entered.add(root);
      const stack: Array<{ name: string; spreads: string[] }> = [{ name: root, spreads: spreadsIn(fragments.get(root)!.selectionSet) }];
      while (stack.length > 0) {
        const top = stack[stack.length - 1]!;
        const next = top.spreads.pop();
        if (next === undefined) {
          stack.pop();
          done.set(top.name, compute(fragments.get(top.name)!));
        } else if (fragments.has(next) && !entered.has(next)) {
          entered.add(next);
          stack.push({ name: next, spreads: spreadsIn(fragments.get(next)!.selectionSet) });
        }
      }
    }
  };
  const lookup = (name: string): T => {
    if (!ready) {
      ready = true;
      computeAll();
    }
    return done.get(name) ?? empty;
  };
  return lookup;
}

/**
 * The depth, fields and introspection of each operation of a document, in time linear in its size.
 *
 * An object has one type, so of the fragments a selection set spreads on different types only those on
 * that object's type run: fields are counted as the unconditioned ones plus the costliest type's. Types
 * are told by name, without the schema, so a fragment on an interface counts as a branch of its own; an
 * object matching several such branches runs at most a few times the measure.
 */
export function measureDocument(document: DocumentNode): DocumentMeasure {
  let visits = 0;
  const ofSet = (set: SelectionSetNode | undefined): Measure => {
    let depth = 0;
    const plain = { fields: 0, introspection: 0 };
    const branches = new Map<string, { fields: number; introspection: number }>();
    for (const selection of set?.selections ?? []) {
      visits++;
      let inner: Measure;
      let on: string | undefined;
      if (selection.kind === Kind.FIELD) {
        const sub = ofSet(selection.selectionSet);
        inner = {
          depth: sub.depth + 1,
          fields: add(sub.fields, 1),
          introspection: add(sub.introspection, INTROSPECTION.has(selection.name.value) ? 1 : 0),
        };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = ofSet(selection.selectionSet);
        on = selection.typeCondition?.name.value;
      } else {
        inner = ofFragment(selection.name.value);
        on = typeOf(selection.name.value);
      }
      depth = Math.max(depth, inner.depth);
      let sum = plain;
      if (on !== undefined) {
        sum = branches.get(on) ?? { fields: 0, introspection: 0 };
        branches.set(on, sum);
      }
      sum.fields = add(sum.fields, inner.fields);
      sum.introspection = add(sum.introspection, inner.introspection);
    }
    let fields = 0;
    let introspection = 0;
    for (const branch of branches.values()) {
      fields = Math.max(fields, branch.fields);
      introspection = Math.max(introspection, branch.introspection);
    }
    return { depth, fields: add(plain.fields, fields), introspection: add(plain.introspection, introspection) };
  };
  const fragments = fragmentsOf(document);
  const typeOf = (name: string) => fragments.get(name)?.typeCondition.name.value;
  const ofFragment = memoized(fragments, NOTHING, (fragment) => ofSet(fragment.selectionSet));

  const operations: DocumentMeasure['operations'] = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) operations.push({ operation: def, ...ofSet(def.selectionSet) });
  }
  return { operations, visits };
}

/** The fields of one response level by response name, and the fragment spreads in it. */
interface Level {
  names: Map<string, number>;
  spreads: number;
  /** What OverlappingFieldsCanBeMergedRule may compare here: same-named fields and spreads, by pairs. */
  pairs: number;
}

class TooManyPairs extends Error {}

/**
 * The most pairs OverlappingFieldsCanBeMergedRule may compare at one response level (a selection set with
 * its inline fragments and spreads expanded in place), or a number above `max` if some level has more.
 * It compares every two same-named fields of a level and every two fragments spread in it, so its work
 * grows with the square of a level's width, up to graphql-js's own budget of half a million steps.
 */
export function widestLevel(document: DocumentNode, max = MAX_LEVEL_PAIRS): number {
  let widest = 0;
  const newLevel = (): Level => ({ names: new Map(), spreads: 0, pairs: 0 });
  const count = (level: Level, name: string, n: number) => {
    const had = level.names.get(name) ?? 0;
    level.names.set(name, had + n);
    level.pairs += 2 * had * n + n * n;
  };
  const spread = (level: Level, n: number) => {
    level.pairs += 2 * level.spreads * n + n * n;
    level.spreads += n;
  };
  const check = (level: Level) => {
    widest = Math.max(widest, level.pairs);
    if (level.pairs > max) throw new TooManyPairs();
  };
  const collect = (set: SelectionSetNode, level: Level): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        count(level, selection.alias?.value ?? selection.name.value, 1);
        if (selection.selectionSet) check(ofSet(selection.selectionSet));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet, level);
      } else {
        const fragment = ofFragment(selection.name.value);
        spread(level, fragment.spreads + 1);
        for (const [name, n] of fragment.names) count(level, name, n);
      }
      check(level);
    }
  };
  const ofSet = (set: SelectionSetNode): Level => {
    const level = newLevel();
    collect(set, level);
    return level;
  };
  const ofFragment = memoized(fragmentsOf(document), newLevel(), (fragment) => ofSet(fragment.selectionSet));
  try {
    for (const def of document.definitions) if (def.kind === Kind.OPERATION_DEFINITION) check(ofSet(def.selectionSet));
  } catch (err) {
    if (!(err instanceof TooManyPairs)) throw err;
  }
  return widest;
}

/**
 * The errors refusing a document for the work it asks for, with DataHub's messages for depth and
 * complexity; empty when within limits. Fields are compared by pairs only once the counts are bounded.
 */
export function checkLimits(document: DocumentNode): GraphQLError[] {
  const operations = document.definitions.filter((def) => def.kind === Kind.OPERATION_DEFINITION).length;
  if (operations > MAX_OPERATIONS) return [new GraphQLError(`maximum operations exceeded ${operations} > ${MAX_OPERATIONS}`)];
  const errors: GraphQLError[] = [];
  for (const { operation, depth, fields, introspection } of measureDocument(document).operations) {
    if (errors.length >= MAX_ERRORS) break;
    const nodes = [operation];
    if (depth > MAX_DEPTH) errors.push(new GraphQLError(`maximum query depth exceeded ${depth} > ${MAX_DEPTH}`, { nodes }));
    if (fields > MAX_COMPLEXITY)
      errors.push(new GraphQLError(`maximum query complexity exceeded ${fields} > ${MAX_COMPLEXITY}`, { nodes }));
    if (introspection > MAX_INTROSPECTION)
      errors.push(new GraphQLError(`maximum introspection fields exceeded ${introspection} > ${MAX_INTROSPECTION}`, { nodes }));
  }
  if (errors.length > 0) return errors;
  const pairs = widestLevel(document);
  if (pairs > MAX_LEVEL_PAIRS) {
    errors.push(
      new GraphQLError(
        `maximum overlapping fields exceeded ${pairs} > ${MAX_LEVEL_PAIRS}: pairs of same-named fields or of fragment spreads at one level`,
      ),
    );
  }
  return errors;
}

/**
 * The most fields of any object inside a JSON value, found without recursion; the walk stops once one
 * wider than `stopAbove` is found. Variables are checked with it: graphql-js quotes the whole of an invalid
 * object in its coercion errors, which costs several times what reading the object did.
 */
export function widestObject(value: unknown, stopAbove = Infinity): number {
  let widest = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (Array.isArray(next)) {
      for (const v of next) if (v !== null && typeof v === 'object') pending.push(v);
    } else if (next !== null && typeof next === 'object') {
      const object = next as Record<string, unknown>;
      const keys = Object.keys(object);
      widest = Math.max(widest, keys.length);
      if (widest > stopAbove) break;
      for (const key of keys) if (object[key] !== null && typeof object[key] === 'object') pending.push(object[key]);
    }
  }
  return widest;
}
