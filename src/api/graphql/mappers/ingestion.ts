/**
 * DataHub's ingestion aspects as its GraphQL types (IngestionSourceMapper, ExecutionRequestMapper):
 * one mapper per aspect.
 */
import { aspectValue } from '../../../registry/aspectValues.js';
import { refOf, type GraphQLContext } from '../context.js';

// Each takes the aspect's value as a store row holds it.

const sourceInfo = (stored: Record<string, unknown> | undefined) => aspectValue('dataHubIngestionSourceInfo', stored);

const entries = (map: Readonly<Record<string, string>> | undefined) =>
  map ? Object.entries(map).map(([key, value]) => ({ key, value: String(value) })) : null;

/** `dataHubIngestionSourceInfo.config` as IngestionConfig. */
export function ingestionConfig(stored: Record<string, unknown> | undefined) {
  const c: Partial<NonNullable<ReturnType<typeof sourceInfo>>['config']> = sourceInfo(stored)?.config ?? {};
  return {
    recipe: c.recipe ?? '',
    executorId: c.executorId ?? 'default',
    version: c.version ?? null,
    debugMode: c.debugMode ?? null,
    extraArgs: entries(c.extraArgs),
  };
}

export function ingestionSchedule(stored: Record<string, unknown> | undefined) {
  const s = sourceInfo(stored)?.schedule;
  return s ? { interval: s.interval, timezone: s.timezone ?? null } : null;
}

/** `dataHubExecutionRequestInput` as ExecutionRequestInput. */
export function executionRequestInput(ctx: GraphQLContext, stored: Record<string, unknown> | undefined) {
  const input = aspectValue('dataHubExecutionRequestInput', stored);
  return {
    task: input?.task ?? '',
    source: { type: input?.source?.type ?? null, ingestionSource: input?.source?.ingestionSource ?? null },
    arguments: entries(input?.args),
    requestedAt: input?.requestedAt ?? 0,
    actorUrn: input?.actorUrn ?? null,
    actor: (refOf(ctx.services, input?.actorUrn) ?? null) as any,
    executorId: input?.executorId ?? null,
  };
}

/** `dataHubExecutionRequestResult` as ExecutionRequestResult. */
export function executionRequestResult(stored: Record<string, unknown> | undefined) {
  const result = aspectValue('dataHubExecutionRequestResult', stored);
  if (!result) return null;
  const s = result.structuredReport;
  return {
    status: result.status,
    startTimeMs: result.startTimeMs ?? null,
    durationMs: result.durationMs ?? null,
    report: result.report ?? null,
    structuredReport: s ? { type: s.type, serializedValue: s.serializedValue, contentType: s.contentType } : null,
  };
}
