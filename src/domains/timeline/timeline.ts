/**
 * An entity's change history, computed from the aspect versions the store keeps, as DataHub's
 * timeline service: consecutive versions of each aspect are compared (the first against nothing),
 * changes of one write form a transaction, and transactions get semantic versions: the first
 * 0.0.0, then a bump of the part that the weightiest change of each calls for.
 */
import { READ_REFUSED, type Authorizer } from '../../auth/authorizer.js';
import type { Registry } from '../../registry/registry.js';
import type { AspectRow, Store } from '../../store/types.js';
import { generatorOf, SEMVER_CHANGES, type ChangeCategory, type ChangeEvent, type SemVerChange } from './changeEvents.js';
import { resolveUrn } from '../../registry/resolve.js';
import { badRequest } from '../../errors.js';
import { rawDiff, type PatchOperation } from './rawDiff.js';

export interface ChangeTransaction {
  timestamp: number;
  actor: string;
  /** `major.minor.patch-computed`, as DataHub writes computed versions. */
  semVer: string;
  semVerChange: SemVerChange;
  /** `aspect:version;…` of every aspect as it stood after the transaction. */
  versionStamp: string;
  events: ChangeEvent[];
  /** Asked for: the JSON Patch from the previous version of the first aspect the transaction changed. */
  rawDiff?: PatchOperation[];
}

export interface TimelineOptions {
  /**
   * Only the transactions of this span of time, in milliseconds, both ends included; versions are
   * then counted from the first of them, as DataHub counts them over the span it is asked for. As
   * DataHub's timeline reads them, an end of 0 (or none) is now, and a start of -1 (or none) the
   * week before the end.
   */
  span?: { startTime?: number; endTime?: number };
  rawDiff?: boolean;
}

/** DataHub's look back when a span names no start. */
const DEFAULT_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

export const COMPUTED = '-computed';
const weight = (c: SemVerChange) => SEMVER_CHANGES.indexOf(c);
const heaviest = (changes: SemVerChange[]) => changes.reduce<SemVerChange>((a, b) => (weight(b) > weight(a) ? b : a), 'NONE');

/** `1.2.3-computed` → [1, 2, 3]; anything else compares as 0s. */
export function versionParts(v: string): number[] {
  return v
    .replace(COMPUTED, '')
    .split('.')
    .map((p) => Number.parseInt(p, 10) || 0);
}
export function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

export class TimelineService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether DataHub keeps a timeline for this kind of entity. */
  supports(entityName: string): boolean {
    return this.registry.entities.get(entityName)?.timeline !== undefined;
  }

  /** Every stored version of an aspect, oldest first (history versions 1..N, then the latest, 0). */
  private async versions(urn: string, aspect: string): Promise<AspectRow[]> {
    const max = await this.store.getMaxVersion(urn, aspect);
    const rows = await Promise.all([...Array.from({ length: max }, (_, i) => i + 1), 0].map((v) => this.store.getAspect(urn, aspect, v)));
    return rows
      .filter((r): r is AspectRow => r !== undefined)
      .sort((a, b) => a.createdOn - b.createdOn || (a.version === 0 ? 1 : b.version === 0 ? -1 : a.version - b.version));
  }

  /** The change transactions of an entity in the given categories, oldest first; undefined for unsupported types. */
  async timeline(
    urnText: string,
    categories: readonly ChangeCategory[],
    actor: string,
    options: TimelineOptions = {},
  ): Promise<ChangeTransaction[] | undefined> {
    const { entity, urnString: urn } = resolveUrn(this.registry, urnText);
    await this.authorizer.requireReadable(actor, [entity], READ_REFUSED.entity(urn));
    const registered = entity.timeline;
    if (!registered) return undefined;

    // Every versioned aspect stored, for the version stamps; the categories' aspects for the changes.
    const stored = ((await this.store.getLatestAspects([urn])).get(urn) ?? []).map((r) => r.aspect);
    const history = new Map<string, AspectRow[]>();
    for (const aspect of stored) history.set(aspect, await this.versions(urn, aspect));

    const byTime = new Map<number, Array<{ events: ChangeEvent[]; actor: string; diff?: PatchOperation[] }>>();
    for (const category of categories) {
      for (const aspect of registered[category] ?? []) {
        const generate = generatorOf(category, aspect);
        // registry.test.ts holds every aspect a timeline names to a generator.
        if (!generate) continue;
        const rows = history.get(aspect) ?? [];
        rows.forEach((row, i) => {
          const events = generate(rows[i - 1]?.value, row.value, urn);
          if (events.length === 0) return;
          const list = byTime.get(row.createdOn) ?? [];
          list.push({ events, actor: row.createdBy, ...(options.rawDiff ? { diff: rawDiff(rows[i - 1]?.value ?? {}, row.value) } : {}) });
          byTime.set(row.createdOn, list);
        });
      }
    }

    const out: ChangeTransaction[] = [];
    let version: Version | undefined;
    const window = options.span && this.window(options.span);
    const inWindow = ([time]: [number, unknown]) => !window || (time >= window.start && time <= window.end);
    for (const [timestamp, groups] of [...byTime].filter(inWindow).sort(([a], [b]) => a - b)) {
      const events = groups.flatMap((g) => g.events);
      const change = heaviest(events.map((e) => e.semVerChange));
      version = bump(version, change);
      // A time enters byTime with its first group.
      out.push({
        timestamp,
        actor: groups[0]!.actor,
        semVer: `${version.join('.')}${COMPUTED}`,
        semVerChange: change,
        versionStamp: stampAt(history, timestamp),
        events,
        ...(groups[0]!.diff ? { rawDiff: groups[0]!.diff } : {}),
      });
    }
    return out;
  }

  private window({ startTime, endTime }: NonNullable<TimelineOptions['span']>): { start: number; end: number } {
    const end = endTime === undefined || endTime === 0 ? this.now() : endTime;
    return { start: startTime === undefined || startTime === -1 ? end - DEFAULT_LOOKBACK_MS : startTime, end };
  }

  /**
   * Aspects of an entity as they stood at a version stamp (`schemaMetadata:2;editableSchemaMetadata:0`,
   * as timelines give them); with a stamp, an aspect it does not name is not read; without one, every
   * aspect is read at its latest.
   */
  async aspectsAt(
    urn: string,
    versionStamp: string | null | undefined,
    aspects: readonly string[],
  ): Promise<Map<string, AspectRow | undefined>> {
    const versions = stampVersions(versionStamp);
    // As DataHub reads a stamp: every aspect at its latest when it names none, else only those it names
    // (an aspect the stamp leaves out did not exist at that time, and today's value is not that time's).
    const versionOf = (aspect: string) => (versions.size === 0 ? 0 : versions.get(aspect));
    const rows = await Promise.all(
      aspects.map((aspect) => {
        const version = versionOf(aspect);
        return version === undefined ? undefined : this.store.getAspect(urn, aspect, version);
      }),
    );
    return new Map(aspects.map((aspect, i) => [aspect, rows[i]]));
  }
}

/** A version stamp's aspect versions; a malformed one is the request's fault. */
function stampVersions(stamp: string | null | undefined): Map<string, number> {
  const versions = new Map<string, number>();
  for (const part of (stamp ?? '').split(';').filter((p) => p !== '')) {
    const [aspect, version] = part.split(':');
    if (!aspect || !/^\d+$/.test(version ?? '')) throw badRequest(`versionStamp '${stamp}' is not of the form <aspect>:<version>;…`);
    versions.set(aspect, Number(version));
  }
  return versions;
}

type Version = [major: number, minor: number, patch: number];

/** DataHub's bump: the first version is 0.0.0; a major change resets minor and patch, a minor one patch. */
function bump(previous: Version | undefined, change: SemVerChange): Version {
  if (!previous) return [0, 0, 0];
  const [major, minor, patch] = previous;
  if (change === 'MAJOR') return [major + 1, 0, 0];
  if (change === 'MINOR') return [major, minor + 1, 0];
  if (change === 'PATCH') return [major, minor, patch + 1];
  return previous;
}

/** Each aspect's version as of a time (written then, or the last before), sorted by aspect name. */
function stampAt(history: ReadonlyMap<string, AspectRow[]>, time: number): string {
  const parts: string[] = [];
  for (const aspect of [...history.keys()].sort()) {
    const asOf = history
      .get(aspect)!
      .filter((r) => r.createdOn <= time)
      .pop();
    if (asOf) parts.push(`${aspect}:${asOf.version}`);
  }
  return parts.join(';');
}
