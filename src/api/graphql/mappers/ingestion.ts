/**
 * DataHub's ingestion aspects as its GraphQL types (IngestionSourceMapper, ExecutionRequestMapper):
 * one mapper per aspect.
 */
import { refOf, type GraphQLContext } from '../context.js';

type Json = Record<string, any>;

const entries = (map: Json | undefined) => (map ? Object.entries(map).map(([key, value]) => ({ key, value: String(value) })) : null);

/** `dataHubIngestionSourceInfo.config` as IngestionConfig. */
export function ingestionConfig(info: Json | undefined) {
  const c = info?.config ?? {};
  return {
    recipe: c.recipe ?? '',
    executorId: c.executorId ?? 'default',
    version: c.version ?? null,
    debugMode: c.debugMode ?? null,
    extraArgs: entries(c.extraArgs),
  };
}

export function ingestionSchedule(info: Json | undefined) {
  const s = info?.schedule;
  return s ? { interval: s.interval, timezone: s.timezone ?? null } : null;
}

/** `dataHubExecutionRequestInput` as ExecutionRequestInput. */
export function executionRequestInput(ctx: GraphQLContext, input: Json | undefined) {
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
export function executionRequestResult(result: Json | undefined) {
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
