/**
 * Data quality beyond assertions: incidents raised on assets and data contracts that bundle a
 * dataset's assertions. Shapes, searchable fields and relationships as DataHub's `incident` and
 * `datacontract` models declare them.
 */
import { arrayOf, enumOf, int, long, optional, record, string, urn } from '../schema/dsl.js';
import { AuditStamp, CustomProperties } from '../schema/common.js';
import { aspect } from './aspect.js';

const I = 'com.linkedin.incident.';
const C = 'com.linkedin.datacontract.';

const IncidentSourceRecord = record(`${I}IncidentSource`, {
  type: enumOf(`${I}IncidentSourceType`, ['MANUAL', 'ASSERTION_FAILURE']),
  sourceUrn: optional(urn),
});

export const incidentInfo = aspect({
  name: 'incidentInfo',
  type: record(`${I}IncidentInfo`, {
    type: enumOf(`${I}IncidentType`, ['FRESHNESS', 'VOLUME', 'FIELD', 'SQL', 'DATA_SCHEMA', 'OPERATIONAL', 'CUSTOM']),
    customType: optional(string),
    title: optional(string),
    description: optional(string),
    entities: arrayOf(urn),
    priority: optional(int),
    assignees: optional(arrayOf(record(`${I}IncidentAssignee`, { actor: urn, assignedAt: AuditStamp }))),
    status: record(`${I}IncidentStatus`, {
      state: enumOf(`${I}IncidentState`, ['ACTIVE', 'RESOLVED']),
      stage: optional(enumOf(`${I}IncidentStage`, ['TRIAGE', 'INVESTIGATION', 'WORK_IN_PROGRESS', 'FIXED', 'NO_ACTION_REQUIRED'])),
      message: optional(string),
      lastUpdated: AuditStamp,
    }),
    source: optional(IncidentSourceRecord),
    startedAt: optional(long),
    created: AuditStamp,
  }),
  searchable: [
    { path: '/type', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Type' },
    { path: '/customType', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Other Type' },
    { path: '/entities/*', fieldName: 'entities', fieldType: 'URN' },
    { path: '/priority', fieldType: 'COUNT', addToFilters: true, filterNameOverride: 'Priority' },
    { path: '/assignees/*/actor', fieldName: 'assignees', fieldType: 'URN', addToFilters: true, filterNameOverride: 'Assignee' },
    { path: '/status/state', fieldName: 'state', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Status' },
    { path: '/status/stage', fieldName: 'stage', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Stage' },
    { path: '/status/lastUpdated/time', fieldName: 'lastUpdated', fieldType: 'COUNT' },
    { path: '/source/type', fieldName: 'sourceType', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Source' },
    { path: '/source/sourceUrn', fieldName: 'sourceUrn', fieldType: 'URN' },
    { path: '/startedAt', fieldName: 'startedAt', fieldType: 'COUNT' },
    { path: '/created/time', fieldName: 'created', fieldType: 'COUNT' },
  ],
  relationships: [
    { path: '/entities/*', name: 'IncidentOn', entityTypes: ['dataset', 'chart', 'dashboard', 'dataFlow', 'dataJob', 'schemaField'] },
  ],
});

export const incidentSource = aspect({
  name: 'incidentSource',
  type: IncidentSourceRecord,
  searchable: [
    { path: '/type', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Source' },
    { path: '/sourceUrn', fieldType: 'URN' },
  ],
});

const contractOf = (name: string) => record(C + name, { assertion: urn });

export const dataContractProperties = aspect({
  name: 'dataContractProperties',
  type: record(`${C}DataContractProperties`, {
    entity: urn,
    schema: optional(arrayOf(contractOf('SchemaContract'))),
    freshness: optional(arrayOf(contractOf('FreshnessContract'))),
    dataQuality: optional(arrayOf(contractOf('DataQualityContract'))),
    rawContract: optional(string),
  }),
  relationships: [
    { path: '/entity', name: 'ContractFor', entityTypes: ['dataset'] },
    { path: '/schema/*/assertion', name: 'IncludesSchemaAssertion', entityTypes: ['assertion'] },
    { path: '/freshness/*/assertion', name: 'IncludesFreshnessAssertion', entityTypes: ['assertion'] },
    { path: '/dataQuality/*/assertion', name: 'IncludesDataQualityAssertion', entityTypes: ['assertion'] },
  ],
});

export const dataContractStatus = aspect({
  name: 'dataContractStatus',
  type: record(`${C}DataContractStatus`, { state: enumOf(`${C}DataContractState`, ['ACTIVE', 'PENDING']) }, CustomProperties),
  searchable: [{ path: '/state', fieldType: 'KEYWORD' }],
});

export const qualityAspects = [incidentInfo, incidentSource, dataContractProperties, dataContractStatus];
