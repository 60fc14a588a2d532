/**
 * Dashboard aspects (Pegasus `com.linkedin.dashboard.*`); dashboardUsageStatistics is in timeseries.ts.
 */
import { arrayOf, long, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { ChangeAuditStamps, CustomProperties, ExternalReference } from '../schema/common.js';
import { AccessLevel, customPropertiesSearchable, Edge, externalUrlSearchable } from './shared.js';
import { aspect } from './aspect.js';

const DB = 'com.linkedin.dashboard.';

export const dashboardInfo = aspect({
  name: 'dashboardInfo',
  type: record(
    `${DB}DashboardInfo`,
    {
      title: string,
      description: string,
      charts: withDefault(arrayOf(urn), []),
      chartEdges: optional(arrayOf(Edge)),
      datasets: withDefault(arrayOf(urn), []),
      datasetEdges: optional(arrayOf(Edge)),
      dashboards: withDefault(arrayOf(Edge), []),
      lastModified: ChangeAuditStamps,
      dashboardUrl: optional(string),
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
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
    { path: '/lastModified/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
    { path: '/dashboardUrl', fieldType: 'KEYWORD' },
    { path: '/access', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Access Level' },
  ],
  relationships: [
    { path: '/charts/*', name: 'Contains', entityTypes: ['chart'], isLineage: true },
    { path: '/chartEdges/*/destinationUrn', name: 'Contains', entityTypes: ['chart'], isLineage: true, edit: { legacy: '/charts/*' } },
    { path: '/datasets/*', name: 'Consumes', entityTypes: ['dataset'], isLineage: true },
    {
      path: '/datasetEdges/*/destinationUrn',
      name: 'Consumes',
      entityTypes: ['dataset'],
      isLineage: true,
      edit: { legacy: '/datasets/*' },
    },
    { path: '/dashboards/*/destinationUrn', name: 'DashboardContainsDashboard', entityTypes: ['dashboard'], isLineage: true },
  ],
});

export const editableDashboardProperties = aspect({
  name: 'editableDashboardProperties',
  type: record(
    `${DB}EditableDashboardProperties`,
    {
      description: optional(string),
    },
    ChangeAuditStamps,
  ),
  searchable: [{ path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' }],
});

export const dashboardAspects = [dashboardInfo, editableDashboardProperties];
