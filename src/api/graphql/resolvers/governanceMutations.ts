/**
 * Governance mutations of the web app: ownership types, business attributes (and their use on
 * columns), related glossary terms, display properties, links and embeds. The checks and writes are
 * the governance edit service's; entity results are read back from what was written.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { refOf, type EntityRef, type GraphQLContext, clientRef } from '../context.js';
import { storedFieldType } from '../mappers/schemaMetadata.js';
import type { ResolverModule } from './module.js';

/** The entity after a write: its cached aspects dropped, so fields read what was written. */
function written(ctx: GraphQLContext, urn: string): EntityRef {
  ctx.aspects.clear(urn);
  return refOf(ctx.services, urn)!;
}

const done = async (work: Promise<unknown>) => {
  await work;
  return true;
};

const resolvers: Resolvers = {
  Mutation: {
    createOwnershipType: async (_root, { input }, ctx) =>
      written(ctx, await ctx.services.governance.createOwnershipType(input.name, input.description, ctx.actor)),
    updateOwnershipType: async (_root, { urn, input }, ctx) => {
      await ctx.services.governance.updateOwnershipType(urn, input.name, input.description, ctx.actor);
      return written(ctx, urn);
    },
    deleteOwnershipType: (_root, { urn, deleteReferences }, ctx) =>
      done(ctx.services.governance.deleteOwnershipType(urn, deleteReferences ?? false, ctx.actor)),

    createBusinessAttribute: async (_root, { input }, ctx) => {
      const { id, type, ...rest } = input;
      return written(
        ctx,
        await ctx.services.governance.createBusinessAttribute(id, { ...rest, type: type ? storedFieldType(type) : null }, ctx.actor),
      );
    },
    updateBusinessAttribute: async (_root, { urn, input }, ctx) => {
      const ref = clientRef(ctx, urn);
      await ctx.services.governance.updateBusinessAttribute(
        ref.urn,
        { ...input, type: input.type ? storedFieldType(input.type) : null },
        ctx.actor,
      );
      return written(ctx, ref.urn);
    },
    deleteBusinessAttribute: (_root, { urn }, ctx) => done(ctx.services.governance.deleteBusinessAttribute(urn, ctx.actor)),
    addBusinessAttribute: (_root, { input }, ctx) =>
      done(
        ctx.services.governance.setBusinessAttribute(
          input.businessAttributeUrn,
          input.resourceUrn.map((r) => r.resourceUrn),
          false,
          ctx.actor,
        ),
      ),
    removeBusinessAttribute: (_root, { input }, ctx) =>
      done(
        ctx.services.governance.setBusinessAttribute(
          input.businessAttributeUrn,
          input.resourceUrn.map((r) => r.resourceUrn),
          true,
          ctx.actor,
        ),
      ),

    addRelatedTerms: (_root, { input }, ctx) =>
      done(ctx.services.governance.relatedTerms(input.urn, input.termUrns, input.relationshipType, 'add', ctx.actor)),
    removeRelatedTerms: (_root, { input }, ctx) =>
      done(ctx.services.governance.relatedTerms(input.urn, input.termUrns, input.relationshipType, 'remove', ctx.actor)),
    updateDisplayProperties: (_root, { urn, input }, ctx) =>
      done(ctx.services.governance.updateDisplayProperties(clientRef(ctx, urn).urn, input, ctx.actor)),
    updateLink: (_root, { input }, ctx) =>
      done(
        ctx.services.governance.updateLink(
          clientRef(ctx, input.resourceUrn).urn,
          { url: input.currentUrl, label: input.currentLabel },
          { url: input.linkUrl, label: input.label },
          ctx.actor,
        ),
      ),
    updateEmbed: (_root, { input }, ctx) =>
      done(ctx.services.governance.updateEmbed(clientRef(ctx, input.urn).urn, input.renderUrl, ctx.actor)),
  },
};

export const governanceMutationsModule: ResolverModule = { resolvers };
