/**
 * REST requests a careless or hostile client may send: bodies that are not JSON or nest without end,
 * proposals with every part missing, mistyped or malformed, patches that do not apply, numbers past
 * what a parameter can hold, texts far longer than any query, urns that are not urns. Every one must
 * get a 4xx that names the problem, and change nothing. Generated rather than stored, so the sizes
 * stay readable.
 */

export interface HostileRest {
  name: string;
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
  /** Path and query, from the service's root. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The status expected when it is not just any 4xx. */
  status?: number;
  /** What the error message must say. */
  refusal?: RegExp;
}

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,hostile.target,PROD)';
const enc = encodeURIComponent;
const long = (n: number, unit = 'a') => unit.repeat(n);
const nestedArrays = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** An ingestProposal whose proposal is a good one with some parts replaced (undefined removes a part). */
const proposal = (over: Record<string, unknown>): unknown => ({
  proposal: {
    entityType: 'dataset',
    entityUrn: DATASET,
    changeType: 'UPSERT',
    aspectName: 'datasetProperties',
    aspect: { value: JSON.stringify({ description: 'never written' }), contentType: 'application/json' },
    ...over,
  },
});
const ingest = (name: string, over: Record<string, unknown>, refusal?: RegExp): HostileRest => ({
  name,
  path: '/aspects?action=ingestProposal',
  body: proposal(over),
  ...(refusal ? { refusal } : {}),
});
const patch = (name: string, ops: unknown, refusal?: RegExp, aspectName = 'globalTags'): HostileRest =>
  ingest(
    name,
    { changeType: 'PATCH', aspectName, aspect: { value: JSON.stringify(ops), contentType: 'application/json-patch+json' } },
    refusal,
  );
const aspectValue = (name: string, aspectName: string, value: string, refusal?: RegExp): HostileRest =>
  ingest(name, { aspectName, aspect: { value, contentType: 'application/json' } }, refusal);

const search = (name: string, over: Record<string, unknown>, refusal?: RegExp): HostileRest => ({
  name,
  path: '/entities?action=search',
  body: { entity: 'dataset', input: '*', start: 0, count: 10, ...over },
  ...(refusal ? { refusal } : {}),
});
const filter = (criteria: unknown[]) => ({ or: [{ and: criteria }] });

const TOO_LONG = /characters long; at most 1000 are allowed/;
const WHOLE = (name: string) => new RegExp(`'${name}'.* must be a whole number from`);

export const HOSTILE_REST: HostileRest[] = [
  // Bodies that are not what an action takes.
  { name: 'a body that is not JSON', path: '/aspects?action=ingestProposal', rawBody: '{"proposal": ', refusal: /not valid JSON/ },
  {
    name: 'a body of JSON nested 10,000 levels',
    path: '/aspects?action=ingestProposal',
    rawBody: nestedArrays(10_000),
    refusal: /nests 10000 levels deep/,
  },
  {
    name: 'a body of objects nested 100,000 levels',
    path: '/entities?action=search',
    rawBody: '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000),
    refusal: /nests 100000 levels deep/,
  },
  {
    name: 'a body that is a JSON array',
    path: '/aspects?action=ingestProposal',
    body: [1, 2, 3],
    refusal: /must be a JSON object of its parameters/,
  },
  { name: 'a body that is a JSON string', path: '/aspects?action=ingestProposal', body: 'proposal', refusal: /must be a JSON object/ },
  { name: 'a body that is null', path: '/aspects?action=ingestProposal', rawBody: 'null' },
  {
    name: 'a body with a number too big for a double',
    path: '/entities?action=search',
    rawBody: '{"entity": "dataset", "input": "*", "start": 1e400, "count": 10}',
    refusal: WHOLE('start'),
  },
  {
    name: 'a body with __proto__ keys',
    path: '/aspects?action=ingestProposal',
    rawBody: '{"__proto__": {"proposal": 1}, "constructor": {"prototype": {"x": 1}}}',
    refusal: /Parameter 'proposal' is required/,
  },
  {
    name: 'a body with a raw NUL character',
    path: '/aspects?action=ingestProposal',
    rawBody: '{"proposal": "\u0000"}',
    refusal: /not valid JSON/,
  },
  {
    name: 'a body with an escaped NUL character',
    path: '/entities?action=search',
    rawBody: '{"entity": "dataset", "input": "a\\u0000b", "start": 0, "count": 10}',
    refusal: /holds a NUL character/,
  },
  {
    name: 'a query string with a NUL character',
    method: 'GET',
    path: `/relationships?urn=${enc(DATASET)}&types=List(Down%00stream)&direction=OUTGOING`,
    refusal: /holds a NUL character/,
  },
  {
    name: 'a body with a lone surrogate in a string',
    path: '/entities?action=search',
    rawBody: '{"entity": "dataset", "input": "\\ud800", "start": 0, "count": 10}',
    status: 200,
  },
  { name: 'no action', path: '/aspects', body: {}, refusal: /needs \?action=/ },
  { name: 'an unknown action', path: '/aspects?action=dropAllTables', body: {}, refusal: /Unknown action dropAllTables/ },
  { name: 'an action name 10,000 characters long', path: `/aspects?action=${long(10_000)}`, body: {} },
  { name: 'a GET of an action', method: 'GET', path: '/aspects?action=ingestProposal' },
  { name: 'a DELETE of a resource', method: 'DELETE', path: `/entitiesV2/${enc(DATASET)}` },
  { name: 'a PUT of a resource', method: 'PUT', path: `/entitiesV2/${enc(DATASET)}`, body: {} },

  // Proposals with parts missing or mistyped.
  {
    name: 'a proposal that is a string',
    path: '/aspects?action=ingestProposal',
    body: { proposal: 'x' },
    refusal: /must be of type object/,
  },
  ingest('no entityType', { entityType: undefined }, /entityType is required/),
  ingest('an entityType that is a number', { entityType: 5 }, /entityType is required/),
  ingest('an unknown entityType', { entityType: 'missile' }, /Failed to find entity with name missile/),
  ingest('an entityType 100,000 characters long', { entityType: long(100_000) }, /Failed to find entity with name/),
  ingest('no entityUrn', { entityUrn: undefined }, /entityUrn \(or entityKeyAspect\) is required/),
  ingest('an entityUrn that is a list', { entityUrn: [DATASET] }, /urn is required/),
  ingest('an entityUrn that is not an urn', { entityUrn: 'dataset hostile.target' }, /urn/),
  ingest('an entityUrn with unbalanced parentheses', { entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD' }, /parenthes/),
  ingest('an entityUrn with 10,000 nested tuples', { entityUrn: `urn:li:dataset:${'('.repeat(10_000)}a${')'.repeat(10_000)}` }),
  ingest(
    'an entityUrn 1,000,000 characters long',
    { entityUrn: `urn:li:dataset:(urn:li:dataPlatform:hive,${long(1_000_000)},PROD)` },
    /cannot provide an URN longer than 512 bytes/,
  ),
  ingest(
    'an entityUrn of 200 characters that take 600 bytes encoded',
    { entityUrn: `urn:li:dataset:(urn:li:dataPlatform:hive,${long(200, 'é')},PROD)` },
    /cannot provide an URN longer than 512 bytes/,
  ),
  ingest(
    'an entityUrn with trailing whitespace',
    {
      entityUrn: 'urn:li:tag:spaced ',
      entityType: 'tag',
      aspectName: 'tagProperties',
      aspect: { value: '{"name": "x"}', contentType: 'application/json' },
    },
    /leading or trailing whitespace/,
  ),
  ingest(
    'an entityUrn holding the browse path separator',
    {
      entityUrn: 'urn:li:tag:a\u241fb',
      entityType: 'tag',
      aspectName: 'tagProperties',
      aspect: { value: '{"name": "x"}', contentType: 'application/json' },
    },
    /URN cannot contain/,
  ),
  ingest('an entityUrn with an empty key part', { entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,,PROD)' }, /a key part is empty/),
  ingest('an entityUrn with the wrong number of key parts', { entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,x)' }, /key part/),
  ingest('an entityUrn whose platform is not an urn', { entityUrn: 'urn:li:dataset:(hive,x,PROD)' }, /platform must be a valid urn/),
  ingest('an entityUrn with an unknown fabric', { entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,x,MOON)' }, /origin must be one of/),
  ingest('an entityUrn of another entity type', { entityUrn: 'urn:li:corpuser:mallory' }, /is of entity type corpuser, not dataset/),
  ingest(
    'an entityUrn with a NUL character',
    { entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,a\u0000b,PROD)' },
    /holds a NUL character|contains a NUL character/,
  ),
  aspectValue('an aspect value holding a NUL character', 'datasetProperties', '{"description": "a\\u0000b"}', /holds a NUL character/),
  ingest('an entityKeyAspect that is not a key', {
    entityUrn: undefined,
    entityKeyAspect: { value: '{"name": 1}', contentType: 'application/json' },
  }),
  ingest(
    'an entityKeyAspect that is not JSON',
    { entityUrn: undefined, entityKeyAspect: { value: '{', contentType: 'application/json' } },
    /not valid JSON/,
  ),
  ingest('no changeType', { changeType: undefined }, /changeType is required/),
  ingest('an unknown changeType', { changeType: 'OBLITERATE' }, /ChangeType OBLITERATE is not supported/),
  ingest('a changeType that is an object', { changeType: { UPSERT: true } }, /changeType is required/),
  ingest('no aspectName', { aspectName: undefined }, /aspectName is required/),
  ingest('an aspectName of another entity type', { aspectName: 'chartInfo' }, /Unknown aspect chartInfo for entity dataset/),
  ingest("an aspectName from the object's prototype", { aspectName: '__proto__' }, /Unknown aspect __proto__/),
  ingest('an aspectName 100,000 characters long', { aspectName: long(100_000) }, /Unknown aspect/),
  ingest('no aspect', { aspect: undefined }, /aspect is required/),
  ingest('an aspect that is a string', { aspect: '{"description": "x"}' }, /aspect is required/),
  ingest(
    'an aspect value that is a number',
    { aspect: { value: 42, contentType: 'application/json' } },
    /must be the aspect serialized as a JSON string/,
  ),
  ingest(
    'an unsupported contentType',
    { aspect: { value: '{}', contentType: 'application/xml' } },
    /unsupported aspect contentType 'application\/xml'/,
  ),
  ingest(
    'an UPSERT declared as a JSON Patch',
    { aspect: { value: '{}', contentType: 'application/json-patch+json' } },
    /for a UPSERT proposal/,
  ),
  ingest('systemMetadata that is a number', { systemMetadata: 7 }, /systemMetadata must be an object/),
  ingest('systemMetadata text that is not JSON', { systemMetadata: '{runId' }, /systemMetadata is not valid JSON/),
  ingest(
    'systemMetadata with a lastObserved that is text',
    { systemMetadata: { lastObserved: 'yesterday' } },
    /lastObserved must be a number/,
  ),
  ingest('systemMetadata with a runId that is a list', { systemMetadata: { runId: ['a'] } }, /runId must be a string/),

  // Aspect values that do not fit their schema.
  aspectValue('an aspect value that is not JSON', 'datasetProperties', '{"description": ', /not valid JSON/),
  aspectValue('an aspect value that is a list', 'datasetProperties', '[1, 2]', /must be a JSON object/),
  aspectValue('an aspect value that is null', 'datasetProperties', 'null', /must be a JSON object/),
  aspectValue(
    'an aspect value nested 10,000 levels',
    'datasetProperties',
    `{"customProperties": ${nestedArrays(10_000)}}`,
    /nests 10001 levels deep/,
  ),
  aspectValue(
    'an aspect value nested 1,001 levels in an open field',
    'datasetProperties',
    `{"extra": ${nestedArrays(1_000)}}`,
    /nests 1001 levels deep/,
  ),
  aspectValue('a field of the wrong type', 'datasetProperties', '{"description": 12}', /ERROR :: \/description :: must be string/),
  aspectValue('a map of the wrong value type', 'datasetProperties', '{"customProperties": {"a": {"b": 1}}}', /customProperties/),
  aspectValue(
    'an enum value that does not exist',
    'ownership',
    '{"owners": [{"owner": "urn:li:corpuser:x", "type": "OVERLORD"}]}',
    /must be one of/,
  ),
  aspectValue('a required field missing', 'ownership', '{}', /required field 'owners' is missing/),
  aspectValue(
    'an urn field that is not an urn',
    'ownership',
    '{"owners": [{"owner": "mallory", "type": "DATAOWNER"}]}',
    /must be a valid urn/,
  ),
  aspectValue(
    'a union with two members',
    'schemaMetadata',
    JSON.stringify({
      schemaName: 's',
      platform: 'urn:li:dataPlatform:hive',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' }, 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: [],
    }),
    /Failed to validate record with class com.linkedin.schema.SchemaMetadata/,
  ),
  aspectValue(
    'a key aspect that names another entity',
    'datasetKey',
    JSON.stringify({ platform: 'urn:li:dataPlatform:hive', name: 'other', origin: 'PROD' }),
    /describes .* not the proposal's urn/,
  ),
  ingest(
    'a timeseries point without a timestamp',
    { aspectName: 'datasetProfile', aspect: { value: '{"rowCount": 1}', contentType: 'application/json' } },
    /timestampMillis/,
  ),
  ingest(
    'a CREATE of an aspect that exists',
    { changeType: 'CREATE', aspectName: 'status', aspect: { value: '{"removed": false}', contentType: 'application/json' } },
    /already exists/,
  ),
  ingest(
    'a CREATE_ENTITY of an entity that exists',
    { changeType: 'CREATE_ENTITY', aspectName: 'status', aspect: { value: '{"removed": false}', contentType: 'application/json' } },
    /already exists/,
  ),
  ingest(
    'a DELETE of an unknown aspect',
    { changeType: 'DELETE', aspectName: 'everything', aspect: undefined },
    /Unknown aspect everything/,
  ),

  // Patches that do not apply.
  patch('a patch that is an object', { op: 'add' }, /must be a JSON Patch list/),
  patch(
    'a patch of an aspect without a template',
    [{ op: 'add', path: '/fields', value: [] }],
    /does not currently support patch operations/,
    'schemaMetadata',
  ),
  patch('a patch of a timeseries aspect', [], /does not currently support patch operations/, 'datasetProfile'),
  patch('an operation without op', [{ path: '/tags/x' }], /has no "op"/),
  patch('an unknown operation', [{ op: 'explode', path: '/tags' }], /Unsupported PATCH operation/),
  patch('a path that is not a JSON pointer', [{ op: 'add', path: 'tags', value: {} }], /is not a JSON pointer/),
  patch('a path that is a number', [{ op: 'add', path: 7, value: {} }], /has no "path" string/),
  patch('an add without a value', [{ op: 'add', path: '/tags/urn:li:tag:x' }], /has no "value"/),
  patch('a move from nowhere', [{ op: 'move', from: '/nowhere/at/all', path: '/tags/x' }]),
  patch('a failing test operation', [{ op: 'test', path: '/tags', value: 'not this' }]),
  patch(
    'a remove that leaves a field the schema does not have',
    [{ op: 'remove', path: '/nothing/here' }],
    /unrecognized field found but not allowed/,
  ),
  patch(
    'an add of a field the schema does not have',
    [{ op: 'add', path: '/hacked', value: true }],
    /unrecognized field found but not allowed/,
  ),
  patch('a replace of the whole aspect with a list', [{ op: 'replace', path: '', value: [1] }]),
  patch('an array index past the end', {
    patch: [{ op: 'add', path: '/tags/99999999999', value: { tag: 'urn:li:tag:x' } }],
    forceGenericPatch: true,
  }),
  patch('arrayPrimaryKeys that are not lists', { patch: [], arrayPrimaryKeys: { tags: 'tag' } }, /must be a list of field names/),
  patch('a path nested 10,000 levels', [{ op: 'add', path: '/x'.repeat(10_000), value: 1 }]),

  // Batches: one bad item writes nothing.
  {
    name: 'a batch whose proposals are not a list',
    path: '/aspects?action=ingestProposalBatch',
    body: { proposals: { a: 1 } },
    refusal: /must be of type array/,
  },
  {
    name: 'a batch with one bad proposal among good ones',
    path: '/aspects?action=ingestProposalBatch',
    body: {
      proposals: [(proposal({}) as { proposal: unknown }).proposal, (proposal({ entityUrn: 'nope' }) as { proposal: unknown }).proposal],
    },
    refusal: /proposals\[1\]/,
  },
  {
    name: 'a snapshot of an unknown type',
    path: '/entities?action=ingest',
    body: { entity: { value: { 'com.linkedin.metadata.snapshot.WeaponSnapshot': { urn: DATASET, aspects: [] } } } },
    refusal: /Unknown snapshot type/,
  },
  { name: 'a snapshot that is a list', path: '/entities?action=ingest', body: { entity: [] } },
  {
    name: 'a snapshot batch with mismatched system metadata',
    path: '/entities?action=batchIngest',
    body: { entities: [], systemMetadata: [{}] },
  },

  // Search parameters out of range or out of shape.
  search('a start past a long', { start: 2 ** 63 }, WHOLE('start')),
  search('a start of 1e300', { start: 1e300 }, WHOLE('start')),
  search('a negative start', { start: -1 }, WHOLE('start')),
  search('a fractional start', { start: 1.5 }, WHOLE('start')),
  search('a start given as text', { start: '10' }, /must be of type integer/),
  search(
    'a count of a billion',
    { count: 1_000_000_000 },
    /'count' of action search must be a whole number from 0 to 10000, not 1000000000/,
  ),
  search('a negative count', { count: -5 }, WHOLE('count')),
  search('an input 50,000 characters long', { input: long(50_000) }, TOO_LONG),
  search('an input of 50,000 wildcards', { input: long(50_000, '%') }, TOO_LONG),
  search('an input that is a number', { input: 5 }, /must be of type string/),
  search('an unknown entity type', { entity: 'spaceship' }, /Failed to find entity with name spaceship/),
  search('a filter that is a list', { filter: [] }, /Parameter 'filter' of action search must be of type object/),
  search('a filter whose or is not a list', { filter: { or: {} } }, /filter.or must be an array/),
  search('a criterion without a field', { filter: filter([{ value: 'x' }]) }, /field is required/),
  search(
    'a criterion with an unknown condition',
    { filter: filter([{ field: 'platform', value: 'x', condition: 'SOUNDS_LIKE' }]) },
    /is not one of/,
  ),
  search('a criterion with values that are objects', { filter: filter([{ field: 'platform', values: [{}] }]) }, /must be a string/),
  search(
    'a criterion value 50,000 characters long',
    { filter: filter([{ field: 'description', value: long(50_000), condition: 'CONTAIN' }]) },
    TOO_LONG,
  ),
  search('a criterion field 50,000 characters long', { filter: filter([{ field: long(50_000), value: 'x' }]) }, TOO_LONG),
  search(
    'a criterion with 100,000 values',
    { filter: filter([{ field: 'platform', values: Array.from({ length: 100_000 }, (_, i) => `v${i}`), condition: 'IN' }]) },
    /at most 1000 are allowed/,
  ),
  search(
    '10,000 criteria',
    { filter: filter(Array.from({ length: 10_000 }, (_, i) => ({ field: 'platform', value: `p${i}` }))) },
    /at most 1000 are allowed/,
  ),

  search('a sort that is text', { sort: 'name' }, /Parameter 'sort' of action search must be of type object/),
  search('a sort without a field', { sort: { order: 'ASCENDING' } }, /sort must be \{field, order/),
  search('a sort order that does not exist', { sort: { field: 'name', order: 'SIDEWAYS' } }, /sort.order must be/),
  {
    name: 'a scroll id this service never gave',
    path: '/entities?action=scrollAcrossEntities',
    body: { input: '*', count: 10, scrollId: long(10_000, 'Z') },
    refusal: /is not one this service gave out/,
  },
  {
    name: 'a scroll id for a negative offset',
    path: '/entities?action=scrollAcrossEntities',
    body: { input: '*', count: 10, scrollId: Buffer.from('{"o":-5}').toString('base64url') },
    refusal: /is not one this service gave out/,
  },
  {
    name: 'an autocomplete query 50,000 characters long',
    path: '/entities?action=autocomplete',
    body: { entity: 'dataset', query: long(50_000, '%_'), limit: 10 },
    refusal: TOO_LONG,
  },
  {
    name: 'an autocomplete limit of a billion',
    path: '/entities?action=autocomplete',
    body: { entity: 'dataset', query: 'a', limit: 1_000_000_000 },
    refusal: /'limit' of action autocomplete must be a whole number from 0 to 10000/,
  },
  {
    name: 'a browse path 50,000 characters long',
    path: '/entities?action=browse',
    body: { entity: 'dataset', path: long(50_000, '/a'), start: 0, limit: 10 },
    refusal: TOO_LONG,
  },
  {
    name: 'a browse start past an int',
    path: '/entities?action=browse',
    body: { entity: 'dataset', path: '/', start: 2 ** 40, limit: 10 },
    refusal: WHOLE('start'),
  },
  {
    name: 'a listUrns count past an int',
    path: '/entities?action=listUrns',
    body: { entity: 'dataset', start: 0, count: 2 ** 53 },
    refusal: WHOLE('count'),
  },
  {
    name: 'a listUrns of an unknown type',
    path: '/entities?action=listUrns',
    body: { entity: 'nothing', start: 0, count: 10 },
    refusal: /Failed to find entity/,
  },
  {
    name: 'restoreIndices with a pattern 50,000 characters long',
    path: '/operations?action=restoreIndices',
    body: { urnLike: long(50_000, '%') },
    refusal: TOO_LONG,
  },
  {
    name: 'restoreIndices with a batch size past an int',
    path: '/operations?action=restoreIndices',
    body: { batchSize: 1e12 },
    refusal: WHOLE('batchSize'),
  },
  {
    name: 'restoreIndices with a batch size of 0',
    path: '/operations?action=restoreIndices',
    body: { batchSize: 0 },
    refusal: /'batchSize' of action restoreIndices must be a whole number from 1 to 2147483647, not 0/,
  },
  { name: 'restoreIndices from a negative row', path: '/operations?action=restoreIndices', body: { start: -1 }, refusal: WHOLE('start') },
  {
    name: 'a listUrns from a negative offset',
    path: '/entities?action=listUrns',
    body: { entity: 'dataset', start: -1, count: 10 },
    refusal: WHOLE('start'),
  },
  { name: 'a delete of an entity that is not an urn', path: '/entities?action=delete', body: { urn: 'everything' } },
  {
    name: 'a delete with a time window of 1e300',
    path: '/entities?action=delete',
    body: { urn: DATASET, aspectName: 'datasetProfile', startTimeMillis: 1e300 },
    refusal: WHOLE('startTimeMillis'),
  },
  { name: 'deleteReferences of an unknown entity type', path: '/entities?action=deleteReferences', body: { urn: 'urn:li:planet:earth' } },
  {
    name: 'timeseries values with a limit past an int',
    path: '/aspects?action=getTimeseriesAspectValues',
    body: { urn: DATASET, entity: 'dataset', aspect: 'datasetProfile', limit: 2 ** 40 },
    refusal: WHOLE('limit'),
  },
  {
    name: 'timeseries values of a versioned aspect',
    path: '/aspects?action=getTimeseriesAspectValues',
    body: { urn: DATASET, entity: 'dataset', aspect: 'ownership' },
  },
  { name: 'a count of an unknown aspect', path: '/aspects?action=getCount', body: { aspect: 'nothing' } },

  // Reads with bad urns and parameters.
  {
    name: 'an entity read of an urn with unbalanced parentheses',
    method: 'GET',
    path: `/entitiesV2/${enc('urn:li:dataset:(a,b')}`,
    refusal: /mismatched parentheses/,
  },
  {
    name: 'an entity read of an urn 100,000 characters long',
    method: 'GET',
    path: `/entitiesV2/${enc(`urn:li:dataset:(urn:li:dataPlatform:hive,${long(100_000)},PROD)`)}`,
  },
  { name: 'an entity read with a broken percent-escape', method: 'GET', path: '/entitiesV2/%E0%A4%A' },
  {
    name: 'an entity read of 10,000 aspects',
    method: 'GET',
    path: `/entitiesV2/${enc(DATASET)}?aspects=List(${Array.from({ length: 10_000 }, (_, i) => `a${i}`).join(',')})`,
  },
  {
    name: 'an entity read of 1,000 unknown aspects',
    method: 'GET',
    path: `/entitiesV2/${enc(DATASET)}?aspects=List(${Array.from({ length: 1_000 }, (_, i) => `a${i}`).join(',')})`,
    refusal: /Unknown aspect/,
  },
  {
    name: 'a batch entity read of 1,000 malformed urns',
    method: 'GET',
    path: `/entitiesV2?ids=List(${Array.from({ length: 1_000 }, () => enc('urn:li:(')).join(',')})`,
  },
  {
    name: 'an aspect version past a long',
    method: 'GET',
    path: `/aspects/${enc(DATASET)}?aspect=datasetProperties&version=99999999999999999999999`,
    refusal: WHOLE('version'),
  },
  {
    name: 'an aspect version of 1e300',
    method: 'GET',
    path: `/aspects/${enc(DATASET)}?aspect=datasetProperties&version=1e300`,
    refusal: WHOLE('version'),
  },
  { name: 'an aspect read without an aspect', method: 'GET', path: `/aspects/${enc(DATASET)}`, refusal: /'aspect' is required/ },
  {
    name: 'a snapshot read of an unknown entity type',
    method: 'GET',
    path: `/entities/${enc('urn:li:galaxy:far')}`,
    refusal: /Failed to find entity with name galaxy/,
  },
  {
    name: 'relationships with a start past an int',
    method: 'GET',
    path: `/relationships?urn=${enc(DATASET)}&types=List(DownstreamOf)&direction=OUTGOING&start=9223372036854775808`,
    refusal: WHOLE('start'),
  },
  {
    name: 'relationships with a negative count',
    method: 'GET',
    path: `/relationships?urn=${enc(DATASET)}&types=List(DownstreamOf)&direction=OUTGOING&count=-1`,
    refusal: WHOLE('count'),
  },
  {
    name: 'relationships in a direction that does not exist',
    method: 'GET',
    path: `/relationships?urn=${enc(DATASET)}&types=List(DownstreamOf)&direction=SIDEWAYS`,
    refusal: /^Parameter 'direction' must be INCOMING, OUTGOING or UNDIRECTED, not 'SIDEWAYS'$/,
  },
  {
    name: 'relationships in no direction',
    method: 'GET',
    path: `/relationships?urn=${enc(DATASET)}&types=List(DownstreamOf)`,
    refusal: /^Parameter 'direction' is required: INCOMING, OUTGOING or UNDIRECTED$/,
  },
  {
    name: 'relationships of no type',
    method: 'GET',
    path: `/relationships?urn=${enc(DATASET)}&types=List()&direction=OUTGOING`,
    refusal: /^Parameter 'types' is required/,
  },
  { name: 'a batch entity read of no urns', method: 'GET', path: '/entitiesV2?ids=List()', refusal: /^Parameter 'ids' is required/ },
  {
    name: 'relationships of a malformed urn',
    method: 'GET',
    path: `/relationships?urn=${enc('urn:li:((')}&types=List(DownstreamOf)&direction=OUTGOING`,
  },
  { name: 'the change feed after a negative offset', method: 'GET', path: '/events?after=-1', refusal: WHOLE('after') },
  { name: 'the change feed after an offset past a long', method: 'GET', path: '/events?after=1e30', refusal: WHOLE('after') },
  { name: 'the change feed with a limit of 0', method: 'GET', path: '/events?limit=0', refusal: WHOLE('limit') },
  {
    name: 'the change feed stream from a Last-Event-ID that is text',
    method: 'GET',
    path: '/events/stream',
    headers: { 'last-event-id': 'yesterday' },
    refusal: WHOLE('Last-Event-ID'),
  },

  // Runs.
  {
    name: 'runs listed with a page size past an int',
    path: '/runs?action=list',
    body: { pageOffset: 0, pageSize: 1e15 },
    refusal: WHOLE('pageSize'),
  },
  { name: 'a rollback without a run id', path: '/runs?action=rollback', body: {}, refusal: /Parameter 'runId' is required/ },
  {
    name: 'a rollback of the default run id',
    path: '/runs?action=rollback',
    body: { runId: 'no-run-id-provided' },
    refusal: /reserved run-id/,
  },
  { name: 'a rollback of a run id that is a number', path: '/runs?action=rollback', body: { runId: 7 }, refusal: /must be of type string/ },
  {
    name: 'a run described with a negative start',
    path: '/runs?action=describe',
    body: { runId: 'r', start: -3, count: 10 },
    refusal: WHOLE('start'),
  },

  // GraphQL requests that are not GraphQL requests, or whose variables are wrong.
  { name: 'a GraphQL body without a query', path: '/api/graphql', body: { variables: {} }, status: 400 },
  { name: 'a GraphQL query that is a number', path: '/api/graphql', body: { query: 5 }, status: 400 },
  {
    name: 'GraphQL variables that are a list',
    path: '/api/graphql',
    body: { query: '{ me { corpUser { urn } } }', variables: [] },
    status: 400,
  },
  {
    name: 'a GraphQL body nested 10,000 levels',
    path: '/api/graphql',
    rawBody: `{"query": "{ __typename }", "variables": {"a": ${nestedArrays(10_000)}}}`,
    status: 400,
  },
  { name: 'a GraphQL GET', method: 'GET', path: '/api/graphql?query=%7B__typename%7D', status: 405 },
];
