/**
 * Saved search views (Pegasus `com.linkedin.view.*`): a name, who sees it, and the entity types and
 * filter it applies to searches.
 */
import { arrayOf, boolean, enumOf, optional, record, string, withDefault } from '../schema/dsl.js';
import { AuditStamp } from '../schema/common.js';
import { aspect } from './aspect.js';

const F = 'com.linkedin.metadata.query.filter.';

const Criterion = record(`${F}Criterion`, {
  field: string,
  value: string,
  values: withDefault(arrayOf(string), []),
  condition: withDefault(
    enumOf(`${F}Condition`, [
      'CONTAIN',
      'END_WITH',
      'EQUAL',
      'IEQUAL',
      'IS_NULL',
      'EXISTS',
      'GREATER_THAN',
      'GREATER_THAN_OR_EQUAL_TO',
      'IN',
      'LESS_THAN',
      'LESS_THAN_OR_EQUAL_TO',
      'START_WITH',
      'DESCENDANTS_INCL',
      'ANCESTORS_INCL',
      'RELATED_INCL',
    ]),
    'EQUAL',
  ),
  negated: withDefault(boolean, false),
});

/** DataHub's search filter: an OR of ANDed criteria (`criteria` is its older, single-AND form). */
export const Filter = record(`${F}Filter`, {
  or: optional(arrayOf(record(`${F}ConjunctiveCriterion`, { and: arrayOf(Criterion) }))),
  criteria: optional(arrayOf(Criterion)),
});

export const dataHubViewInfo = aspect({
  name: 'dataHubViewInfo',
  type: record('com.linkedin.view.DataHubViewInfo', {
    name: string,
    description: optional(string),
    type: enumOf('com.linkedin.view.DataHubViewType', ['PERSONAL', 'GLOBAL']),
    definition: record('com.linkedin.view.DataHubViewDefinition', { entityTypes: arrayOf(string), filter: Filter }),
    created: AuditStamp,
    lastModified: AuditStamp,
  }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL' },
    { path: '/type', fieldType: 'KEYWORD' },
    { path: '/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
    { path: '/created/actor', fieldName: 'createdBy', fieldType: 'URN' },
    { path: '/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
  ],
});

export const viewAspects = [dataHubViewInfo];
