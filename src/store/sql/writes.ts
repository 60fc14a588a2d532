/** Write statements whose shape depends on their arguments, shared by the SQL backends (`?` placeholders). */
import type { TimeseriesDeletion } from '../types.js';
import type { Sql } from './driver.js';

/** Timeseries points of an entity: all, of one aspect, or of one aspect within inclusive time bounds. */
export function deleteTimeseriesSql(urn: string, aspect?: string, range: TimeseriesDeletion = {}): Sql {
  const where = ['urn = ?'];
  const params: unknown[] = [urn];
  if (aspect !== undefined) {
    where.push('aspect = ?');
    params.push(aspect);
  }
  if (range.startTimeMillis !== undefined) {
    where.push('timestamp_millis >= ?');
    params.push(range.startTimeMillis);
  }
  if (range.endTimeMillis !== undefined) {
    where.push('timestamp_millis <= ?');
    params.push(range.endTimeMillis);
  }
  if (range.runId !== undefined) {
    where.push('run_id = ?');
    params.push(range.runId);
  }
  return { text: `DELETE FROM timeseries WHERE ${where.join(' AND ')}`, params };
}

/** The run id stored beside a row, for finding what a run wrote. */
export const runIdOf = (systemMetadata: { runId?: string } | null | undefined): string | null => systemMetadata?.runId ?? null;
