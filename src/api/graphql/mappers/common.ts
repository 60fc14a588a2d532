/**
 * Records many aspects share, mapped to GraphQL once: custom properties, audit stamps, and urns that
 * stand for entities.
 */
import { refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { AspectValue } from '../../../registry/aspectValues.js';
import type { ResolversTypes } from '../generated/resolvers.js';

/** An `AuditStamp`, as aspects hold it. */
type AuditStamp = NonNullable<AspectValue<'ownership'>['lastModified']>;

/**
 * A GraphQL object type's fields as a mapper builds them: without `__typename`, so one shape serves
 * two types that agree on their fields (an entity's `properties` and its older `info`).
 */
export type Shape<K extends keyof ResolversTypes> = Omit<Awaited<ResolversTypes[K]>, '__typename'>;

/** A `customProperties` map as the list of entries GraphQL shows, each naming the entity it is on. */
export const customProperties = (associatedUrn: string, props: Readonly<Record<string, string>> | undefined | null) =>
  props ? Object.entries(props).map(([key, value]) => ({ key, value, associatedUrn })) : [];

/** An `AuditStamp` as GraphQL's (the actor as an urn), or null. */
export const auditStamp = (s: Partial<AuditStamp> | undefined | null) => (s ? { time: s.time ?? 0, actor: s.actor ?? null } : null);

/** An `AuditStamp` with its actor resolved to a user, as GraphQL's `ResolvedAuditStamp`, or null. */
export function resolvedAuditStamp(ctx: GraphQLContext, s: Partial<AuditStamp> | undefined | null) {
  if (!s) return null;
  return { time: s.time ?? 0, actor: refOf(ctx.services, s.actor, 'corpuser') ?? null };
}

/** The entities a list of urns names, leaving out text that is not an urn of a known type. */
export const entityRefs = (ctx: GraphQLContext, urns: readonly unknown[] | undefined | null): EntityRef[] =>
  (urns ?? []).flatMap((u) => refOf(ctx.services, u) ?? []);

/** A string map as GraphQL's `[StringMapEntry]`. */
export const stringMap = (map: Readonly<Record<string, string>> | undefined | null) =>
  map ? Object.entries(map).map(([key, value]) => ({ key, value: value ?? null })) : null;
