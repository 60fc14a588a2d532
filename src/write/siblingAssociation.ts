/**
 * DataHub's sibling association (its SiblingAssociationHook): a dbt dataset and the warehouse table it
 * describes are made siblings when lineage or sub-types reveal the pair. DataHub does it after the
 * fact from the change log; here the write path does it inside the triggering write's transaction, so
 * the pair is consistent the moment the write commits. The names below are facts of this rule.
 *
 * DataHub's hook also reacts to a dataset's key being written (a re-created entity) by looking for
 * datasets that name it as a sibling, but then skips every pair where either side has siblings, which
 * the one found always has: it never writes, so nothing of it is here.
 */
import { aspectValue } from '../registry/aspectValues.js';
import { tryParseUrn } from '../urn.js';

export const SIBLING_RULE = {
  entityType: 'dataset',
  /** The platform whose datasets describe tables of other platforms. */
  platform: 'urn:li:dataPlatform:dbt',
  lineageAspect: 'upstreamLineage',
  subTypesAspect: 'subTypes',
  siblingsAspect: 'siblings',
  /** A dbt dataset of one of these sub-types is a source: its one upstream is the table it reads. */
  sourceSubTypes: ['source', 'Source'],
} as const;

/** The latest value of an aspect, as read inside the write's transaction. */
export type AspectRead = (urn: string, aspect: string) => Promise<Record<string, unknown> | undefined>;

/** A pair to associate: the dbt dataset is the primary sibling. */
export interface SiblingPair {
  dbt: string;
  other: string;
}

/** Whether a write of this aspect of this entity type may reveal a pair. */
export function triggersSiblings(entityType: string, aspect: string): boolean {
  return entityType === SIBLING_RULE.entityType && (aspect === SIBLING_RULE.lineageAspect || aspect === SIBLING_RULE.subTypesAspect);
}

function isDbt(urn: string): boolean {
  const parsed = tryParseUrn(urn);
  return parsed?.entityType === SIBLING_RULE.entityType && parsed.parts[0] === SIBLING_RULE.platform;
}

/**
 * The pair a written aspect reveals, if any: a dbt source with exactly one upstream not on dbt, or a
 * table with exactly one dbt upstream (more than one is ambiguous: none is taken). Read after the
 * write, so the aspect read back is the one just written.
 */
export async function revealedPair(urn: string, read: AspectRead): Promise<SiblingPair | undefined> {
  const lineage = aspectValue(SIBLING_RULE.lineageAspect, await read(urn, SIBLING_RULE.lineageAspect));
  const upstreams = (lineage?.upstreams ?? []).map((u) => u.dataset);
  if (isDbt(urn)) {
    const subTypes = aspectValue(SIBLING_RULE.subTypesAspect, await read(urn, SIBLING_RULE.subTypesAspect))?.typeNames ?? [];
    const names: readonly string[] = SIBLING_RULE.sourceSubTypes;
    if (!subTypes.some((t) => names.includes(t))) return undefined;
    if (upstreams.length !== 1 || isDbt(upstreams[0]!)) return undefined;
    return { dbt: urn, other: upstreams[0]! };
  }
  const dbtUpstreams = upstreams.filter(isDbt);
  return dbtUpstreams.length === 1 ? { dbt: dbtUpstreams[0]!, other: urn } : undefined;
}

/**
 * The siblings values to write for a pair, or none when either side already has siblings: those are
 * managed elsewhere (dbt ingestion's patches, a user), and DataHub leaves them alone.
 */
export async function siblingValues(
  pair: SiblingPair,
  read: AspectRead,
): Promise<Array<{ urn: string; value: { siblings: string[]; primary: boolean } }>> {
  if (pair.dbt === pair.other) return [];
  for (const urn of [pair.dbt, pair.other]) if (await read(urn, SIBLING_RULE.siblingsAspect)) return [];
  return [
    { urn: pair.dbt, value: { siblings: [pair.other], primary: true } },
    { urn: pair.other, value: { siblings: [pair.dbt], primary: false } },
  ];
}
