/**
 * Records shared by many aspects (Pegasus `com.linkedin.common.*`).
 */
import { enumOf, long, mapOf, optional, record, string, urn, withDefault } from './dsl.js';

export const AuditStamp = record('com.linkedin.common.AuditStamp', {
  time: long,
  actor: urn,
  impersonator: optional(urn),
  message: optional(string),
});

const unknownStamp = { time: 0, actor: 'urn:li:corpuser:unknown' };

export const ChangeAuditStamps = record('com.linkedin.common.ChangeAuditStamps', {
  created: withDefault(AuditStamp, unknownStamp),
  lastModified: withDefault(AuditStamp, unknownStamp),
  deleted: optional(AuditStamp),
});

export const TimeStamp = record('com.linkedin.common.TimeStamp', {
  time: long,
  actor: optional(urn),
});

/** The `CustomProperties` mixin. */
export const CustomProperties = record('com.linkedin.common.CustomProperties', {
  customProperties: withDefault(mapOf(string), {}),
});

/** The `ExternalReference` mixin. */
export const ExternalReference = record('com.linkedin.common.ExternalReference', {
  externalUrl: optional(string),
});

export const FabricType = enumOf('com.linkedin.common.FabricType', [
  'DEV',
  'TEST',
  'QA',
  'UAT',
  'EI',
  'PRE',
  'STG',
  'NON_PROD',
  'PROD',
  'CORP',
  'RVW',
  'PRD',
  'TST',
  'SIT',
  'SBX',
  'SANDBOX',
]);
