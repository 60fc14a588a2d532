/**
 * Chart aspects (Pegasus `com.linkedin.chart.*`); chartUsageStatistics is in timeseries.ts.
 */
import { arrayOf, enumOf, long, optional, record, string, union, urn } from '../schema/dsl.js';
import { ChangeAuditStamps, CustomProperties, ExternalReference } from '../schema/common.js';
import { AccessLevel, customPropertiesSearchable, Edge, externalUrlSearchable } from './shared.js';
import { aspect } from './aspect.js';

const C = 'com.linkedin.chart.';

export const chartInfo = aspect({
  name: 'chartInfo',
  type: record(
    `${C}ChartInfo`,
    {
      title: string,
      description: string,
      lastModified: ChangeAuditStamps,
      chartUrl: optional(string),
      // `ChartDataSourceType = union[DatasetUrn]`: items are written `{"string": "urn:li:dataset:…"}`.
      inputs: optional(arrayOf(union(urn))),
      inputEdges: optional(arrayOf(Edge)),
      type: optional(
        enumOf(`${C}ChartType`, [
          'BAR',
          'PIE',
          'SCATTER',
          'TABLE',
          'TEXT',
          'LINE',
          'AREA',
          'HISTOGRAM',
          'BOX_PLOT',
          'WORD_CLOUD',
          'COHORT',
        ]),
      ),
      access: optional(AccessLevel),
      lastRefreshed: optional(long),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/title', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT' },
    { path: '/chartUrl', fieldType: 'KEYWORD' },
    { path: '/type', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Chart Type' },
    { path: '/access', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Access Level' },
  ],
  relationships: [
    { path: '/inputs/*/string', name: 'Consumes', entityTypes: ['dataset'], isLineage: true },
    {
      path: '/inputEdges/*/destinationUrn',
      name: 'Consumes',
      entityTypes: ['dataset', 'chart'],
      isLineage: true,
      edit: { legacy: '/inputs/*/string' },
    },
  ],
});

export const editableChartProperties = aspect({
  name: 'editableChartProperties',
  type: record(
    `${C}EditableChartProperties`,
    {
      description: optional(string),
    },
    ChangeAuditStamps,
  ),
  searchable: [{ path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' }],
});

export const chartQuery = aspect({
  name: 'chartQuery',
  type: record(`${C}ChartQuery`, {
    rawQuery: string,
    type: enumOf(`${C}ChartQueryType`, ['LOOKML', 'SQL']),
  }),
  searchable: [{ path: '/type', fieldName: 'queryType', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Query Type' }],
});

export const chartAspects = [chartInfo, editableChartProperties, chartQuery];
