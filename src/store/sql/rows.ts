/** Row shapes of the SQL backends' aspect and timeseries tables, and their conversion to contract rows. */
import type { AspectRow, SystemMetadata, TimeseriesRow } from '../types.js';
import { unpackText } from './packedText.js';

export interface RawAspect {
  urn: string;
  aspect: string;
  version: number;
  /** The value's JSON, or '' when it is kept deflated in `packed` (packedText.ts). */
  value: string;
  packed: Uint8Array | null;
  system_metadata: string | null;
  created_on: number;
  created_by: string;
}

export interface RawTimeseries {
  urn: string;
  aspect: string;
  timestamp_millis: number;
  event_granularity: string;
  partition: string;
  message_id: string;
  value: string;
  system_metadata: string | null;
}

const parseSm = (t: string | null) => (t === null ? null : (JSON.parse(t) as SystemMetadata));

/**
 * Value and system metadata are parsed when first read: callers that only need to know which
 * aspects an entity has (reindexing after a write that holds the values already) skip the parse,
 * and reads that pass them through send their stored text (`valueJson`, `systemMetadataJson`).
 * The texts are dropped once the parsed values are handed out, since those may be changed. They
 * come last, so that a copy made by spreading a row reads the values (dropping them) first; and
 * they are plain properties, as accessors made per row cost more than the rest of the row.
 */
export function toAspectRow(r: RawAspect): AspectRow {
  const text = r.packed ? unpackText(r.packed) : r.value;
  let value: Record<string, unknown> | undefined;
  let systemMetadata: SystemMetadata | null | undefined;
  // Built untyped, so that its accessors may drop the texts (AspectRow has them read-only).
  const row = {
    urn: r.urn,
    aspect: r.aspect,
    version: r.version,
    get value() {
      this.valueJson = undefined;
      if (value === undefined) value = JSON.parse(text) as Record<string, unknown>;
      return value;
    },
    set value(v) {
      this.valueJson = undefined;
      value = v;
    },
    get systemMetadata() {
      this.systemMetadataJson = undefined;
      if (systemMetadata === undefined) systemMetadata = parseSm(r.system_metadata);
      return systemMetadata;
    },
    set systemMetadata(sm) {
      this.systemMetadataJson = undefined;
      systemMetadata = sm;
    },
    createdOn: r.created_on,
    createdBy: r.created_by,
    valueJson: text as string | undefined,
    systemMetadataJson: r.system_metadata as string | null | undefined,
  };
  return row;
}

export function toTimeseriesRow(r: RawTimeseries): TimeseriesRow {
  return {
    urn: r.urn,
    aspect: r.aspect,
    timestampMillis: r.timestamp_millis,
    eventGranularity: r.event_granularity,
    partition: r.partition,
    messageId: r.message_id,
    value: JSON.parse(r.value) as Record<string, unknown>,
    systemMetadata: parseSm(r.system_metadata),
  };
}

/** Search values that are numbers are also stored as numbers, for numeric comparison and sort. */
export const NUMERIC = /^-?\d+(\.\d+)?$/;
