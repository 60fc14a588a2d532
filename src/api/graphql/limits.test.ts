import { getIntrospectionQuery, GraphQLError, Kind, parse, specifiedRules, validate, visit, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../registry/registry.js';
import {
  checkLimits,
  MAX_CHARACTERS,
  MAX_COMPLEXITY,
  MAX_DEPTH,
  MAX_INTROSPECTION,
  MAX_LEVEL_PAIRS,
  MAX_NESTING,
  MAX_OPERATIONS,
  MAX_TOKENS,
  measureDocument,
  parseDocument,
  widestLevel,
  widestObject,
} from './limits.js';
import { webAppOperation, webAppOperationNames } from '../../../test/webAppOperations.js';
import { buildExecutableSchema } from './schema.js';

const times = (n: number, f: (i: number) => string, sep = ' ') => Array.from({ length: n }, (_, i) => f(i)).join(sep);
const nested = (n: number, open: string, inner: string, close: string) => open.repeat(n) + inner + close.repeat(n);
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(GraphQLError);
    return (err as GraphQLError).message;
  }
  throw new Error('not refused');
};

/** Fragments F0..F(levels-1), each selecting urn and spreading the next `fanout` times. */
const fanout = (levels: number, k: number) =>
  `{ dataset(urn: "u") { ...F0 } }\n${times(levels, (i) => `fragment F${i} on Dataset { urn ${i + 1 < levels ? times(k, () => `...F${i + 1}`) : ''} }`, '\n')}`;

/** Selections (fields, spreads, inline fragments) written in a document. */
function selections(document: DocumentNode): number {
  let n = 0;
  visit(document, { Field: () => void n++, FragmentSpread: () => void n++, InlineFragment: () => void n++ });
  return n;
}

describe('parsing within limits', () => {
  it('parses an ordinary document', () => {
    expect(parseDocument('query Q($u: String!) { dataset(urn: $u) { urn ... on Dataset { name } } }').definitions).toHaveLength(1);
  });

  it("refuses a document past graphql-java's character limit before reading it", () => {
    expect(parseDocument(`${'#'.repeat(MAX_CHARACTERS - 20)}\n{ __typename }`).kind).toBe(Kind.DOCUMENT);
    expect(refusal(() => parseDocument(`{ __typename }${' '.repeat(MAX_CHARACTERS)}`))).toBe(
      'More than 1048576 characters have been presented. To prevent Denial Of Service attacks, parsing has been cancelled.',
    );
  });

  it('refuses a document of more tokens than graphql-java reads', () => {
    expect(parseDocument(`{ ${times(MAX_TOKENS - 2, () => '__typename')} }`).kind).toBe(Kind.DOCUMENT);
    expect(refusal(() => parseDocument(`{ ${times(MAX_TOKENS - 1, () => '__typename')} }`))).toBe(
      "More than 15000 'grammar' tokens have been presented. To prevent Denial Of Service attacks, parsing has been cancelled.",
    );
  });

  it('refuses brackets nested deeper than the parser can recurse, saying where', () => {
    // The variable list's parenthesis is one level, the default value's brackets the rest.
    expect(parseDocument(`query($v: [Int] = ${nested(MAX_NESTING - 1, '[', '1', ']')}) { __typename }`).kind).toBe(Kind.DOCUMENT);
    const message = refusal(() => parseDocument(`query($v: [Int] = ${nested(MAX_NESTING, '[', '1', ']')}) { __typename }`));
    expect(message).toBe(
      'More than 200 nested brackets have been presented. To prevent Denial Of Service attacks, parsing has been cancelled.',
    );
    let error: GraphQLError | undefined;
    try {
      parseDocument(`{ a(b: ${nested(5000, '{c: ', '1', '}')}) }`);
    } catch (err) {
      error = err as GraphQLError;
    }
    expect(error?.locations).toEqual([{ line: 1, column: 8 + 4 * (MAX_NESTING - 2) }]);
  });

  it('counts brackets of the document, not those inside its strings', () => {
    expect(parseDocument(`{ dataset(urn: "${'['.repeat(5000)}") { urn } }`).kind).toBe(Kind.DOCUMENT);
  });

  it('reports syntax errors as graphql-js does', () => {
    expect(refusal(() => parseDocument('{ dataset('))).toMatch(/^Syntax Error: Expected Name, found <EOF>/);
  });
});

describe('depth and complexity, fragments measured once', () => {
  it('counts the fields and levels of an operation, through inline fragments and spreads', () => {
    const document = parse('{ dataset(urn: "u") { urn ... on Dataset { name } ...F } } fragment F on Dataset { container { urn } }');
    expect(measureDocument(document).operations.map(({ depth, fields, introspection }) => ({ depth, fields, introspection }))).toEqual([
      { depth: 3, fields: 5, introspection: 0 },
    ]);
  });

  it('counts, of fragments on different types, only the costliest: one object has one type', () => {
    const document = parse(
      '{ search { entity { urn ... on Dataset { a b c } ... on Chart { d } ...D ...C } } } fragment D on Dataset { e f } fragment C on Chart { g }',
    );
    // search, entity and urn, then Dataset's five fields rather than all seven typed ones.
    expect(measureDocument(document).operations[0]?.fields).toBe(3 + 5);
  });

  it('looks at each selection once while the expanded count grows exponentially', () => {
    for (const [levels, k] of [
      [5, 2],
      [20, 2],
      [22, 2],
      [40, 3],
      [400, 5],
    ] as const) {
      const document = parse(fanout(levels, k));
      const measured = measureDocument(document);
      // F(last) selects urn; each F before it urn and k times the next one; the operation adds dataset.
      let expected = 1n;
      for (let i = 1; i < levels; i++) expected = 1n + BigInt(k) * expected;
      expected += 1n;
      const saturated = expected > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(expected);
      expect(measured.operations[0]?.fields, `${levels} levels of ${k}`).toBe(saturated);
      expect(measured.operations[0]?.depth).toBe(2);
      expect(measured.visits, `${levels} levels of ${k}`).toBe(selections(document));
    }
  });

  it('stops at a cycle of fragments and at a fragment that does not exist', () => {
    const document = parse(
      '{ dataset(urn: "u") { ...A ...Missing } } fragment A on Dataset { urn ...B } fragment B on Dataset { name ...A }',
    );
    const [op] = measureDocument(document).operations;
    expect({ depth: op?.depth, fields: op?.fields }).toEqual({ depth: 2, fields: 3 });
  });

  it('counts introspection fields wherever they are spread', () => {
    const document = parse(
      `{ ${times(3, (i) => `s${i}: __schema { queryType { name } }`)} ...T ...T } fragment T on Query { t: __type(name: "Dataset") { name } }`,
    );
    expect(measureDocument(document).operations[0]?.introspection).toBe(3 + 2);
  });
});

describe('pairs compared at one response level', () => {
  it('counts same-named fields and spreads by pairs, a level of its own under each field', () => {
    expect(widestLevel(parse('{ a: __typename a: __typename b: __typename }'))).toBe(2 * 2 + 1);
    expect(widestLevel(parse('{ x: __typename ...F ... on Query { ...F } } fragment F on Query { x: __typename }'))).toBe(3 * 3 + 2 * 2);
    expect(widestLevel(parse('{ dataset(urn: "u") { urn urn urn } }'))).toBe(9);
  });

  it('stops as soon as one level has more than the most allowed', () => {
    const document = parse(`{ ${times(5000, () => 'a: __typename')} }`);
    const pairs = widestLevel(document, 100);
    expect(pairs).toBeGreaterThan(100);
    expect(pairs).toBeLessThan(200);
  });

  it('follows a chain of fragments without going round a cycle', () => {
    const chain = parse(`{ ...F0 }\n${times(100, (i) => `fragment F${i} on Query { a: __typename ...F${(i + 1) % 100} }`, '\n')}`);
    // The operation's level holds the chain's 100 fields and 101 spreads (the one closing the ring leads nowhere).
    expect(widestLevel(chain)).toBe(100 * 100 + 101 * 101);
  });
});

describe('the refusals', () => {
  const messages = (query: string) => checkLimits(parse(query)).map((e) => e.message);

  it("uses DataHub's messages for depth and complexity, and lets the limits themselves through", () => {
    const depth = (n: number) => `{ container(urn: "c") { ${nested(n - 2, 'container { ', 'urn', ' }')} } }`;
    expect(messages(depth(MAX_DEPTH))).toEqual([]);
    expect(messages(depth(MAX_DEPTH + 1))).toEqual(['maximum query depth exceeded 51 > 50']);
    const wide = (n: number) => `{ ${times(n, (i) => `a${i}: __typename`)} }`;
    expect(messages(wide(MAX_COMPLEXITY))).toEqual([]);
    expect(messages(wide(MAX_COMPLEXITY + 1))).toEqual([`maximum query complexity exceeded ${MAX_COMPLEXITY + 1} > ${MAX_COMPLEXITY}`]);
  });

  it('refuses many introspection fields, many operations and wide levels', () => {
    const introspect = (n: number) => `{ ${times(n, (i) => `t${i}: __type(name: "Dataset") { name }`)} }`;
    expect(messages(introspect(MAX_INTROSPECTION))).toEqual([]);
    expect(messages(introspect(MAX_INTROSPECTION + 1))).toEqual(['maximum introspection fields exceeded 11 > 10']);
    const operations = (n: number) => times(n, (i) => `query q${i} { __typename }`, '\n');
    expect(messages(operations(MAX_OPERATIONS))).toEqual([]);
    expect(messages(operations(MAX_OPERATIONS + 1))).toEqual(['maximum operations exceeded 101 > 100']);
    const side = Math.floor(Math.sqrt(MAX_LEVEL_PAIRS));
    expect(messages(`{ ${times(side, () => 'a: __typename')} }`)).toEqual([]);
    expect(messages(`{ ${times(side + 1, () => 'a: __typename')} }`)).toEqual([
      'maximum overlapping fields exceeded 100489 > 100000: pairs of same-named fields or of fragment spreads at one level',
    ]);
  });

  it("lets GraphiQL's introspection query through", () => {
    expect(
      checkLimits(
        parse(
          getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true }),
        ),
      ),
    ).toEqual([]);
  });

  it('names each operation that goes past a limit, and counts pairs only once the fields are bounded', () => {
    const document = parse(
      `query A { x { ...F ...F } } query B { __typename } fragment F on X { ${times(MAX_COMPLEXITY / 2, (i) => `a${i}: __typename`)} }`,
    );
    const errors = checkLimits(document);
    expect(errors.map((e) => e.message)).toEqual([`maximum query complexity exceeded ${MAX_COMPLEXITY + 1} > ${MAX_COMPLEXITY}`]);
    expect(errors[0]?.locations).toEqual([{ line: 1, column: 1 }]);
  });
});

describe('the widest object of a variable', () => {
  it('finds the widest object at any depth, through lists', () => {
    expect(widestObject('text')).toBe(0);
    expect(widestObject({ a: { b: 1, c: [{ d: 1, e: 2, f: 3 }] } })).toBe(3);
    expect(widestObject([[[{ a: 1, b: 2 }]]])).toBe(2);
  });

  it('stops at the first object wider than asked', () => {
    expect(
      widestObject(
        {
          a: 1,
          b: 2,
          c: 3,
          d: Object.fromEntries(
            times(100, (i) => `k${i}`, ',')
              .split(',')
              .map((k) => [k, 1]),
          ),
        },
        2,
      ),
    ).toBe(4);
  });
});

describe("DataHub's web app operations", () => {
  const operations = webAppOperationNames();
  const schema = buildExecutableSchema([...loadRegistry().entities.keys()]);

  it('all validate against our schema, as the app sends them', () => {
    const invalid = operations.flatMap((name) => {
      const errors = validate(schema, parseDocument(webAppOperation(name)), specifiedRules);
      return errors.length > 0 ? [`${name}: ${errors[0]!.message}`] : [];
    });
    expect(operations.length).toBeGreaterThan(250);
    expect(invalid).toEqual([]);
  });

  it('are none refused by the limits, with room to spare', () => {
    let widest = 0;
    let costliest = 0;
    const refused: string[] = [];
    for (const name of operations) {
      const document = parseDocument(webAppOperation(name));
      widest = Math.max(widest, widestLevel(document));
      costliest = Math.max(costliest, measureDocument(document).operations[0]!.fields);
      const errors = checkLimits(document);
      if (errors.length > 0) refused.push(`${name}: ${errors[0]!.message}`);
    }
    expect(refused).toEqual([]);
    expect(costliest).toBeLessThan(MAX_COMPLEXITY / 2);
    expect(widest).toBeLessThan(MAX_LEVEL_PAIRS / 10);
  });
});
