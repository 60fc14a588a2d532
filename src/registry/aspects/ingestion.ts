/**
 * Ingestion managed from the app (Pegasus `com.linkedin.ingestion`, `com.linkedin.execution`,
 * `com.linkedin.secret`): ingestion sources with their recipes, the requests to run them and their
 * results, and the secrets recipes refer to. A secret's `value` is stored encrypted
 * (domains/ingestion/secrets.ts), so neither the store nor the change log ever holds it in clear.
 */
import { AuditStamp } from '../schema/common.js';
import { boolean, enumOf, long, mapOf, optional, record, string, urn } from '../schema/dsl.js';
import { aspect } from './aspect.js';

const KEY = 'com.linkedin.metadata.key.';

export const dataHubIngestionSourceKey = aspect({
  name: 'dataHubIngestionSourceKey',
  type: record(`${KEY}DataHubIngestionSourceKey`, { id: string }),
});
export const dataHubSecretKey = aspect({ name: 'dataHubSecretKey', type: record(`${KEY}DataHubSecretKey`, { id: string }) });
export const dataHubExecutionRequestKey = aspect({
  name: 'dataHubExecutionRequestKey',
  type: record(`${KEY}ExecutionRequestKey`, { id: string }),
});

export const dataHubIngestionSourceInfo = aspect({
  name: 'dataHubIngestionSourceInfo',
  type: record('com.linkedin.ingestion.DataHubIngestionSourceInfo', {
    name: string,
    type: string,
    platform: optional(urn),
    schedule: optional(record('com.linkedin.ingestion.DataHubIngestionSourceSchedule', { interval: string, timezone: string })),
    config: record('com.linkedin.ingestion.DataHubIngestionSourceConfig', {
      recipe: string,
      version: optional(string),
      executorId: optional(string),
      debugMode: optional(boolean),
      extraArgs: optional(mapOf(string)),
    }),
    source: optional(
      record('com.linkedin.ingestion.DataHubIngestionSourceSource', {
        type: enumOf('com.linkedin.ingestion.DataHubIngestionSourceSourceType', ['SYSTEM']),
      }),
    ),
  }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL' },
    { path: '/type', fieldType: 'KEYWORD', queryByDefault: false },
    { path: '/config/executorId', fieldName: 'sourceExecutorId', fieldType: 'KEYWORD', queryByDefault: false },
    { path: '/source/type', fieldName: 'sourceType', fieldType: 'KEYWORD', queryByDefault: false },
  ],
});

export const dataHubSecretValue = aspect({
  name: 'dataHubSecretValue',
  type: record('com.linkedin.secret.DataHubSecretValue', {
    name: string,
    value: string,
    description: optional(string),
    created: optional(AuditStamp),
  }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL' },
    { path: '/created/time', fieldName: 'createdTime', fieldType: 'DATETIME' },
  ],
});

export const dataHubExecutionRequestInput = aspect({
  name: 'dataHubExecutionRequestInput',
  type: record('com.linkedin.execution.ExecutionRequestInput', {
    task: string,
    args: mapOf(string),
    executorId: string,
    source: record('com.linkedin.execution.ExecutionRequestSource', { type: string, ingestionSource: optional(urn) }),
    requestedAt: long,
    actorUrn: optional(urn),
  }),
  searchable: [
    { path: '/executorId', fieldName: 'executorId', fieldType: 'KEYWORD', queryByDefault: false },
    { path: '/source/ingestionSource', fieldName: 'ingestionSource', fieldType: 'KEYWORD', queryByDefault: false },
    { path: '/requestedAt', fieldName: 'requestTimeMs', fieldType: 'COUNT', queryByDefault: false },
    { path: '/actorUrn', fieldType: 'URN' },
  ],
  relationships: [{ path: '/source/ingestionSource', name: 'ingestionSource', entityTypes: ['dataHubIngestionSource'] }],
});

export const dataHubExecutionRequestSignal = aspect({
  name: 'dataHubExecutionRequestSignal',
  type: record('com.linkedin.execution.ExecutionRequestSignal', { signal: string, executorId: optional(string), createdAt: AuditStamp }),
});

export const dataHubExecutionRequestResult = aspect({
  name: 'dataHubExecutionRequestResult',
  type: record('com.linkedin.execution.ExecutionRequestResult', {
    status: string,
    report: optional(string),
    structuredReport: optional(
      record('com.linkedin.execution.StructuredExecutionReport', { type: string, serializedValue: string, contentType: string }),
    ),
    startTimeMs: optional(long),
    durationMs: optional(long),
  }),
  searchable: [
    { path: '/status', fieldName: 'executionResultStatus', fieldType: 'KEYWORD' },
    { path: '/startTimeMs', fieldName: 'startTimeMs', fieldType: 'COUNT', queryByDefault: false },
  ],
});

export const ingestionAspects = [
  dataHubIngestionSourceKey,
  dataHubSecretKey,
  dataHubExecutionRequestKey,
  dataHubIngestionSourceInfo,
  dataHubSecretValue,
  dataHubExecutionRequestInput,
  dataHubExecutionRequestSignal,
  dataHubExecutionRequestResult,
];
