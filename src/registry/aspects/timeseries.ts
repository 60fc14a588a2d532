/**
 * Timeseries aspects. Each record includes `TimeseriesAspectBase` (timestampMillis, eventGranularity,
 * partitionSpec, messageId). Timeseries aspects neither feed the entity search document nor create
 * graph edges, so none declares searchable fields or relationships.
 */
import { any, arrayOf, bytes, double, enumOf, float, int, long, mapOf, optional, record, string, urn } from '../schema/dsl.js';
import { timeseriesRecord } from './shared.js';
import { aspect } from './aspect.js';

const D = 'com.linkedin.dataset.';

// --- datasetProfile ----------------------------------------------------------------------------------

const DatasetFieldProfile = record(`${D}DatasetFieldProfile`, {
  fieldPath: string,
  uniqueCount: optional(long),
  uniqueProportion: optional(float),
  nullCount: optional(long),
  nullProportion: optional(float),
  min: optional(string),
  max: optional(string),
  mean: optional(string),
  median: optional(string),
  stdev: optional(string),
  quantiles: optional(arrayOf(record(`${D}Quantile`, { quantile: string, value: string }))),
  distinctValueFrequencies: optional(arrayOf(record(`${D}ValueFrequency`, { value: string, frequency: long }))),
  histogram: optional(record(`${D}Histogram`, { boundaries: arrayOf(string), heights: arrayOf(float) })),
  sampleValues: optional(arrayOf(string)),
});

export const datasetProfile = aspect({
  name: 'datasetProfile',
  timeseries: true,
  type: timeseriesRecord(`${D}DatasetProfile`, {
    rowCount: optional(long),
    columnCount: optional(long),
    fieldProfiles: optional(arrayOf(DatasetFieldProfile)),
    sizeInBytes: optional(long),
  }),
});

// --- datasetUsageStatistics --------------------------------------------------------------------------

export const datasetUsageStatistics = aspect({
  name: 'datasetUsageStatistics',
  timeseries: true,
  type: timeseriesRecord(`${D}DatasetUsageStatistics`, {
    uniqueUserCount: optional(int),
    totalSqlQueries: optional(int),
    topSqlQueries: optional(arrayOf(string)),
    userCounts: optional(
      arrayOf(
        record(`${D}DatasetUserUsageCounts`, {
          user: urn,
          count: int,
          userEmail: optional(string),
        }),
      ),
    ),
    fieldCounts: optional(
      arrayOf(
        record(`${D}DatasetFieldUsageCounts`, {
          fieldPath: string,
          count: int,
        }),
      ),
    ),
  }),
});

// --- operation ---------------------------------------------------------------------------------------

export const operation = aspect({
  name: 'operation',
  timeseries: true,
  type: timeseriesRecord('com.linkedin.common.Operation', {
    actor: optional(urn),
    operationType: enumOf('com.linkedin.common.OperationType', [
      'INSERT',
      'UPDATE',
      'DELETE',
      'CREATE',
      'ALTER',
      'DROP',
      'CUSTOM',
      'UNKNOWN',
    ]),
    customOperationType: optional(string),
    numAffectedRows: optional(long),
    affectedDatasets: optional(arrayOf(urn)),
    sourceType: optional(enumOf('com.linkedin.common.OperationSourceType', ['DATA_PROCESS', 'DATA_PLATFORM', 'MANUAL'])),
    customProperties: optional(mapOf(string)),
    lastUpdatedTimestamp: long,
    queries: optional(arrayOf(urn)),
  }),
});

// --- chart / dashboard usage ---------------------------------------------------------------------------

export const chartUsageStatistics = aspect({
  name: 'chartUsageStatistics',
  timeseries: true,
  type: timeseriesRecord('com.linkedin.chart.ChartUsageStatistics', {
    viewsCount: optional(int),
    uniqueUserCount: optional(int),
    userCounts: optional(
      arrayOf(
        record('com.linkedin.chart.ChartUserUsageCounts', {
          user: urn,
          viewsCount: optional(int),
        }),
      ),
    ),
  }),
});

export const dashboardUsageStatistics = aspect({
  name: 'dashboardUsageStatistics',
  timeseries: true,
  type: timeseriesRecord('com.linkedin.dashboard.DashboardUsageStatistics', {
    viewsCount: optional(int),
    executionsCount: optional(int),
    uniqueUserCount: optional(int),
    userCounts: optional(
      arrayOf(
        record('com.linkedin.dashboard.DashboardUserUsageCounts', {
          user: urn,
          viewsCount: optional(int),
          executionsCount: optional(int),
          usageCount: optional(int),
          userEmail: optional(string),
        }),
      ),
    ),
    favoritesCount: optional(int),
    lastViewedAt: optional(long),
  }),
});

// --- ingestion run bookkeeping (dataJob) -----------------------------------------------------------------

export const datahubIngestionRunSummary = aspect({
  name: 'datahubIngestionRunSummary',
  timeseries: true,
  type: timeseriesRecord('com.linkedin.datajob.datahub.DatahubIngestionRunSummary', {
    pipelineName: optional(string),
    platformInstanceId: optional(string),
    runId: optional(string),
    runStatus: optional(string),
    numWorkUnitsCommitted: optional(long),
    numWorkUnitsCreated: optional(long),
    numEvents: optional(long),
    numEntities: optional(long),
    numAspects: optional(long),
    numSourceAPICalls: optional(long),
    totalLatencySourceAPICalls: optional(long),
    numSinkAPICalls: optional(long),
    totalLatencySinkAPICalls: optional(long),
    numWarnings: optional(long),
    numErrors: optional(long),
    numEntitiesSkipped: optional(long),
    config: optional(string),
    custom_summary: optional(string),
    softwareVersion: optional(string),
    systemHostName: optional(string),
    operatingSystemName: optional(string),
    numProcessors: optional(int),
    totalMemory: optional(long),
    availableMemory: optional(long),
  }),
});

export const datahubIngestionCheckpoint = aspect({
  name: 'datahubIngestionCheckpoint',
  timeseries: true,
  type: timeseriesRecord('com.linkedin.datajob.datahub.DatahubIngestionCheckpoint', {
    pipelineName: optional(string),
    platformInstanceId: optional(string),
    config: optional(string),
    state: optional(
      record('com.linkedin.datajob.datahub.IngestionCheckpointState', {
        formatVersion: optional(string),
        serde: optional(string),
        payload: optional(bytes),
      }),
    ),
    runId: optional(string),
  }),
});

// --- assertions --------------------------------------------------------------------------------------

export const assertionRunEvent = aspect({
  name: 'assertionRunEvent',
  timeseries: true,
  type: timeseriesRecord('com.linkedin.assertion.AssertionRunEvent', {
    runId: string,
    assertionUrn: urn,
    asserteeUrn: urn,
    batchSpec: optional(any),
    status: string,
    result: optional(
      record('com.linkedin.assertion.AssertionResult', {
        type: string,
        rowCount: optional(long),
        missingCount: optional(long),
        unexpectedCount: optional(long),
        actualAggValue: optional(float),
        nativeResults: optional(mapOf(string)),
        externalUrl: optional(string),
        error: optional(
          record('com.linkedin.assertion.AssertionResultError', {
            type: enumOf('com.linkedin.assertion.AssertionResultErrorType', [
              'SOURCE_CONNECTION_ERROR',
              'SOURCE_QUERY_FAILED',
              'INSUFFICIENT_DATA',
              'INVALID_PARAMETERS',
              'INVALID_SOURCE_TYPE',
              'UNSUPPORTED_PLATFORM',
              'CUSTOM_SQL_ERROR',
              'FIELD_ASSERTION_ERROR',
              'UNKNOWN_ERROR',
            ]),
            properties: optional(mapOf(string)),
          }),
        ),
      }),
    ),
    runtimeContext: optional(mapOf(string)),
  }),
});

// --- data process instances ---------------------------------------------------------------------------

export const dataProcessInstanceRunEvent = aspect({
  name: 'dataProcessInstanceRunEvent',
  timeseries: true,
  type: timeseriesRecord('com.linkedin.dataprocess.DataProcessInstanceRunEvent', {
    externalUrl: optional(string),
    status: string,
    attempt: optional(int),
    result: optional(
      record('com.linkedin.dataprocess.DataProcessInstanceRunResult', {
        type: string,
        nativeResultType: optional(string),
      }),
    ),
    durationMillis: optional(long),
  }),
});

// --- queries --------------------------------------------------------------------------------------------

export const queryUsageStatistics = aspect({
  name: 'queryUsageStatistics',
  timeseries: true,
  type: timeseriesRecord('com.linkedin.query.QueryUsageStatistics', {
    queryCount: optional(int),
    queryCost: optional(double),
    lastExecutedAt: optional(long),
    uniqueUserCount: optional(int),
    userCounts: optional(arrayOf(any)),
  }),
});

export const timeseriesAspects = [
  datasetProfile,
  datasetUsageStatistics,
  operation,
  chartUsageStatistics,
  dashboardUsageStatistics,
  datahubIngestionRunSummary,
  datahubIngestionCheckpoint,
  assertionRunEvent,
  dataProcessInstanceRunEvent,
  queryUsageStatistics,
];
