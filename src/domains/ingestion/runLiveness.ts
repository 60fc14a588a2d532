/**
 * Telling a run in progress from one whose process died (kill -9, a crash, a lost machine), which
 * would otherwise stay RUNNING for good.
 *
 * With several replicas on PostgreSQL, a replica that starts cannot take every RUNNING run for dead:
 * another live replica may be running it. So a run records who runs it: each process names itself
 * (an instance id made at start), and a RUNNING result carries that name and a heartbeat time,
 * renewed every HEARTBEAT_MS while the run goes on. A run is abandoned when its heartbeat is older
 * than STALE_MS and it is not this process's own; one without a heartbeat (left by a version before
 * this one) counts from its start. Three missed heartbeats leave room for a slow write and for
 * replicas' clocks differing by a little. On PostgreSQL a run killed a moment before a restart is
 * therefore failed by the first sweep after it has gone stale; on SQLite, whose database one process
 * serves, the start fails every run left RUNNING at once.
 *
 * Where the record lives: DataHub's ExecutionRequestResult has no field for it, and an undeclared
 * field would reach DataHub's clients through the change log. Its structured report, though, is
 * typed by a free string, and DataHub's app reads only the CLI_INGEST and TEST_CONNECTION types;
 * while a run is RUNNING its structured report is this record (type EXECUTOR), replaced by the real
 * report when the run ends. The heartbeat is then a write of the result through the write path,
 * like every other, only every HEARTBEAT_MS and only for runs that last that long.
 */

import { isPlainObject } from '../../json.js';
import type { AspectValue } from '../../registry/aspectValues.js';

type Result = AspectValue<'dataHubExecutionRequestResult'>;

export const HEARTBEAT_MS = 30_000;
export const STALE_MS = 3 * HEARTBEAT_MS;
const EXECUTOR_REPORT = 'EXECUTOR';

export const INTERRUPTED_MESSAGE =
  'The service stopped while this run was in progress (its process ended before the run did), so how it ended is unknown: run it again.';

/** The structured report of a RUNNING result: which process runs it, and when it last said so. */
export function executorReport(instance: string, heartbeatMs: number): NonNullable<Result['structuredReport']> {
  return { type: EXECUTOR_REPORT, serializedValue: JSON.stringify({ instance, heartbeatMs }), contentType: 'application/json' };
}

function executorOf(result: Result): { instance?: unknown; heartbeatMs?: unknown } | undefined {
  const report = result.structuredReport;
  if (report?.type !== EXECUTOR_REPORT || typeof report.serializedValue !== 'string') return undefined;
  try {
    const executor: unknown = JSON.parse(report.serializedValue);
    return isPlainObject(executor) ? executor : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a RUNNING result was left by a process that is gone, as seen by process `instance` at
 * `now`. A process that knows it is the only one (`alone`: SQLite, at its start) takes every run
 * not its own for abandoned at once.
 */
export function isAbandoned(result: Result, instance: string, now: number, alone = false): boolean {
  if (result.status !== 'RUNNING') return false;
  const executor = executorOf(result);
  if (executor?.instance === instance) return false;
  if (alone) return true;
  const last =
    typeof executor?.heartbeatMs === 'number' ? executor.heartbeatMs : typeof result.startTimeMs === 'number' ? result.startTimeMs : 0;
  return now - last > STALE_MS;
}
