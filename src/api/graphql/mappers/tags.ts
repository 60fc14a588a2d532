/**
 * `GlobalTags` and `GlossaryTerms`, wherever they are stored: as an entity's aspect, on a schema field,
 * or inside a business attribute. Associations keep their context and attribution.
 */
import type { AspectValue } from '../../../registry/aspectValues.js';
import { refOf, type GraphQLContext } from '../context.js';
import { auditStamp } from './common.js';
import { metadataAttribution } from './attribution.js';

type GlobalTags = AspectValue<'globalTags'>;
type GlossaryTerms = AspectValue<'glossaryTerms'>;

export function globalTags(ctx: GraphQLContext, associatedUrn: string, g: GlobalTags | undefined | null) {
  if (!g) return null;
  return {
    tags: (g.tags ?? []).flatMap((t) => {
      const tag = refOf(ctx.services, t.tag);
      return tag ? [{ tag, associatedUrn, context: t.context ?? null, attribution: metadataAttribution(ctx, t.attribution) }] : [];
    }),
  };
}

export function glossaryTerms(ctx: GraphQLContext, associatedUrn: string, g: GlossaryTerms | undefined | null) {
  if (!g) return null;
  return {
    terms: (g.terms ?? []).flatMap((t) => {
      const term = refOf(ctx.services, t.urn);
      if (!term) return [];
      return [
        {
          term,
          actor: refOf(ctx.services, t.actor) ?? null,
          associatedUrn,
          context: t.context ?? null,
          attribution: metadataAttribution(ctx, t.attribution),
        },
      ];
    }),
    auditStamp: auditStamp(g.auditStamp),
  };
}
