/** A data process instance's `dataProcessInstanceProperties`, run events and ML training properties. */
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import type { EntityRef } from '../context.js';
import { auditStamp, customProperties } from './common.js';

export function processInstanceProperties(ref: EntityRef, p: AspectValue<'dataProcessInstanceProperties'> | undefined) {
  if (!p) return null;
  return {
    name: p.name,
    externalUrl: p.externalUrl ?? null,
    created: auditStamp(p.created) ?? { time: 0, actor: null },
    customProperties: customProperties(ref.urn, p.customProperties),
  };
}

/** `point`: a stored point of `dataProcessInstanceRunEvent`. */
export function processRunEvent(point: Record<string, unknown>) {
  const e = aspectValue('dataProcessInstanceRunEvent', point);
  return {
    status: e.status ?? null,
    attempt: e.attempt ?? null,
    result: e.result ? { resultType: e.result.type ?? null, nativeResultType: e.result.nativeResultType ?? null } : null,
    timestampMillis: e.timestampMillis,
    durationMillis: e.durationMillis ?? null,
  };
}

export const trainingRunProperties = (t: AspectValue<'mlTrainingRunProperties'> | undefined) =>
  t
    ? { id: t.id ?? null, outputUrls: t.outputUrls ?? null, hyperParams: t.hyperParams ?? null, trainingMetrics: t.trainingMetrics ?? null }
    : null;
