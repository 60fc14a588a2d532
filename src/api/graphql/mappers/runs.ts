/** A data process instance's `dataProcessInstanceProperties`, run events and ML training properties. */
import type { EntityRef } from '../context.js';
import { auditStamp, customProperties } from './common.js';

type Json = Record<string, any>;

export function processInstanceProperties(ref: EntityRef, p: Json | undefined) {
  if (!p) return null;
  return {
    name: p.name,
    externalUrl: p.externalUrl ?? null,
    created: auditStamp(p.created) ?? { time: 0, actor: null },
    customProperties: customProperties(ref.urn, p.customProperties),
  };
}

export function processRunEvent(e: Json) {
  return {
    status: e.status ?? null,
    attempt: e.attempt ?? null,
    result: e.result ? { resultType: e.result.type ?? null, nativeResultType: e.result.nativeResultType ?? null } : null,
    timestampMillis: e.timestampMillis,
    durationMillis: e.durationMillis ?? null,
  };
}

export const trainingRunProperties = (t: Json | undefined) =>
  t
    ? { id: t.id ?? null, outputUrls: t.outputUrls ?? null, hyperParams: t.hyperParams ?? null, trainingMetrics: t.trainingMetrics ?? null }
    : null;
