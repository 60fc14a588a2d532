/**
 * GraphQL requests a careless or hostile client may send: documents that explode when fragments are
 * expanded, that are deep, wide or long, that repeat names, directives, arguments or operations many
 * times, and variables of the wrong type, shape or size. Every one must be refused (200 with errors,
 * or 400) quickly and without a server error. Generated rather than stored, so the sizes stay readable.
 */

export interface HostileGraphQL {
  name: string;
  body: { query: string; variables?: Record<string, unknown>; operationName?: string };
  /** What one of the errors must say (the reason it is refused); undefined when the body cannot be read (a 400 saying why). */
  refusal?: RegExp;
}

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)';
const times = (n: number, f: (i: number) => string, sep = ' ') => Array.from({ length: n }, (_, i) => f(i)).join(sep);
const nested = (n: number, open: string, inner: string, close: string) => open.repeat(n) + inner + close.repeat(n);

/** Fragments F0..F(levels-1) on Dataset, each spreading the next `fanout` times: fanout^levels fields once expanded. */
function fragmentFanout(levels: number, fanout: number, cycle = false): string {
  const last = cycle ? `urn ${times(fanout, () => '...F0')}` : 'urn';
  const defs = times(
    levels,
    (i) => `fragment F${i} on Dataset { urn ${i + 1 < levels ? times(fanout, () => `...F${i + 1}`) : last} }`,
    '\n',
  );
  return `{ dataset(urn: "${URN}") { ...F0 } }\n${defs}`;
}

const COMPLEXITY = /maximum query complexity exceeded \d+ > 50000/;
const DEPTH = /maximum query depth exceeded \d+ > 50/;
const TOKENS = /More than 15000 'grammar' tokens/;
const NESTING = /More than 200 nested brackets/;
const INTROSPECTION = /maximum introspection fields exceeded \d+ > 10/;
const OPERATIONS = /maximum operations exceeded \d+ > 100/;
const PAIRS = /maximum overlapping fields exceeded \d+ > 100000/;
const RESULTS = /maximum result size exceeded: more than 500000 fields resolved/;
const SEARCH = 'search(input: $input) { total }';

export const HOSTILE_GRAPHQL: HostileGraphQL[] = [
  // Fragments whose expansion grows exponentially with their number.
  { name: '20 fragments, each spreading the next twice', body: { query: fragmentFanout(20, 2) }, refusal: COMPLEXITY },
  { name: '22 fragments, each spreading the next twice', body: { query: fragmentFanout(22, 2) }, refusal: COMPLEXITY },
  { name: '40 fragments, each spreading the next three times', body: { query: fragmentFanout(40, 3) }, refusal: COMPLEXITY },
  {
    name: '400 fragments, each spreading the next five times (5^400 fields)',
    body: { query: fragmentFanout(400, 5) },
    refusal: COMPLEXITY,
  },
  {
    name: '30 fragments spreading the next twice, the last spreading the first',
    body: { query: fragmentFanout(30, 2, true) },
    refusal: /within itself|maximum query complexity/,
  },
  {
    name: 'a chain of 1,300 fragments, each a level deeper',
    body: {
      query: `{ container(urn: "urn:li:container:c") { ...F0 } }\n${times(1300, (i) => `fragment F${i} on Container { container { ${i + 1 < 1300 ? `...F${i + 1}` : 'urn'} } }`, '\n')}`,
    },
    refusal: DEPTH,
  },
  {
    name: 'a fragment spreading itself',
    body: { query: '{ dataset(urn: "x") { ...A } } fragment A on Dataset { urn ...A }' },
    refusal: /Cannot spread fragment "A" within itself/,
  },
  {
    name: 'a ring of 1,000 fragments',
    body: {
      query: `{ dataset(urn: "x") { ...F0 } }\n${times(1000, (i) => `fragment F${i} on Dataset { urn ...F${(i + 1) % 1000} }`, '\n')}`,
    },
    refusal: PAIRS,
  },
  // Wide documents.
  {
    name: '10,000 aliases (past the token cap)',
    body: { query: `{ dataset(urn: "${URN}") { ${times(10_000, (i) => `a${i}: urn`)} } }` },
    refusal: TOKENS,
  },
  {
    name: '4,900 aliases in a fragment spread 11 times',
    body: {
      query: `{ dataset(urn: "${URN}") { ${times(11, () => '...F')} } }\nfragment F on Dataset { ${times(4900, (i) => `a${i}: urn`)} }`,
    },
    refusal: COMPLEXITY,
  },
  { name: 'one field 14,000 times', body: { query: `{ dataset(urn: "${URN}") { ${times(14_000, () => 'urn')} } }` }, refusal: PAIRS },
  { name: '__typename 14,000 times', body: { query: `{ ${times(14_000, () => '__typename')} }` }, refusal: PAIRS },
  {
    name: '1,900 aliases of one name on different fields (all conflict)',
    body: { query: `{ dataset(urn: "${URN}") { ${times(1900, (i) => (i % 2 ? 'a: urn' : 'a: type'))} } }` },
    refusal: PAIRS,
  },
  {
    name: '900 root fields of one name with different arguments',
    body: { query: `{ ${times(900, (i) => `d: dataset(urn: "u${i}") { urn }`)} }` },
    refusal: PAIRS,
  },
  { name: '30,000 aliases (past the token cap)', body: { query: `{ ${times(30_000, (i) => `a${i}: __typename`)} }` }, refusal: TOKENS },
  {
    name: '300 aliased full introspections',
    body: { query: `{ ${times(300, (i) => `s${i}: __schema { types { fields { args { name } } } }`)} }` },
    refusal: INTROSPECTION,
  },
  {
    name: '400 aliased introspections of one type',
    body: { query: `{ ${times(400, (i) => `t${i}: __type(name: "Dataset") { fields { name type { name } } }`)} }` },
    refusal: INTROSPECTION,
  },
  {
    name: '600 aliases of __schema',
    body: { query: `{ ${times(600, (i) => `s${i}: __schema { types { name } }`)} }` },
    refusal: INTROSPECTION,
  },
  {
    name: '1,500 fragments spread in one selection',
    body: { query: `{ ${times(1500, (i) => `...F${i}`)} }\n${times(1500, (i) => `fragment F${i} on Query { __typename }`, '\n')}` },
    refusal: PAIRS,
  },
  {
    name: 'a chain of 1,300 fragments, each with a field and the next',
    body: {
      query: `{ dataset(urn: "x") { ...F0 } }\n${times(1300, (i) => `fragment F${i} on Dataset { urn ${i + 1 < 1300 ? `...F${i + 1}` : ''} }`, '\n')}`,
    },
    refusal: PAIRS,
  },
  {
    name: 'a chain of 1,000 fragments, each with an alias of its own and the next',
    body: {
      query: `{ dataset(urn: "x") { ...F0 } }\n${times(1000, (i) => `fragment F${i} on Dataset { a${i}: urn ${i + 1 < 1000 ? `...F${i + 1}` : ''} }`, '\n')}`,
    },
    refusal: PAIRS,
  },
  {
    name: '990 root fields of one name, same arguments',
    body: { query: `{ ${times(990, () => 'd: dataset(urn: "u") { urn }')} }` },
    refusal: PAIRS,
  },
  {
    name: '980 operations sharing a fragment of 1,999 fields',
    body: {
      query: `${times(980, (i) => `query q${i} { x: __typename ...F }`, '\n')}\nfragment F on Query { ${times(1999, (i) => `a${i}: __typename`)} }`,
      operationName: 'q1',
    },
    refusal: OPERATIONS,
  },
  // Deep documents.
  {
    name: 'containers nested 60 deep',
    body: { query: `{ dataset(urn: "${URN}") { ${nested(60, 'container { ', 'urn', ' }')} } }` },
    refusal: DEPTH,
  },
  { name: 'selections nested 4,900 deep', body: { query: nested(4900, '{ a ', '', '}') }, refusal: NESTING },
  {
    name: 'introspection types nested 60 deep',
    body: { query: `{ __type(name: "Dataset") { fields { ${nested(60, 'type { ofType { ', 'name', ' } }')} } } }` },
    refusal: DEPTH,
  },
  {
    name: 'a list argument nested 7,000 deep',
    body: { query: `{ dataset(urn: ${nested(7000, '[', '"x"', ']')}) { urn } }` },
    refusal: NESTING,
  },
  {
    name: 'an object argument nested 3,500 deep',
    body: { query: `{ dataset(urn: ${nested(3500, '{a: ', '1', '}')}) { urn } }` },
    refusal: NESTING,
  },
  {
    name: 'a variable default nested 7,000 deep',
    body: { query: `query($u: String = ${nested(7000, '[', '"x"', ']')}) { dataset(urn: $u) { urn } }` },
    refusal: NESTING,
  },
  // Long documents.
  {
    name: 'a 2,000,000-character string argument',
    body: { query: `{ dataset(urn: "${'x'.repeat(2_000_000)}") { urn } }` },
    refusal: /characters/,
  },
  {
    name: '900,000 characters of string in an unknown argument',
    body: { query: `{ dataset(urn: "x", junk: "${'x'.repeat(900_000)}") { urn } }` },
    refusal: /Unknown argument "junk"/,
  },
  {
    name: 'a block string of 150,000 indented lines',
    body: { query: `{ dataset(urn: """${times(150_000, () => '   x', '\n')}""", junk: 1) { urn } }` },
    refusal: /Unknown argument "junk"/,
  },
  {
    name: '150,000 unicode escapes',
    body: { query: `{ dataset(urn: "${'\\u0041'.repeat(150_000)}", junk: 1) { urn } }` },
    refusal: /Unknown argument "junk"/,
  },
  {
    name: '1,000,000 characters of comments before an unclosed brace',
    body: { query: `${'#'.repeat(99)}\n`.repeat(10_000) + '{ __typename' },
    refusal: /Syntax Error/,
  },
  {
    name: 'an unterminated string of 900,000 characters',
    body: { query: `{ dataset(urn: "${'x'.repeat(900_000)}` },
    refusal: /Unterminated string/,
  },
  {
    name: 'a control character',
    body: { query: '{ dataset(urn: "x") { urn \u0007 } }' },
    refusal: /Syntax Error: Unexpected character: U\+0007/,
  },
  // Many definitions, directives, arguments, variables.
  {
    name: '2,400 operations',
    body: { query: times(2400, (i) => `query q${i} { __typename }`, '\n'), operationName: 'q1' },
    refusal: OPERATIONS,
  },
  {
    name: '600 operations sharing a chain of 600 fragments',
    body: {
      query: `${times(600, (i) => `query q${i} { ...F0 }`, '\n')}\n${times(600, (i) => `fragment F${i} on Query { ${i + 1 < 600 ? `...F${i + 1}` : '__typename'} }`, '\n')}`,
      operationName: 'nope',
    },
    refusal: OPERATIONS,
  },
  {
    name: '100 operations sharing a fragment of 1,999 fields, one of them unknown',
    body: {
      query: `${times(100, (i) => `query q${i} { x: __typename ...F }`, '\n')}\nfragment F on Query { ${times(1999, (i) => `a${i}: __typename`)} }`,
      operationName: 'nope',
    },
    refusal: /Unknown operation named "nope"/,
  },
  {
    name: '1,800 unused fragments',
    body: { query: `{ __typename }\n${times(1800, (i) => `fragment F${i} on Query { __typename }`, '\n')}` },
    refusal: /Fragment "F\d+" is never used/,
  },
  {
    name: 'one directive 2,000 times on a field',
    body: { query: `{ __typename ${times(2000, () => '@skip(if: false)')} }` },
    refusal: /can only be used once/,
  },
  { name: '4,000 unknown directives', body: { query: `{ __typename ${times(4000, (i) => `@d${i}`)} }` }, refusal: /Unknown directive/ },
  {
    name: '3,000 unused variables',
    body: { query: `query(${times(3000, (i) => `$v${i}: Int`, ', ')}) { __typename }` },
    refusal: /is never used/,
  },
  {
    name: '3,000 unknown arguments',
    body: { query: `{ dataset(${times(3000, (i) => `a${i}: 1`, ', ')}) { urn } }` },
    refusal: /Unknown argument/,
  },
  {
    name: 'one argument 3,000 times',
    body: { query: `{ dataset(${times(3000, () => 'urn: "x"', ', ')}) { urn } }` },
    refusal: /only one argument named "urn"/,
  },
  // Huge lists: items times the fields asked of each, more than an answer may hold.
  {
    name: '3,000 entities of 400 fields each',
    body: {
      query: `query($u: [String!]!) { entities(urns: $u) { ...F } }\nfragment F on Dataset { ${times(400, (i) => `a${i}: urn`)} }`,
      variables: { u: Array.from({ length: 3000 }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`) },
    },
    refusal: RESULTS,
  },
  {
    name: '450 aliases of a list of 1,100 entities',
    body: {
      query: `query($u: [String!]!) { ${times(450, (i) => `e${i}: entities(urns: $u) { urn }`)} }`,
      variables: { u: Array.from({ length: 1100 }, (_, i) => `urn:li:corpuser:u${i}`) },
    },
    refusal: RESULTS,
  },
  {
    name: '500 aliases of a search',
    body: { query: `{ ${times(500, (i) => `s${i}: searchAcrossEntities(input: {query: "*", start: 0, count: 10}) { total }`)} }` },
    refusal: /^maximum query cost exceeded 5000 > 1000/,
  },
  // Variables and operation choice: request errors, answered BAD_REQUEST.
  {
    name: 'an Int variable given a string',
    body: { query: `query($n: Int) { search(input: {type: DATASET, query: "*", start: $n}) { total } }`, variables: { n: 'abc' } },
    refusal: /Int cannot represent/,
  },
  {
    name: 'a string where an input object is required',
    body: { query: `query($input: SearchInput!) { ${SEARCH} }`, variables: { input: 'abc' } },
    refusal: /Expected type "SearchInput" to be an object/,
  },
  { name: 'a required variable missing', body: { query: `query($input: SearchInput!) { ${SEARCH} }` }, refusal: /was not provided/ },
  {
    name: 'null for a non-null variable',
    body: { query: `query($input: SearchInput!) { ${SEARCH} }`, variables: { input: null } },
    refusal: /must not be null/,
  },
  {
    name: 'an unknown enum value',
    body: { query: `query($input: SearchInput!) { ${SEARCH} }`, variables: { input: { type: 'NOPE', query: '*' } } },
    refusal: /does not exist in "EntityType" enum/,
  },
  {
    name: 'a list variable nested 900 deep',
    body: { query: 'query($u: [String!]!) { entities(urns: $u) { urn } }', variables: { u: JSON.parse(nested(900, '[', '"x"', ']')) } },
    refusal: /String cannot represent/,
  },
  {
    name: 'an input object variable nested 900 deep',
    body: {
      query: `query($input: SearchInput!) { ${SEARCH} }`,
      variables: { input: JSON.parse(`{"type":"DATASET","query":"*","searchFlags":${nested(900, '{"a":', '1', '}')}}`) },
    },
    refusal: /is not defined by type "SearchFlags"/,
  },
  // Deeper than any JSON body is read (400, with one error saying why).
  {
    name: 'a list variable nested 3,000 deep',
    body: { query: 'query($u: [String!]!) { entities(urns: $u) { urn } }', variables: { u: JSON.parse(nested(3000, '[', '"x"', ']')) } },
  },
  {
    name: 'an input object with 100,000 unknown fields',
    body: {
      query: `query($input: SearchInput!) { ${SEARCH} }`,
      variables: {
        input: Object.fromEntries(
          times(100_000, (i) => `k${i}`, ',')
            .split(',')
            .map((k) => [k, 1]),
        ),
      },
    },
    refusal: /an object of 100000 fields/,
  },
  {
    name: '100,000 wrong items in a list variable',
    body: { query: 'query($u: [String!]!) { entities(urns: $u) { urn } }', variables: { u: Array.from({ length: 100_000 }, (_, i) => i) } },
    refusal: /String cannot represent|Too many errors/,
  },
  {
    name: 'an unknown operationName',
    body: { query: 'query A { __typename }', operationName: 'B' },
    refusal: /Unknown operation named "B"/,
  },
  {
    name: 'two operations and no operationName',
    body: { query: 'query A { __typename } query B { __typename }' },
    refusal: /Must provide operation name/,
  },
  { name: 'a subscription, which the schema has not', body: { query: 'subscription { __typename }' }, refusal: /subscription/i },
  {
    name: 'a document with no operation',
    body: { query: 'fragment A on Query { __typename }' },
    refusal: /never used|Must provide an operation/,
  },
  // A NUL character, which PostgreSQL cannot store in text.
  {
    name: 'a NUL character in a mutation argument',
    body: { query: 'mutation { updateDescription(input: {resourceUrn: "urn:li:tag:kept", description: "a\\u0000b"}) }' },
    refusal: /may not hold a NUL character/,
  },
  {
    name: 'a NUL character in a search query',
    body: { query: '{ search(input: {type: TAG, query: "\\u0000", start: 0, count: 1}) { total } }' },
    refusal: /may not hold a NUL character/,
  },
  {
    name: 'a NUL character in a variable',
    body: { query: `query($input: SearchInput!) { ${SEARCH} }`, variables: { input: { type: 'TAG', query: 'a\u0000' } } },
  },
];
