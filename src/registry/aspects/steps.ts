/**
 * Onboarding steps a user has seen (Pegasus `com.linkedin.step.*`), one entity per user and step.
 */
import { mapOf, record, string, withDefault } from '../schema/dsl.js';
import { AuditStamp } from '../schema/common.js';
import { aspect } from './aspect.js';

export const dataHubStepStateProperties = aspect({
  name: 'dataHubStepStateProperties',
  type: record('com.linkedin.step.DataHubStepStateProperties', {
    properties: withDefault(mapOf(string), {}),
    lastModified: AuditStamp,
  }),
});

export const stepAspects = [dataHubStepStateProperties];
