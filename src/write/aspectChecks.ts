/**
 * Checks of an aspect's value against other stored data (a structured property value against its
 * property's definition), made by the write path inside the write's transaction for every writer:
 * GraphQL, REST ingestion and the CLI alike. A failure is the request's fault and nothing is written.
 */
import type { StoreTx } from '../store/types.js';
import { invalid } from '../errors.js';
import { assignmentsProblem, type AspectLookup } from './structuredPropertyValues.js';
import { aspectValue } from '../registry/aspectValues.js';

type Check = (
  read: AspectLookup,
  urn: string,
  value: Record<string, unknown>,
  previous?: Record<string, unknown>,
) => Promise<string | undefined>;

/** Each is given the aspect's value, already validated against its schema, and its previous one. */
const CHECKS: Record<string, Check> = {
  structuredProperties: (read, _urn, value, previous) =>
    assignmentsProblem(read, aspectValue('structuredProperties', value), aspectValue('structuredProperties', previous)),
};

/** `previous`: the aspect's latest value before this write, if any. */
export async function checkAgainstStore(
  tx: StoreTx,
  urn: string,
  aspect: string,
  value: Record<string, unknown>,
  previous?: Record<string, unknown>,
): Promise<void> {
  const check = CHECKS[aspect];
  if (!check) return;
  // Other entities' aspects are read without taking their locks: writers of many assets then never
  // wait on each other through one shared definition.
  const read: AspectLookup = async (u, a) => aspectValue(a, (await tx.getVersions(u, a)).find((r) => r.version === 0)?.value);
  const problem = await check(read, urn, value, previous);
  if (problem) throw invalid(problem);
}
