/**
 * Smaller entities: posts, assertions, queries, telemetry, ownership types and personas. Modelled
 * structurally; enum-like fields whose symbol lists change between versions are strings.
 */
import { any, arrayOf, enumOf, long, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { AuditStamp, CustomProperties, ExternalReference } from '../schema/common.js';
import { customPropertiesSearchable, externalUrlSearchable } from './shared.js';
import { aspect } from './aspect.js';

// --- post --------------------------------------------------------------------------------------------

export const postInfo = aspect({
  name: 'postInfo',
  type: record('com.linkedin.post.PostInfo', {
    type: enumOf('com.linkedin.post.PostType', ['HOME_PAGE_ANNOUNCEMENT', 'ENTITY_ANNOUNCEMENT']),
    content: record('com.linkedin.post.PostContent', {
      title: string,
      type: enumOf('com.linkedin.post.PostContentType', ['TEXT', 'LINK']),
      description: optional(string),
      link: optional(string),
      media: optional(
        record('com.linkedin.common.Media', {
          type: string,
          location: string,
        }),
      ),
    }),
    created: long,
    lastModified: long,
    auditStamp: optional(AuditStamp),
    target: optional(urn),
  }),
  searchable: [
    { path: '/type', fieldType: 'TEXT' },
    { path: '/content/title', fieldName: 'title', fieldType: 'TEXT_PARTIAL' },
    { path: '/created', fieldType: 'COUNT' },
    { path: '/lastModified', fieldType: 'COUNT' },
    { path: '/target', fieldType: 'TEXT' },
  ],
  relationships: [
    {
      path: '/target',
      name: 'PostTarget',
      entityTypes: [
        'dataset',
        'schemaField',
        'chart',
        'container',
        'dashboard',
        'dataFlow',
        'dataJob',
        'dataProduct',
        'glossaryTerm',
        'glossaryNode',
        'mlModel',
        'mlFeature',
        'notebook',
        'mlFeatureTable',
        'mlPrimaryKey',
        'mlModelGroup',
        'domain',
      ],
    },
  ],
});

// --- assertion ---------------------------------------------------------------------------------------

const A = 'com.linkedin.assertion.';

const DatasetAssertionInfo = record(`${A}DatasetAssertionInfo`, {
  dataset: urn,
  scope: string,
  fields: optional(arrayOf(urn)),
  aggregation: optional(string),
  operator: string,
  parameters: optional(any),
  nativeType: optional(string),
  nativeParameters: optional(any),
  logic: optional(string),
});

/**
 * The kind-specific parts of an assertion, field by field as DataHub's records; the asserted entity is
 * modelled, the nested specs (schedules, row counts, field checks, the expected schema) stay open.
 */
const FreshnessAssertionInfo = record(`${A}FreshnessAssertionInfo`, { type: string, entity: urn, schedule: any, filter: optional(any) });
const VolumeAssertionInfo = record(`${A}VolumeAssertionInfo`, {
  type: string,
  entity: urn,
  rowCountTotal: optional(any),
  rowCountChange: optional(any),
  incrementingSegmentRowCountTotal: optional(any),
  incrementingSegmentRowCountChange: optional(any),
  filter: optional(any),
});
const SqlAssertionInfo = record(`${A}SqlAssertionInfo`, {
  type: string,
  entity: urn,
  statement: string,
  changeType: optional(string),
  operator: string,
  parameters: any,
});
const FieldAssertionInfo = record(`${A}FieldAssertionInfo`, {
  type: string,
  entity: urn,
  fieldValuesAssertion: optional(any),
  fieldMetricAssertion: optional(any),
  filter: optional(any),
});
const SchemaAssertionInfo = record(`${A}SchemaAssertionInfo`, { entity: urn, schema: any, compatibility: optional(string) });
const CustomAssertionInfo = record(`${A}CustomAssertionInfo`, { type: string, entity: urn, field: optional(urn), logic: optional(string) });

export const assertionInfo = aspect({
  name: 'assertionInfo',
  type: record(
    `${A}AssertionInfo`,
    {
      type: string,
      datasetAssertion: optional(DatasetAssertionInfo),
      freshnessAssertion: optional(FreshnessAssertionInfo),
      volumeAssertion: optional(VolumeAssertionInfo),
      sqlAssertion: optional(SqlAssertionInfo),
      fieldAssertion: optional(FieldAssertionInfo),
      schemaAssertion: optional(SchemaAssertionInfo),
      customAssertion: optional(CustomAssertionInfo),
      source: optional(any),
      lastUpdated: optional(AuditStamp),
      description: optional(string),
      note: optional(any),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/type', fieldType: 'KEYWORD' },
    ...['freshness', 'volume', 'sql', 'field', 'schema', 'custom'].map((kind) => ({
      path: `/${kind}Assertion/entity`,
      fieldName: 'entity',
      fieldType: 'URN' as const,
    })),
  ],
  relationships: [
    { path: '/datasetAssertion/dataset', name: 'Asserts', entityTypes: ['dataset'] },
    { path: '/datasetAssertion/fields/*', name: 'Asserts', entityTypes: ['schemaField'] },
    { path: '/freshnessAssertion/entity', name: 'Asserts', entityTypes: ['dataset', 'dataJob'] },
    { path: '/volumeAssertion/entity', name: 'Asserts', entityTypes: ['dataset'] },
    { path: '/sqlAssertion/entity', name: 'Asserts', entityTypes: ['dataset'] },
    { path: '/fieldAssertion/entity', name: 'Asserts', entityTypes: ['dataset'] },
    { path: '/schemaAssertion/entity', name: 'Asserts', entityTypes: ['dataset', 'dataJob'] },
    { path: '/customAssertion/entity', name: 'Asserts', entityTypes: ['dataset'] },
  ],
});

export const assertionActions = aspect({
  name: 'assertionActions',
  type: record(`${A}AssertionActions`, {
    onSuccess: withDefault(arrayOf(any), []),
    onFailure: withDefault(arrayOf(any), []),
  }),
});

// --- query -------------------------------------------------------------------------------------------

const Q = 'com.linkedin.query.';

export const queryProperties = aspect({
  name: 'queryProperties',
  type: record(
    `${Q}QueryProperties`,
    {
      statement: record(`${Q}QueryStatement`, {
        value: string,
        language: withDefault(enumOf(`${Q}QueryLanguage`, ['SQL', 'UNKNOWN']), 'SQL'),
      }),
      source: enumOf(`${Q}QuerySource`, ['MANUAL', 'SYSTEM']),
      name: optional(string),
      description: optional(string),
      created: AuditStamp,
      lastModified: AuditStamp,
      origin: optional(urn),
    },
    CustomProperties,
  ),
  searchable: [
    customPropertiesSearchable,
    { path: '/source', fieldType: 'TEXT' },
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
    { path: '/created/actor', fieldName: 'createdBy', fieldType: 'URN' },
    { path: '/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
    { path: '/lastModified/actor', fieldName: 'lastModifiedBy', fieldType: 'URN' },
  ],
});

export const querySubjects = aspect({
  name: 'querySubjects',
  type: record(`${Q}QuerySubjects`, {
    subjects: arrayOf(record(`${Q}QuerySubject`, { entity: urn })),
  }),
  searchable: [{ path: '/subjects/*/entity', fieldName: 'entities', fieldType: 'KEYWORD' }],
});

// --- telemetry ---------------------------------------------------------------------------------------

export const telemetryClientId = aspect({
  name: 'telemetryClientId',
  type: record('com.linkedin.telemetry.TelemetryClientId', {
    clientId: string,
  }),
});

// --- ownership types ---------------------------------------------------------------------------------

export const ownershipTypeInfo = aspect({
  name: 'ownershipTypeInfo',
  type: record('com.linkedin.ownership.OwnershipTypeInfo', {
    name: string,
    description: optional(string),
    created: optional(AuditStamp),
    lastModified: optional(AuditStamp),
  }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL', enableAutocomplete: true, boostScore: 10 },
    { path: '/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
    { path: '/created/actor', fieldName: 'createdBy', fieldType: 'URN' },
    { path: '/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
    { path: '/lastModified/actor', fieldName: 'lastModifiedBy', fieldType: 'URN' },
  ],
});

// --- personas ----------------------------------------------------------------------------------------

export const dataHubPersonaInfo = aspect({
  name: 'dataHubPersonaInfo',
  type: record('com.linkedin.persona.DataHubPersonaInfo', {}),
});

export const miscAspects = [
  postInfo,
  assertionInfo,
  assertionActions,
  queryProperties,
  querySubjects,
  telemetryClientId,
  ownershipTypeInfo,
  dataHubPersonaInfo,
];
