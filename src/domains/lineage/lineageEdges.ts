/**
 * What a lineage edge records, read back from the element of the aspect it was derived from: the
 * edge table keeps only (source, type, destination, aspect), while DataHub's graph also keeps when
 * and by whom an edge was created and last updated, and whether it was drawn by hand. Those live in
 * the element itself: an `Upstream` (`created`, `auditStamp`, `properties`) or an `Edge` (`created`,
 * `lastModified`, `properties`), as DataHub's @Relationship annotations name them.
 */
import { valuesAt } from '../../indexing/paths.js';
import { isPlainObject } from '../../json.js';
import type { AspectSpec } from '../../registry/types.js';
import { canonicalUrn, isUrn } from '../../urn.js';

export interface EdgeRecord {
  createdOn?: number;
  createdActor?: string;
  updatedOn?: number;
  updatedActor?: string;
  /** Drawn in the web app: DataHub marks such edges with the property `source: UI`. */
  isManual: boolean;
}

export interface TimeWindow {
  startTimeMillis?: number;
  endTimeMillis?: number;
}

// The element is an `Upstream` or an `Edge` of whichever lineage aspect holds it: read field by field.
const time = (stamp: unknown) => (isPlainObject(stamp) && typeof stamp.time === 'number' && stamp.time > 0 ? stamp.time : undefined);
const actor = (stamp: unknown) =>
  isPlainObject(stamp) && typeof stamp.actor === 'string' && Number(stamp.time) > 0 ? stamp.actor : undefined;

function recordOf(e: unknown): EdgeRecord {
  if (!isPlainObject(e)) return { isManual: false };
  const updated = e.auditStamp ?? e.lastModified;
  const createdOn = time(e.created);
  const createdActor = createdOn === undefined ? undefined : actor(e.created);
  const updatedOn = time(updated);
  const updatedActor = updatedOn === undefined ? undefined : actor(updated);
  return {
    isManual: isPlainObject(e.properties) && e.properties.source === 'UI',
    ...(createdOn !== undefined ? { createdOn } : {}),
    ...(createdActor !== undefined ? { createdActor } : {}),
    ...(updatedOn !== undefined ? { updatedOn } : {}),
    ...(updatedActor !== undefined ? { updatedActor } : {}),
  };
}

/**
 * The record of the edge of `type` to `destination` in one aspect value, through the lineage
 * relationships whose upstream side is `isUpstream`; undefined when none of them holds it (then the
 * stored edge is not a lineage edge in that sense, such as a fine-grained one).
 */
export function edgeRecord(
  aspect: AspectSpec,
  value: Record<string, unknown> | undefined,
  type: string,
  destination: string,
  isUpstream: boolean,
): EdgeRecord | undefined {
  if (!value) return undefined;
  for (const rel of aspect.relationships) {
    if (!rel.isLineage || rel.name !== type || rel.isUpstream !== isUpstream) continue;
    const segments = rel.path.split('/').filter((s) => s !== '');
    const star = segments.indexOf('*');
    const elements = star < 0 ? [value] : valuesAt(value, `/${segments.slice(0, star + 1).join('/')}`);
    const rest = star < 0 ? rel.path : `/${segments.slice(star + 1).join('/')}`;
    for (const element of elements) {
      const ends = rest === '/' ? [element] : valuesAt(element, rest);
      if (ends.some((u) => isUrn(u) && canonicalUrn(u) === destination)) return recordOf(star < 0 ? undefined : element);
    }
  }
  return undefined;
}

/**
 * DataHub's edge time filter: with both bounds, an edge passes when its creation or last update
 * falls within them, when it has neither time (edges from before times were kept), or when it was
 * drawn by hand.
 */
export function withinWindow(r: EdgeRecord, w: TimeWindow): boolean {
  if (w.startTimeMillis === undefined || w.endTimeMillis === undefined) return true;
  if (r.isManual) return true;
  if (r.createdOn === undefined && r.updatedOn === undefined) return true;
  const inside = (t: number | undefined) => t !== undefined && t >= w.startTimeMillis! && t <= w.endTimeMillis!;
  return inside(r.createdOn) || inside(r.updatedOn);
}

/** DataHub's defaults: an end with no start means nothing; a start with no end ends now. */
export function timeWindow(startTimeMillis: number | null | undefined, endTimeMillis: number | null | undefined, now: number): TimeWindow {
  if (startTimeMillis == null) return {};
  return { startTimeMillis: Number(startTimeMillis), endTimeMillis: endTimeMillis == null ? now : Number(endTimeMillis) };
}
