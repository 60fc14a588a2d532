/**
 * The GraphQL API end to end: transport, reads, search, errors, mutations (their effect seen through
 * GraphQL, REST and search), and the bound on store calls a page of results costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, http, searchUrns as urnsOf, startTestServer, type TestServer } from './helpers.js';
import { loadBootstrap } from './sampleCatalog.js';

type Json = any;
const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)';
const KAFKA = 'urn:li:dataset:(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD)';
const FLOW = 'urn:li:dataFlow:(airflow,dag_abc,PROD)';

describe('GraphQL', () => {
  let s: TestServer;
  const gql = async (query: string, variables?: Json, path = '/api/graphql') => {
    const r = await http(s.url + path, { body: { query, ...(variables ? { variables } : {}) } });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const ok = async (query: string, variables?: Json) => {
    const body = await gql(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };

  beforeAll(async () => {
    s = await startTestServer();
    await loadBootstrap(s.url);
  });
  afterAll(async () => s?.close());

  describe('transport', () => {
    it('answers on every path with {data, extensions}', async () => {
      for (const path of ['/api/graphql', '/api/v2/graphql', '/api/gms/api/graphql']) {
        const body = await gql('{ entityExists(urn: "urn:li:corpuser:jdoe") }', undefined, path);
        expect(body).toEqual({ data: { entityExists: true }, extensions: {} });
      }
    });

    it('accepts null variables and operationName, and picks the named operation', async () => {
      const r = await http(`${s.url}/api/graphql`, {
        body: {
          query: 'query A { entityExists(urn: "urn:li:corpuser:jdoe") } query B { entityExists(urn: "urn:li:corpuser:nobody") }',
          variables: null,
          operationName: 'B',
        },
      });
      expect(r.body.data).toEqual({ entityExists: false });
    });

    it('answers 400 with a GraphQL error saying what is wrong to a request that is not GraphQL, and 405 to GET', async () => {
      for (const [rawBody, message] of [
        ['not json', /^the request body is not valid JSON: /],
        ['{"query": "{ __typename }"', /^the request body is not valid JSON: /],
        ['null', /^the request body must be a JSON object: send a JSON object \{"query": /],
        ['[1, 2]', /^the request body must be a JSON object/],
        ['{}', /^the request body has no "query": send a JSON object \{"query": /],
        ['{"variables": {}}', /^the request body has no "query"/],
        ['{"query": 5}', /^"query" must be a string holding the GraphQL document$/],
        ['{"query": "{ __typename }", "variables": [1]}', /^"variables" must be a JSON object of the variables by name$/],
        ['{"query": "{ __typename }", "operationName": 7}', /^"operationName" must be a string$/],
      ] as const) {
        for (const path of ['/api/graphql', '/api/v2/graphql']) {
          const r = await http(`${s.url}${path}`, { rawBody, headers: { 'content-type': 'application/json' } });
          expect(r.status, rawBody).toBe(400);
          expect(r.headers.get('content-type'), rawBody).toMatch(/application\/json/);
          expect(r.body.errors, rawBody).toHaveLength(1);
          expect(r.body.errors[0].message, rawBody).toMatch(message);
          expect(r.body.errors[0].extensions, rawBody).toEqual({ code: 400, type: 'BAD_REQUEST', classification: 'ValidationError' });
          expect(r.body.data, rawBody).toBeUndefined();
        }
      }
      expect((await http(`${s.url}/api/graphql`)).status).toBe(405);
    });

    it('serves introspection, as the Python SDK uses it to detect SearchFlags fields', async () => {
      const data = await ok('{ __type(name: "SearchFlags") { inputFields { name } } }');
      expect(data.__type.inputFields.map((f: Json) => f.name)).toContain('includeSoftDeleted');
    });

    it('rejects documents past the depth limit before running them', async () => {
      const deep = `{ dataset(urn: "${HIVE}") { ${'container { '.repeat(60)}urn${' }'.repeat(60)} } }`;
      const body = await gql(deep);
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/maximum query depth exceeded/);
      expect(body.errors[0].extensions).toEqual({ code: 400, type: 'BAD_REQUEST', classification: 'ValidationError' });
    });
  });

  describe('reads', () => {
    it('reads a dataset with the fields of the interface (spec §2.3)', async () => {
      const data = await ok(`{ dataset(urn: "${HIVE}") { urn type name
        ownership { owners { owner { ... on CorpUser { urn type } ... on CorpGroup { urn type } } } }
        tags { tags { tag { name } } } domain { domain { urn } } glossaryTerms { terms { term { urn } } }
        deprecation { deprecated decommissionTime } globalTags { tags { tag { urn } } } platform { name } exists } }`);
      expect(data.dataset).toMatchObject({
        urn: HIVE,
        type: 'DATASET',
        name: 'SampleHiveDataset',
        platform: { name: 'hive' },
        exists: true,
        tags: { tags: [{ tag: { name: 'Legacy' } }] },
        globalTags: { tags: [{ tag: { urn: 'urn:li:tag:Legacy' } }] },
      });
      expect(data.dataset.ownership.owners).toContainEqual({ owner: { urn: 'urn:li:corpuser:jdoe', type: 'CORP_USER' } });
    });

    it('answers a shell with exists: false for a well-formed urn never written', async () => {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:dbt,does_not_exist,PROD)';
      const data = await ok(
        `{ dataset(urn: "${urn}") { urn type name exists properties { name } ownership { owners { type } } } entity(urn: "${urn}") { urn } }`,
      );
      expect(data).toEqual({
        dataset: { urn, type: 'DATASET', name: 'does_not_exist', exists: false, properties: null, ownership: null },
        entity: { urn },
      });
    });

    it('reads entities polymorphically, with schema fields and lineage', async () => {
      const data =
        await ok(`{ entities(urns: ["${HIVE}", "urn:li:corpuser:jdoe", "${FLOW}"]) { urn type ... on CorpUser { username info { displayName } } ... on DataFlow { properties { name } } }
        dataset(urn: "${HIVE}") { schemaMetadata { fields { fieldPath type } } upstream: lineage(input: {direction: UPSTREAM}) { total relationships { type entity { urn } } } } }`);
      expect(data.entities[1]).toEqual({
        urn: 'urn:li:corpuser:jdoe',
        type: 'CORP_USER',
        username: 'jdoe',
        info: { displayName: 'John Doe' },
      });
      expect(data.entities[2].properties.name).toBe('Users');
      expect(data.dataset.schemaMetadata.fields).toContainEqual({ fieldPath: 'field_foo', type: 'BOOLEAN' });
      expect(data.dataset.upstream.relationships).toContainEqual({
        type: 'DownstreamOf',
        entity: { urn: 'urn:li:dataset:(urn:li:dataPlatform:hdfs,SampleHdfsDataset,PROD)' },
      });
    });

    it('runs the search example of spec §4.1, with filters given as value or values', async () => {
      const data = await ok(
        `{ search(input: {type: DATASET, query: "sample", start: 0, count: 10}) { start count total searchResults { entity { urn type ... on Dataset { name } } } } }`,
      );
      expect(data.search.total).toBe(3);
      expect(data.search.searchResults.map((r: Json) => r.entity.name).sort()).toEqual([
        'SampleHdfsDataset',
        'SampleHiveDataset',
        'SampleKafkaDataset',
      ]);
      const filtered = await ok(
        `query($f: [AndFilterInput!]) { searchAcrossEntities(input: {query: "*", orFilters: $f}) { total searchResults { entity { urn } } } }`,
        {
          f: [{ and: [{ field: 'platform', value: 'urn:li:dataPlatform:kafka' }] }],
        },
      );
      expect(filtered.searchAcrossEntities.searchResults.map((r: Json) => r.entity.urn)).toEqual([KAFKA]);
      const both = await ok(
        `{ searchAcrossEntities(input: {query: "*", filters: [{field: "platform", values: ["urn:li:dataPlatform:hdfs"]}], orFilters: [{and: [{field: "platform", values: ["urn:li:dataPlatform:kafka"]}]}]}) { total } }`,
      );
      expect(both.searchAcrossEntities.total).toBe(1);
    });

    it('autocompletes, browses and counts', async () => {
      const data = await ok(`{ autoComplete(input: {type: CHART, query: "baz", limit: 5}) { query suggestions }
        browse(input: {type: DATASET, path: ["prod"], start: 0, count: 10}) { total groups { name count } metadata { path totalNumEntities } }
        getEntityCounts(input: {types: [DATASET, CHART]}) { counts { entityType count } } }`);
      expect(data.autoComplete).toEqual({ query: 'baz', suggestions: ['Baz Chart 1', 'Baz Chart 2'] });
      expect(data.browse.groups).toContainEqual({ name: 'hive', count: 4 });
      expect(data.browse.metadata.path).toEqual(['prod']);
      expect(data.getEntityCounts.counts).toEqual([
        { entityType: 'DATASET', count: 7 },
        { entityType: 'CHART', count: 2 },
      ]);
    });
  });

  describe('errors', () => {
    it('a validation error rejects the whole document, without data', async () => {
      const body = await gql(`{ dataset(urn: "${HIVE}") { urn nonsense } }`);
      expect(body.data).toBeUndefined();
      expect(body.errors[0]).toMatchObject({
        message: expect.stringContaining('nonsense'),
        extensions: { classification: 'ValidationError' },
      });
      expect(body.errors[0].locations[0]).toHaveProperty('line');
    });

    it('a bad urn is a 400 BAD_REQUEST with path and locations', async () => {
      const body = await gql('{ dataset(urn: "urn:li:dataset:(broken") { urn } }');
      expect(body.data).toEqual({ dataset: null });
      expect(body.errors[0]).toMatchObject({
        path: ['dataset'],
        extensions: { code: 400, type: 'BAD_REQUEST', classification: 'DataFetchingException' },
      });
    });

    it('the owner example of graphql.md §5: wrong kind of owner urn', async () => {
      const body = await gql(
        `mutation { addOwners(input: {owners: [{ownerUrn: "urn:li:corpGroup:jdoe", ownerEntityType: CORP_USER, type: TECHNICAL_OWNER}], resourceUrn: "${FLOW}"}) }`,
      );
      expect(body.errors).toEqual([
        {
          message: `Failed to change ownership for resource ${FLOW}. Expected a corp user urn.`,
          locations: [{ line: 1, column: 12 }],
          path: ['addOwners'],
          extensions: { code: 400, type: 'BAD_REQUEST', classification: 'DataFetchingException' },
        },
      ]);
    });

    it('partial data: one failing field leaves the others', async () => {
      const body = await gql(`{ ok: entityExists(urn: "${HIVE}") bad: dataset(urn: "nope") { urn } }`);
      expect(body.data).toEqual({ ok: true, bad: null });
      expect(body.errors).toHaveLength(1);
    });

    it.each([
      [
        'a missing entity',
        `mutation { addTags(input: {tagUrns: ["urn:li:tag:Legacy"], resourceUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,missing,PROD)"}) }`,
        400,
        /Entity does not exist/,
      ],
      [
        'a label of the wrong type',
        `mutation { addTags(input: {tagUrns: ["urn:li:corpuser:jdoe"], resourceUrn: "${HIVE}"}) }`,
        400,
        /Urn type does not match entity type tag/,
      ],
      [
        'a label that does not exist',
        `mutation { addTerms(input: {termUrns: ["urn:li:glossaryTerm:Nope"], resourceUrn: "${HIVE}"}) }`,
        400,
        /Urn does not exist/,
      ],
      [
        'a sub-resource type without a sub-resource',
        `mutation { addTags(input: {tagUrns: ["urn:li:tag:Legacy"], resourceUrn: "${HIVE}", subResourceType: DATASET_FIELD}) }`,
        400,
        /must be given together/,
      ],
      [
        'deprecating a container',
        `mutation { updateDeprecation(input: {urn: "urn:li:container:DATABASE", deprecated: true}) }`,
        400,
        /Containers cannot be deprecated/,
      ],
      [
        'a dataset description without a field',
        `mutation { updateDescription(input: {description: "x", resourceUrn: "${HIVE}"}) }`,
        400,
        /without subresource is not currently supported/,
      ],
      [
        'a chart description',
        `mutation { updateDescription(input: {description: "x", resourceUrn: "urn:li:chart:(looker,baz1)"}) }`,
        400,
        /Unsupported resource type chart/,
      ],
      [
        'a domain that does not exist',
        `mutation { setDomain(entityUrn: "${HIVE}", domainUrn: "urn:li:domain:nowhere") }`,
        400,
        /Domain does not exist/,
      ],
      [
        'an update of an urn of another entity type',
        `mutation { updateChart(urn: "${HIVE}", input: {editableProperties: {description: "x"}}) { urn } }`,
        400,
        /is not of entity type chart/,
      ],
      ['a tag that already exists', `mutation { createTag(input: {id: "Legacy", name: "Legacy"}) }`, 400, /This Tag already exists!/],
    ])('%s', async (_what, query, code, message) => {
      const body = await gql(query);
      expect(body.errors[0].message).toMatch(message);
      expect(body.errors[0].extensions.code).toBe(code);
    });
  });

  describe('mutations, seen through GraphQL, REST and search', () => {
    const datasetTags = async (urn: string) =>
      (await ok(`{ dataset(urn: "${urn}") { tags { tags { tag { urn } } } } }`)).dataset.tags?.tags.map((t: Json) => t.tag.urn) ?? [];
    const restAspect = async (urn: string, aspect: string) =>
      (await http(`${s.url}/entitiesV2/${enc(urn)}?aspects=List(${aspect})`)).body.aspects[aspect]?.value;
    const searchUrns = async (input: string, entity = 'dataset') =>
      urnsOf((await http(`${s.url}/entities?action=search`, { body: { entity, input, start: 0, count: 100 } })).body.value);

    it('createTag, addTags, removeTag and batch variants', async () => {
      expect(await ok('mutation { createTag(input: {id: "pii", name: "PII", description: "personal data"}) }')).toEqual({
        createTag: 'urn:li:tag:pii',
      });
      expect(await ok(`mutation { addTags(input: {tagUrns: ["urn:li:tag:pii"], resourceUrn: "${KAFKA}"}) }`)).toEqual({ addTags: true });
      expect(await datasetTags(KAFKA)).toEqual(['urn:li:tag:pii']);
      expect((await restAspect(KAFKA, 'globalTags')).tags).toEqual([{ tag: 'urn:li:tag:pii' }]);
      expect(await searchUrns('tags:urn:li:tag:pii')).toEqual([KAFKA]);
      await ok(`mutation { batchAddTags(input: {tagUrns: ["urn:li:tag:pii"], resources: [{resourceUrn: "${HIVE}"}]}) }`);
      expect(await datasetTags(HIVE)).toEqual(['urn:li:tag:Legacy', 'urn:li:tag:pii']);
      await ok(`mutation { removeTag(input: {tagUrn: "urn:li:tag:pii", resourceUrn: "${KAFKA}"}) }`);
      await ok(`mutation { batchRemoveTags(input: {tagUrns: ["urn:li:tag:pii"], resources: [{resourceUrn: "${HIVE}"}]}) }`);
      expect(await searchUrns('tags:urn:li:tag:pii')).toEqual([]);
      const rel = await http(`${s.url}/relationships?direction=INCOMING&urn=${enc('urn:li:tag:pii')}&types=TaggedWith`);
      expect(rel.body.entities).toEqual([]);
    });

    it('column tags, terms and descriptions go to editableSchemaMetadata', async () => {
      await ok(
        `mutation { addTag(input: {tagUrn: "urn:li:tag:Legacy", resourceUrn: "${KAFKA}", subResourceType: DATASET_FIELD, subResource: "field_foo"}) }`,
      );
      await ok(
        `mutation { addTerms(input: {termUrns: ["urn:li:glossaryTerm:SavingAccount"], resourceUrn: "${KAFKA}", subResourceType: DATASET_FIELD, subResource: "field_foo"}) }`,
      );
      await ok(
        `mutation { updateDescription(input: {description: "the foo column", resourceUrn: "${KAFKA}", subResourceType: DATASET_FIELD, subResource: "field_foo"}) }`,
      );
      const data = await ok(
        `{ dataset(urn: "${KAFKA}") { editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description tags { tags { tag { urn } } } glossaryTerms { terms { term { urn } } } } } } }`,
      );
      expect(data.dataset.editableSchemaMetadata.editableSchemaFieldInfo).toContainEqual({
        fieldPath: 'field_foo',
        description: 'the foo column',
        tags: { tags: [{ tag: { urn: 'urn:li:tag:Legacy' } }] },
        glossaryTerms: { terms: [{ term: { urn: 'urn:li:glossaryTerm:SavingAccount' } }] },
      });
      expect(await searchUrns('editedFieldTags:urn:li:tag:Legacy')).toContain(KAFKA);
    });

    it('owners: add, replace by owner and type, remove', async () => {
      await ok(
        `mutation { addOwners(input: {owners: [{ownerUrn: "urn:li:corpGroup:jdoe", ownerEntityType: CORP_GROUP, type: BUSINESS_OWNER}], resourceUrn: "${FLOW}"}) }`,
      );
      const owners = async () =>
        (
          await ok(
            `{ dataFlow(urn: "${FLOW}") { ownership { owners { owner { ... on CorpGroup { urn } ... on CorpUser { urn } } type } } } }`,
          )
        ).dataFlow.ownership.owners;
      expect(await owners()).toContainEqual({ owner: { urn: 'urn:li:corpGroup:jdoe' }, type: 'BUSINESS_OWNER' });
      const rel = await http(`${s.url}/relationships?direction=INCOMING&urn=${enc('urn:li:corpGroup:jdoe')}&types=OwnedBy`);
      expect(rel.body.entities).toContain(FLOW);
      await ok(`mutation { removeOwner(input: {ownerUrn: "urn:li:corpGroup:jdoe", resourceUrn: "${FLOW}"}) }`);
      expect((await owners()).map((o: Json) => o.owner.urn)).not.toContain('urn:li:corpGroup:jdoe');
    });

    it('domains, deprecation, soft delete and links', async () => {
      const domain = (await ok('mutation { createDomain(input: {id: "marketing", name: "Marketing", description: "m"}) }')).createDomain;
      expect(domain).toBe('urn:li:domain:marketing');
      await ok(`mutation { setDomain(entityUrn: "${HIVE}", domainUrn: "${domain}") }`);
      expect((await ok(`{ dataset(urn: "${HIVE}") { domain { domain { urn properties { name } } } } }`)).dataset.domain.domain).toEqual({
        urn: domain,
        properties: { name: 'Marketing' },
      });
      expect(await searchUrns(`domains:${domain}`)).toEqual([HIVE]);
      await ok(`mutation { unsetDomain(entityUrn: "${HIVE}") }`);
      expect(await searchUrns(`domains:${domain}`)).toEqual([]);

      await ok(`mutation { updateDeprecation(input: {urn: "${HIVE}", deprecated: true, note: "use the new one"}) }`);
      expect((await ok(`{ dataset(urn: "${HIVE}") { deprecation { deprecated note } } }`)).dataset.deprecation).toEqual({
        deprecated: true,
        note: 'use the new one',
      });

      await ok(`mutation { batchUpdateSoftDeleted(input: {urns: ["${HIVE}"], deleted: true}) }`);
      expect(await searchUrns('SampleHiveDataset')).toEqual([]);
      expect((await restAspect(HIVE, 'status')).removed).toBe(true);
      await ok(`mutation { batchUpdateSoftDeleted(input: {urns: ["${HIVE}"], deleted: false}) }`);
      expect(await searchUrns('SampleHiveDataset')).toEqual([HIVE]);

      await ok(`mutation { addLink(input: {linkUrl: "https://wiki/x", label: "Runbook", resourceUrn: "${HIVE}"}) }`);
      const links = (await ok(`{ dataset(urn: "${HIVE}") { institutionalMemory { elements { url label } } } }`)).dataset.institutionalMemory
        .elements;
      expect(links).toContainEqual({ url: 'https://wiki/x', label: 'Runbook' });
      await ok(`mutation { removeLink(input: {linkUrl: "https://wiki/x", resourceUrn: "${HIVE}"}) }`);
      expect(
        (await ok(`{ dataset(urn: "${HIVE}") { institutionalMemory { elements { url } } } }`)).dataset.institutionalMemory.elements,
      ).not.toContainEqual({ url: 'https://wiki/x' });
    });

    it('update<Entity> replaces the lists it is given (the spec §4.1 example)', async () => {
      const data = await ok(
        `mutation { updateDashboard(urn: "urn:li:dashboard:(looker,baz)", input: {editableProperties: {description: "Rewritten"}, tags: {tags: [{tag: {urn: "urn:li:tag:Legacy", name: "Legacy"}}]}}) { urn editableProperties { description } tags { tags { tag { urn } } } } }`,
      );
      expect(data.updateDashboard).toEqual({
        urn: 'urn:li:dashboard:(looker,baz)',
        editableProperties: { description: 'Rewritten' },
        tags: { tags: [{ tag: { urn: 'urn:li:tag:Legacy' } }] },
      });
      await ok(
        `mutation { updateDataset(urn: "${KAFKA}", input: {ownership: {owners: [{owner: "urn:li:corpuser:datahub", type: DATAOWNER}]}}) { urn } }`,
      );
      expect((await restAspect(KAFKA, 'ownership')).owners).toEqual([{ owner: 'urn:li:corpuser:datahub', type: 'DATAOWNER' }]);
    });

    it('glossary entities and names', async () => {
      const node = (await ok('mutation { createGlossaryNode(input: {id: "Finance", name: "Finance"}) }')).createGlossaryNode;
      const term = (
        await ok(
          `mutation { createGlossaryTerm(input: {id: "Finance.Revenue", name: "Revenue", description: "money in", parentNode: "${node}"}) }`,
        )
      ).createGlossaryTerm;
      await ok(`mutation { updateName(input: {urn: "${term}", name: "Net revenue"}) }`);
      const data = await ok(`{ glossaryTerm(urn: "${term}") { properties { name description } parentNodes { nodes { urn } } } }`);
      expect(data.glossaryTerm).toEqual({
        properties: { name: 'Net revenue', description: 'money in' },
        parentNodes: { nodes: [{ urn: node }] },
      });
      expect(await searchUrns('revenue', 'glossaryTerm')).toEqual([term]);
    });
  });

  describe('the remaining mutations', () => {
    const rest = async (urn: string, aspect: string) =>
      (await http(`${s.url}/entitiesV2/${enc(urn)}?aspects=List(${aspect})`)).body.aspects[aspect]?.value;
    const CHART = 'urn:li:chart:(looker,baz1)';
    const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,dag_abc,PROD),task_123)';

    it('update<Entity> for charts, flows, jobs, tags, users and groups', async () => {
      await ok(`mutation { updateChart(urn: "${CHART}", input: {editableProperties: {description: "chart doc"}}) { urn } }`);
      expect((await rest(CHART, 'editableChartProperties')).description).toBe('chart doc');
      await ok(`mutation { updateDataFlow(urn: "${FLOW}", input: {editableProperties: {description: "flow doc"}}) { urn } }`);
      expect((await rest(FLOW, 'editableDataFlowProperties')).description).toBe('flow doc');
      await ok(`mutation { updateDataJob(urn: "${JOB}", input: {editableProperties: {description: "job doc"}}) { urn } }`);
      expect((await rest(JOB, 'editableDataJobProperties')).description).toBe('job doc');
      await ok(
        'mutation { updateTag(urn: "urn:li:tag:Legacy", input: {urn: "urn:li:tag:Legacy", name: "Legacy", description: "old stuff"}) { urn } }',
      );
      expect((await ok('{ tag(urn: "urn:li:tag:Legacy") { properties { description } } }')).tag.properties.description).toBe('old stuff');
      await ok('mutation { setTagColor(urn: "urn:li:tag:Legacy", colorHex: "#aa0000") }');
      expect((await rest('urn:li:tag:Legacy', 'tagProperties')).colorHex).toBe('#aa0000');
      await ok('mutation { updateCorpUserProperties(urn: "urn:li:corpuser:jdoe", input: {aboutMe: "hi", skills: ["sql"]}) { urn } }');
      expect(await rest('urn:li:corpuser:jdoe', 'corpUserEditableInfo')).toMatchObject({ aboutMe: 'hi', skills: ['sql'] });
      // Stored as urns, read as objects (DataHub's CorpUserEditableInfoMapper), not passed through as strings.
      await ok(
        'mutation { updateCorpUserProperties(urn: "urn:li:corpuser:jdoe", input: {platformUrns: ["urn:li:dataPlatform:hive"], personaUrn: "urn:li:dataHubPersona:analyst"}) { urn } }',
      );
      expect(
        (await ok('{ corpUser(urn: "urn:li:corpuser:jdoe") { editableProperties { aboutMe platforms { urn name } persona { urn } } } }'))
          .corpUser.editableProperties,
      ).toEqual({
        aboutMe: 'hi',
        platforms: [{ urn: 'urn:li:dataPlatform:hive', name: 'hive' }],
        persona: { urn: 'urn:li:dataHubPersona:analyst' },
      });
      await ok('mutation { updateCorpGroupProperties(urn: "urn:li:corpGroup:bfoo", input: {slack: "#bfoo"}) { urn } }');
      expect((await rest('urn:li:corpGroup:bfoo', 'corpGroupEditableInfo')).slack).toBe('#bfoo');
    });

    it('term and owner variants, batch domain and deprecation', async () => {
      await ok(`mutation { addTerm(input: {termUrn: "urn:li:glossaryTerm:CustomerAccount", resourceUrn: "${CHART}"}) }`);
      await ok(
        `mutation { batchAddTerms(input: {termUrns: ["urn:li:glossaryTerm:AccountBalance"], resources: [{resourceUrn: "${CHART}"}]}) }`,
      );
      expect((await rest(CHART, 'glossaryTerms')).terms.map((t: Json) => t.urn)).toEqual([
        'urn:li:glossaryTerm:CustomerAccount',
        'urn:li:glossaryTerm:AccountBalance',
      ]);
      await ok(`mutation { removeTerm(input: {termUrn: "urn:li:glossaryTerm:CustomerAccount", resourceUrn: "${CHART}"}) }`);
      await ok(
        `mutation { batchRemoveTerms(input: {termUrns: ["urn:li:glossaryTerm:AccountBalance"], resources: [{resourceUrn: "${CHART}"}]}) }`,
      );
      expect((await rest(CHART, 'glossaryTerms')).terms).toEqual([]);

      await ok(
        `mutation { addOwner(input: {ownerUrn: "urn:li:corpuser:jdoe", ownerEntityType: CORP_USER, type: TECHNICAL_OWNER, resourceUrn: "${CHART}"}) }`,
      );
      await ok(
        `mutation { batchAddOwners(input: {owners: [{ownerUrn: "urn:li:corpGroup:bfoo", ownerEntityType: CORP_GROUP, type: DATA_STEWARD}], resources: [{resourceUrn: "${CHART}"}]}) }`,
      );
      const owners = (await rest(CHART, 'ownership')).owners;
      expect(owners).toContainEqual(
        expect.objectContaining({ owner: 'urn:li:corpuser:jdoe', type: 'TECHNICAL_OWNER', source: { type: 'MANUAL' } }),
      );
      expect(owners).toContainEqual(expect.objectContaining({ owner: 'urn:li:corpGroup:bfoo', type: 'DATA_STEWARD' }));
      await ok(
        `mutation { batchRemoveOwners(input: {ownerUrns: ["urn:li:corpuser:jdoe", "urn:li:corpGroup:bfoo", "urn:li:corpuser:datahub"], resources: [{resourceUrn: "${CHART}"}]}) }`,
      );
      expect((await rest(CHART, 'ownership')).owners).toEqual([]);

      const domain = (await ok('mutation { createDomain(input: {id: "ops", name: "Operations"}) }')).createDomain;
      await ok(
        `mutation { batchSetDomain(input: {domainUrn: "${domain}", resources: [{resourceUrn: "${CHART}"}, {resourceUrn: "${FLOW}"}]}) }`,
      );
      expect(
        urnsOf(
          (await http(`${s.url}/entities?action=search`, { body: { entity: 'chart', input: `domains:${domain}`, start: 0, count: 10 } }))
            .body.value,
        ),
      ).toEqual([CHART]);
      await ok(`mutation { batchSetDomain(input: {domainUrn: null, resources: [{resourceUrn: "${CHART}"}]}) }`);
      expect((await rest(CHART, 'domains')).domains).toEqual([]);
      await ok(`mutation { batchUpdateDeprecation(input: {deprecated: true, note: "gone", resources: [{resourceUrn: "${CHART}"}]}) }`);
      expect(await rest(CHART, 'deprecation')).toMatchObject({ deprecated: true, note: 'gone' });
    });

    it('a second domain with the same name under the same parent is a 409 CONFLICT', async () => {
      await ok('mutation { createDomain(input: {id: "sales-a", name: "Sales"}) }');
      const body = await gql('mutation { createDomain(input: {id: "sales-b", name: "Sales"}) }');
      expect(body.errors[0]).toMatchObject({
        message: '"Sales" already exists in this domain. Please pick a unique name.',
        extensions: { code: 409, type: 'CONFLICT' },
      });
    });

    it('groups, parents and deletes', async () => {
      const group = (await ok('mutation { createGroup(input: {id: "analysts", name: "Analysts", description: "they analyse"}) }'))
        .createGroup;
      expect((await ok(`{ corpGroup(urn: "${group}") { name properties { displayName description } } }`)).corpGroup).toEqual({
        name: 'analysts',
        properties: { displayName: 'Analysts', description: 'they analyse' },
      });
      const parent = (await ok('mutation { createDomain(input: {id: "parent", name: "Parent"}) }')).createDomain;
      const child = (await ok('mutation { createDomain(input: {id: "child", name: "Child"}) }')).createDomain;
      await ok(`mutation { moveDomain(input: {parentDomain: "${parent}", resourceUrn: "${child}"}) }`);
      expect((await rest(child, 'domainProperties')).parentDomain).toBe(parent);
      const node = (await ok('mutation { createGlossaryNode(input: {id: "Ops", name: "Ops"}) }')).createGlossaryNode;
      const term = (await ok('mutation { createGlossaryTerm(input: {id: "Ops.Uptime", name: "Uptime"}) }')).createGlossaryTerm;
      await ok(`mutation { updateParentNode(input: {parentNode: "${node}", resourceUrn: "${term}"}) }`);
      expect((await rest(term, 'glossaryTermInfo')).parentNode).toBe(node);
      await ok(`mutation { deleteGlossaryEntity(urn: "${term}") }`);
      expect((await ok(`{ entityExists(urn: "${term}") }`)).entityExists).toBe(false);
      const tag = (await ok('mutation { createTag(input: {id: "temp", name: "Temp"}) }')).createTag;
      await ok(`mutation { deleteTag(urn: "${tag}") }`);
      expect(
        urnsOf((await http(`${s.url}/entities?action=search`, { body: { entity: 'tag', input: 'temp', start: 0, count: 10 } })).body.value),
      ).toEqual([]);
      await ok(`mutation { deleteDomain(urn: "${child}") }`);
      expect((await ok(`{ entityExists(urn: "${child}") }`)).entityExists).toBe(false);
    });

    it('answers a malformed urn given to a delete or rename with 400, not a server error', async () => {
      for (const mutation of [
        'deleteTag(urn: "not-an-urn")',
        'deleteDomain(urn: "urn:li:domain")',
        'updateName(input: {urn: "garbage", name: "x"})',
      ]) {
        const body = await gql(`mutation { ${mutation} }`);
        expect(body.errors[0].extensions, mutation).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
      }
    });

    it('updateDatasets updates several datasets', async () => {
      const data = await ok(
        `mutation { updateDatasets(input: [{urn: "${KAFKA}", update: {editableProperties: {description: "k"}}}, {urn: "${HIVE}", update: {editableProperties: {description: "h"}}}]) { urn editableProperties { description } } }`,
      );
      expect(data.updateDatasets).toEqual([
        { urn: KAFKA, editableProperties: { description: 'k' } },
        { urn: HIVE, editableProperties: { description: 'h' } },
      ]);
    });
  });

  it('resolves a page of 100 search results with nested entities in a bounded number of store calls', async () => {
    const proposals = Array.from({ length: 100 }, (_, i) => ({
      entityType: 'dataset',
      entityUrn: `urn:li:dataset:(urn:li:dataPlatform:hive,batch.t${i},PROD)`,
      changeType: 'UPSERT',
      aspectName: 'ownership',
      aspect: { value: JSON.stringify({ owners: [{ owner: `urn:li:corpuser:u${i % 7}`, type: 'DATAOWNER' }] }) },
    }));
    expect((await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals } })).status).toBe(200);
    const store = s.services.store;
    const original = store.getLatestAspects.bind(store);
    let calls = 0;
    store.getLatestAspects = async (...args) => {
      calls++;
      return original(...args);
    };
    try {
      const data = await ok(
        `{ search(input: {type: DATASET, query: "batch", start: 0, count: 100}) { total searchResults { entity { urn ... on Dataset { name platform { name } ownership { owners { owner { ... on CorpUser { urn username } } } } tags { tags { tag { name } } } } } } } }`,
      );
      expect(data.search.searchResults).toHaveLength(100);
      // One batch for the datasets, one for their owners and platforms: not one per result.
      expect(calls).toBeLessThanOrEqual(3);
    } finally {
      store.getLatestAspects = original;
    }
  });
});

describe('the explorer page on the real server', () => {
  it('is served at /api/graphiql from local assets, and its endpoint answers', async () => {
    const s = await startTestServer();
    try {
      const page = await http(`${s.url}/api/graphiql`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.text).not.toMatch(/https?:\/\//);
      const assets = [...page.text.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]);
      expect(assets.length).toBeGreaterThan(2);
      for (const a of assets) expect((await http(s.url + a)).status, a).toBe(200);
      const r = await http(`${s.url}/api/graphql`, {
        body: { query: '{ search(input: {type: DATASET, query: "*", start: 0, count: 5}) { total } }' },
      });
      expect(r.body).toEqual({ data: { search: { total: 0 } }, extensions: {} });
    } finally {
      await s.close();
    }
  });
});
