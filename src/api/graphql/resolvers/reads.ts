/**
 * Reads several resolver modules share: entities related to one through the graph, and the points of
 * a timeseries aspect. Both answer in the shapes resolvers pass on (refs, parsed values).
 */
import type { JsonObject } from '../../../json.js';
import { type AspectName, type AspectValue, aspectValue } from '../../../registry/aspectValues.js';
import { refOf, type EntityRef, type GraphQLContext } from '../context.js';

/**
 * Every entity with an edge of one of `types` pointing at `urn` (say, the assertions that assert it);
 * with `of`, only the entities of that entity type.
 */
export async function incomingRefs(ctx: GraphQLContext, urn: string, types: readonly string[], of?: string): Promise<EntityRef[]> {
  const r = await ctx.services.graph.related({ urn, types, direction: 'INCOMING', start: 0, count: 10_000 }, ctx.actor);
  const seen = new Set<string>();
  return r.relationships.flatMap((x) => {
    const ref = refOf(ctx.services, x.entity);
    if (!ref || seen.has(ref.urn) || (of !== undefined && ref.entityName !== of)) return [];
    seen.add(ref.urn);
    return [ref];
  });
}

export interface PointsQuery {
  startTimeMillis?: number | null | undefined;
  endTimeMillis?: number | null | undefined;
  limit?: number | null | undefined;
  /** Criteria ANDed: GraphQL's FilterInput `and` list or criteria built by a resolver. */
  and?: readonly JsonObject[] | null | undefined;
}

/** Points of a timeseries aspect of an entity, newest first. */
export async function pointsOf<N extends AspectName>(
  ctx: GraphQLContext,
  ref: EntityRef,
  aspect: N,
  q: PointsQuery = {},
): Promise<AspectValue<N>[]> {
  const r = await ctx.services.timeseries.values({
    urn: ref.urn,
    entity: ref.entityName,
    aspect,
    ...(q.startTimeMillis != null ? { startTimeMillis: Number(q.startTimeMillis) } : {}),
    ...(q.endTimeMillis != null ? { endTimeMillis: Number(q.endTimeMillis) } : {}),
    ...(q.limit != null ? { limit: q.limit } : {}),
    ...(q.and && q.and.length > 0 ? { filter: { or: [{ and: q.and }] } } : {}),
  });
  return r.values.map((v) => aspectValue(aspect, JSON.parse(v.aspect.value) as JsonObject));
}

/** Whether the caller may see a timeseries of the entity (domains/entities/timeseries.ts decides). */
export const mayViewTimeseries = (ctx: GraphQLContext, ref: EntityRef, aspect: string): Promise<boolean> =>
  ctx.services.timeseries.mayView(ctx.actor, ref.urn, aspect);
