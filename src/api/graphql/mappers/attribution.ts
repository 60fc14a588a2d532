/**
 * `MetadataAttribution`: who (or which automation) attached a tag, term, owner or property value, and
 * when. The same record rides on every association that can carry it.
 */
import type { AspectValue } from '../../../registry/aspectValues.js';
import { refOf, type GraphQLContext } from '../context.js';
import { stringMap } from './common.js';

/** `MetadataAttribution`, as every association that carries it holds it. */
type Attribution = NonNullable<AspectValue<'globalTags'>['tags'][number]['attribution']>;

/** An association's `attribution` in GraphQL's shape; null when absent or its actor is not an entity. */
export function metadataAttribution(ctx: GraphQLContext, a: Attribution | undefined | null) {
  if (!a) return null;
  const actor = refOf(ctx.services, a.actor);
  if (!actor) return null;
  return { time: a.time ?? 0, actor, source: refOf(ctx.services, a.source) ?? null, sourceDetail: stringMap(a.sourceDetail) };
}
