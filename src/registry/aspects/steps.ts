/**
 * Onboarding steps a user has seen (Pegasus `com.linkedin.step.*`), one entity per user and step.
 */
import { mapOf, record, string, withDefault } from '../schema/dsl.js';
import { AuditStamp } from '../schema/common.js';
import type { AspectDecl } from '../types.js';

export const dataHubStepStateProperties: AspectDecl = {
  name: 'dataHubStepStateProperties',
  type: record('com.linkedin.step.DataHubStepStateProperties', {
    properties: withDefault(mapOf(string), {}),
    lastModified: AuditStamp,
  }),
};

export const stepAspects: AspectDecl[] = [dataHubStepStateProperties];
