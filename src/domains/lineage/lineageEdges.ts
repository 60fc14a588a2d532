/**
 * What a lineage edge records, read back from the element of the aspect it was derived from: the
 * edge table keeps only (source, type, destination, aspect), while DataHub's graph also keeps when
 * and by whom an edge was created and last updated, and whether it was drawn by hand. Those live in
 * the element itself: an `Upstream` (`created`, `auditStamp`, `properties`) or an `Edge` (`created`,
 * `lastModified`, `properties`), as DataHub's @Relationship annotations name them. An element without
 * times takes the aspect's `lastObserved` (when it was last written), and one without a creator the
 * writer of the aspect, as DataHub's graph indexing does: so an edge always has a time, and a time
 * window leaves out edges written outside it.
 */
import { valuesAt } from '../../indexing/paths.js';
import { isPlainObject } from '../../json.js';
import type { AspectSpec } from '../../registry/types.js';
import type { AspectRow } from '../../store/types.js';
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

/** What an edge takes from its aspect's row where its element says nothing: the row's last write, and its writer. */
interface RowStamp {
  time: number;
  actor: string;
}

function recordOf(e: unknown, row: RowStamp): EdgeRecord {
  const element = isPlainObject(e) ? e : {};
  const updated = element.auditStamp ?? element.lastModified;
  const createdOn = time(element.created);
  const updatedOn = time(updated);
  const createdActor = createdOn === undefined ? undefined : actor(element.created);
  // DataHub gives both the writer's name when the element names no creator.
  const updatedActor = createdActor === undefined ? row.actor : updatedOn === undefined ? undefined : actor(updated);
  return {
    isManual: isPlainObject(element.properties) && element.properties.source === 'UI',
    createdOn: createdOn ?? row.time,
    createdActor: createdActor ?? row.actor,
    updatedOn: updatedOn ?? row.time,
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
  row: AspectRow | undefined,
  type: string,
  destination: string,
  isUpstream: boolean,
): EdgeRecord | undefined {
  if (!row) return undefined;
  const { value } = row;
  // The write's time when its system metadata has none (GMS fills `lastObserved` with it).
  const stamp = { time: Number(row.systemMetadata?.lastObserved) || row.createdOn, actor: row.createdBy };
  for (const rel of aspect.relationships) {
    if (!rel.isLineage || rel.name !== type || rel.isUpstream !== isUpstream) continue;
    const segments = rel.path.split('/').filter((s) => s !== '');
    const star = segments.indexOf('*');
    const elements = star < 0 ? [value] : valuesAt(value, `/${segments.slice(0, star + 1).join('/')}`);
    const rest = star < 0 ? rel.path : `/${segments.slice(star + 1).join('/')}`;
    for (const element of elements) {
      const ends = rest === '/' ? [element] : valuesAt(element, rest);
      if (ends.some((u) => isUrn(u) && canonicalUrn(u) === destination)) return recordOf(star < 0 ? undefined : element, stamp);
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
