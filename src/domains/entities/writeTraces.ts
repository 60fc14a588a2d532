/**
 * Write tracing as DataHub's SDK reads it (`EmitMode.ASYNC_WAIT` over OpenAPI): a write answers a
 * `traceparent` header, each aspect it wrote carries the trace id in its system metadata
 * (`properties.telemetryTraceId`), and `POST /openapi/v1/trace/write/{traceId}` says, per urn and
 * aspect, where that write stands. Writes here are durable and indexed before they are answered, so
 * a traced write is never pending: it is the latest value (ACTIVE_STATE), was replaced since
 * (HISTORIC_STATE), or changed nothing (NO_OP), in both the primary store and the search index, which
 * one transaction writes together.
 */
import { randomBytes } from 'node:crypto';
import type { Authorizer } from '../../auth/authorizer.js';
import { READ_REFUSED } from '../../auth/authorizer.js';
import { badRequest } from '../../errors.js';
import { resolveAspectAnyCase, resolveUrn } from '../../registry/resolve.js';
import type { Registry } from '../../registry/registry.js';
import type { AspectSpec, EntitySpec } from '../../registry/types.js';
import type { Store, SystemMetadata } from '../../store/types.js';

/** The system metadata property a traced write stamps (DataHub's SystemTelemetryContext.TELEMETRY_TRACE_KEY). */
export const TRACE_PROPERTY = 'telemetryTraceId';

/**
 * A new trace id, as DataHub's TraceIdGenerator makes them: 16 hex digits of the time in
 * microseconds, then 16 random ones.
 */
export function newTraceId(nowMillis: number): string {
  return (BigInt(nowMillis) * 1000n).toString(16).padStart(16, '0').slice(-16) + randomBytes(8).toString('hex');
}

/** The W3C `traceparent` header that carries a trace id (version 00, a random span, sampled). */
export function traceparent(traceId: string): string {
  return `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
}

/** The trace id in what a client sends back: a whole `traceparent`, or the id itself (32 hex digits). */
export function traceIdOf(input: string): string | undefined {
  const text = input.trim();
  if (text.includes('-')) return text.split('-')[1] || undefined;
  return /^[0-9a-fA-F]{32}$/.test(text) ? text : undefined;
}

/** When a trace id was minted, in epoch milliseconds (its first 16 hex digits are microseconds). */
function traceTime(traceId: string | undefined): number | undefined {
  if (!traceId || !/^[0-9a-fA-F]{16}/.test(traceId)) return undefined;
  return Number(BigInt(`0x${traceId.slice(0, 16)}`) / 1000n);
}

/** The trace id a stored aspect's system metadata carries, if any. */
export function traceIdIn(systemMetadata: SystemMetadata | null | undefined): string | undefined {
  const id = systemMetadata?.properties?.[TRACE_PROPERTY];
  return typeof id === 'string' ? id : undefined;
}

/** System metadata with the trace id stamped among its properties. */
export function withTraceId(systemMetadata: SystemMetadata | undefined, traceId: string): SystemMetadata {
  return { ...systemMetadata, properties: { ...systemMetadata?.properties, [TRACE_PROPERTY]: traceId } };
}

/** DataHub's TraceWriteStatus. */
export type WriteStatus = 'ERROR' | 'PENDING' | 'ACTIVE_STATE' | 'HISTORIC_STATE' | 'NO_OP' | 'UNKNOWN' | 'TRACE_NOT_IMPLEMENTED';

export interface StorageStatus {
  writeStatus: WriteStatus;
  writeMessage?: string;
}

/** DataHub's TraceStatus: one aspect's write in the primary store and in the search index. */
export interface TraceStatus {
  success: boolean;
  primaryStorage: StorageStatus;
  searchStorage: StorageStatus;
}

const same = (writeStatus: WriteStatus): Pick<TraceStatus, 'primaryStorage' | 'searchStorage'> => ({
  primaryStorage: { writeStatus },
  searchStorage: { writeStatus },
});

export class WriteTraceService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
  ) {}

  /**
   * Where the write of `traceIdInput` stands for each urn and aspect asked about (an empty list asks
   * about every aspect of the entity's type). With `onlyIncludeErrors`, only failures are listed, and
   * a write here never fails after its answer, so the answer is empty.
   */
  async trace(
    traceIdInput: string,
    request: unknown,
    options: { onlyIncludeErrors: boolean },
    actor: string,
  ): Promise<Record<string, Record<string, TraceStatus>>> {
    const traceId = traceIdOf(traceIdInput);
    const time = traceTime(traceId);
    if (!traceId || time === undefined)
      throw badRequest(`'${traceIdInput}' is not a trace id: send the traceparent header of a write, or its 32 hex digit trace id`);
    const parsed = this.parseRequest(request);
    const refusal = READ_REFUSED.entities(parsed.map((a) => a.urn));
    await this.authorizer.requireReadable(
      actor,
      parsed.map((a) => a.entity),
      refusal,
    );
    // Aspects hidden from the reader (a user's credentials): refused when named, left out of "every aspect".
    const named = parsed.flatMap((a) => (a.named ? a.aspects.filter((s) => s.readPrivilege) : []));
    if (named.length > 0) await this.authorizer.requireReadable(actor, named, refusal);
    const restricted = [...new Set(parsed.flatMap((a) => a.aspects.filter((s) => s.readPrivilege)))];
    const visible = new Set(await this.authorizer.visibleTypes(actor, restricted));
    const asked = parsed.map((a) => ({ ...a, aspects: a.aspects.filter((s) => !s.readPrivilege || visible.has(s)) }));
    const rows = await this.store.getLatestAspects(
      asked.map((a) => a.urn),
      [...new Set(asked.flatMap((a) => a.aspects.filter((s) => s.kind === 'versioned').map((s) => s.name)))],
    );
    const out: Record<string, Record<string, TraceStatus>> = {};
    for (const { urn, aspects } of asked) {
      const stored = new Map((rows.get(urn) ?? []).map((r) => [r.aspect, r]));
      const statuses: Record<string, TraceStatus> = {};
      for (const aspect of aspects) {
        const status = aspect.kind === 'timeseries' ? timeseriesStatus() : versionedStatus(traceId, time, stored.get(aspect.name));
        const failed = status.primaryStorage.writeStatus === 'ERROR' || status.searchStorage.writeStatus === 'ERROR';
        if (!options.onlyIncludeErrors || failed) statuses[aspect.name] = status;
      }
      if (Object.keys(statuses).length > 0) out[urn] = statuses;
    }
    return out;
  }

  /** `{<urn>: [<aspect name>, …]}`, each urn resolved and each aspect found (case aside) on its type. */
  private parseRequest(request: unknown): Array<{ urn: string; entity: EntitySpec; aspects: AspectSpec[]; named: boolean }> {
    if (typeof request !== 'object' || request === null || Array.isArray(request))
      throw badRequest('the body must be a JSON object {<urn>: [<aspect name>, …]}');
    return Object.entries(request).map(([input, names]) => {
      const { entity, urnString } = resolveUrn(this.registry, input);
      if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
        throw badRequest(`the aspects of ${input} must be a list of aspect names`);
      const aspects = names.length === 0 ? [...entity.aspects.values()] : names.map((n: string) => resolveAspectAnyCase(entity, n));
      return { urn: urnString, entity, aspects, named: names.length > 0 };
    });
  }
}

/** Timeseries points are not traced (as in DataHub): each write adds a point and replaces none. */
function timeseriesStatus(): TraceStatus {
  return { success: true, primaryStorage: { writeStatus: 'NO_OP' }, searchStorage: { writeStatus: 'TRACE_NOT_IMPLEMENTED' } };
}

function versionedStatus(
  traceId: string,
  time: number,
  row: { systemMetadata: SystemMetadata | null; createdOn: number } | undefined,
): TraceStatus {
  if (!row)
    return {
      success: true,
      primaryStorage: { writeStatus: 'UNKNOWN', writeMessage: 'No such aspect is stored: it was never written, or removed since.' },
      searchStorage: { writeStatus: 'UNKNOWN', writeMessage: 'Primary storage write indeterminate.' },
    };
  const stored = traceIdIn(row.systemMetadata);
  if (stored === traceId) return { success: true, ...same('ACTIVE_STATE') };
  // A later write holds the aspect now: this one was the latest until then.
  if ((traceTime(stored) ?? row.createdOn) >= time) return { success: true, ...same('HISTORIC_STATE') };
  // The aspect was written before this trace and still holds that value: this write changed nothing.
  return { success: true, ...same('NO_OP') };
}
