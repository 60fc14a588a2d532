/** Entities in the shapes of DataHub's OpenAPI v3: `{urn, <aspect>: {value, systemMetadata?, auditStamp?}}`. */

/** One aspect as v3 answers it. */
export interface AspectV3 {
  value: unknown;
  systemMetadata?: unknown;
  auditStamp?: { time: number; actor: string };
}

/** One entity as v3 answers it: its urn, then its aspects by name. */
export type EntityV3 = { urn: string } & Record<string, AspectV3 | string>;
