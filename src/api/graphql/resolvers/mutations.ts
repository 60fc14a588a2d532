/** Mutation root resolvers: input shapes in, edit service calls out. No business logic here. */
import type { GraphQLFieldResolver } from 'graphql';
import type { OwnerInput, ResourceRef } from '../../../service/edits.js';
import { badRequest } from '../../../service/errors.js';
import { clientRef } from './queries.js';
import type { GraphQLContext } from '../context.js';

type Json = Record<string, any>;
type Resolver = GraphQLFieldResolver<unknown, GraphQLContext, any>;

const single = (input: Json): ResourceRef => ({ resourceUrn: input.resourceUrn, subResourceType: input.subResourceType ?? null, subResource: input.subResource ?? null });
const many = (resources: Array<Json | null>): ResourceRef[] => resources.filter((r): r is Json => r !== null).map(single);
const done = async (work: Promise<unknown>) => {
  await work;
  return true;
};

const updateEntity =
  (entityName: string): Resolver =>
  async (_root, { urn, input }, ctx) => {
    const ref = clientRef(ctx, urn);
    if (ref.entityName !== entityName) throw badRequest(`urn ${urn} is not of entity type ${entityName}`);
    await ctx.services.edits.updateEntity(ref.urn, input, ctx.actor);
    ctx.aspects.clear(ref.urn);
    return ref;
  };

export function mutationResolvers(): Record<string, Resolver> {
  return {
    updateDataset: updateEntity('dataset'),
    updateDatasets: async (root, { input }, ctx, info) => {
      const out = [];
      for (const item of input as Json[]) out.push(await updateEntity('dataset')(root, { urn: item.urn, input: item.update }, ctx, info));
      return out;
    },
    updateChart: updateEntity('chart'),
    updateDashboard: updateEntity('dashboard'),
    updateNotebook: updateEntity('notebook'),
    updateDataFlow: updateEntity('dataFlow'),
    updateDataJob: updateEntity('dataJob'),
    updateTag: async (_root, { urn, input }, ctx) => {
      const ref = clientRef(ctx, urn);
      await ctx.services.edits.updateTag(ref.urn, input, ctx.actor);
      ctx.aspects.clear(ref.urn);
      return ref;
    },
    updateCorpUserProperties: async (_root, { urn, input }, ctx) => {
      const ref = clientRef(ctx, urn);
      await ctx.services.edits.updateUserProperties(ref.urn, input, ctx.actor);
      ctx.aspects.clear(ref.urn);
      return ref;
    },
    updateCorpGroupProperties: async (_root, { urn, input }, ctx) => {
      const ref = clientRef(ctx, urn);
      await ctx.services.edits.mergeFields(ref.urn, 'corpGroupEditableInfo', input as Json, ctx.actor);
      ctx.aspects.clear(ref.urn);
      return ref;
    },
    updateName: (_root, { input }, ctx) => done(ctx.services.edits.updateName(input.urn, input.name, ctx.actor)),
    setTagColor: (_root, { urn, colorHex }, ctx) => done(ctx.services.edits.setTagColor(urn, colorHex, ctx.actor)),

    addTag: (_root, { input }, ctx) => done(ctx.services.edits.labels('tag', 'add', [input.tagUrn], [single(input)], ctx.actor)),
    addTags: (_root, { input }, ctx) => done(ctx.services.edits.labels('tag', 'add', input.tagUrns, [single(input)], ctx.actor)),
    removeTag: (_root, { input }, ctx) => done(ctx.services.edits.labels('tag', 'remove', [input.tagUrn], [single(input)], ctx.actor)),
    batchAddTags: (_root, { input }, ctx) => done(ctx.services.edits.labels('tag', 'add', input.tagUrns, many(input.resources), ctx.actor)),
    batchRemoveTags: (_root, { input }, ctx) => done(ctx.services.edits.labels('tag', 'remove', input.tagUrns, many(input.resources), ctx.actor)),
    addTerm: (_root, { input }, ctx) => done(ctx.services.edits.labels('term', 'add', [input.termUrn], [single(input)], ctx.actor)),
    addTerms: (_root, { input }, ctx) => done(ctx.services.edits.labels('term', 'add', input.termUrns, [single(input)], ctx.actor)),
    removeTerm: (_root, { input }, ctx) => done(ctx.services.edits.labels('term', 'remove', [input.termUrn], [single(input)], ctx.actor)),
    batchAddTerms: (_root, { input }, ctx) => done(ctx.services.edits.labels('term', 'add', input.termUrns, many(input.resources), ctx.actor)),
    batchRemoveTerms: (_root, { input }, ctx) => done(ctx.services.edits.labels('term', 'remove', input.termUrns, many(input.resources), ctx.actor)),

    addOwner: (_root, { input }, ctx) => done(ctx.services.edits.addOwners([input as OwnerInput], [single(input)], ctx.actor)),
    addOwners: (_root, { input }, ctx) => done(ctx.services.edits.addOwners(input.owners, [single(input)], ctx.actor)),
    batchAddOwners: (_root, { input }, ctx) => done(ctx.services.edits.addOwners(input.owners, many(input.resources), ctx.actor, input.ownershipTypeUrn)),
    removeOwner: (_root, { input }, ctx) => done(ctx.services.edits.removeOwners([input.ownerUrn], [single(input)], ctx.actor, input.ownershipTypeUrn)),
    batchRemoveOwners: (_root, { input }, ctx) => done(ctx.services.edits.removeOwners(input.ownerUrns, many(input.resources), ctx.actor, input.ownershipTypeUrn)),

    setDomain: (_root, { entityUrn, domainUrn }, ctx) => done(ctx.services.edits.setDomain(domainUrn, [entityUrn], ctx.actor)),
    unsetDomain: (_root, { entityUrn }, ctx) => done(ctx.services.edits.setDomain(null, [entityUrn], ctx.actor)),
    batchSetDomain: (_root, { input }, ctx) => done(ctx.services.edits.setDomain(input.domainUrn ?? null, many(input.resources).map((r) => r.resourceUrn), ctx.actor)),

    updateDeprecation: (_root, { input }, ctx) => done(ctx.services.edits.updateDeprecation([input.urn], input.deprecated, input.note, input.decommissionTime, ctx.actor)),
    batchUpdateDeprecation: (_root, { input }, ctx) =>
      done(ctx.services.edits.updateDeprecation(many(input.resources).map((r) => r.resourceUrn), input.deprecated, input.note, input.decommissionTime, ctx.actor)),
    updateDescription: (_root, { input }, ctx) => done(ctx.services.edits.updateDescription(single(input), input.description, ctx.actor)),
    batchUpdateSoftDeleted: (_root, { input }, ctx) => done(ctx.services.edits.softDelete(input.urns, input.deleted, ctx.actor)),
    addLink: (_root, { input }, ctx) => done(ctx.services.edits.addLink(input.resourceUrn, input.linkUrl, input.label, ctx.actor)),
    removeLink: (_root, { input }, ctx) => done(ctx.services.edits.removeLink(input.resourceUrn, input.linkUrl, ctx.actor)),

    createTag: (_root, { input }, ctx) => ctx.services.edits.createTag(input.id, input.name, input.description, ctx.actor),
    deleteTag: (_root, { urn }, ctx) => done(ctx.services.edits.deleteEntity(urn, 'tag', ctx.actor)),
    createDomain: (_root, { input }, ctx) => ctx.services.edits.createDomain(input.id, input.name, input.description, input.parentDomain, ctx.actor),
    deleteDomain: (_root, { urn }, ctx) => done(ctx.services.edits.deleteEntity(urn, 'domain', ctx.actor)),
    createGlossaryTerm: (_root, { input }, ctx) => ctx.services.edits.createGlossaryEntity('glossaryTerm', input.id, input.name, input.description, input.parentNode, ctx.actor),
    deleteGlossaryEntity: (_root, { urn }, ctx) => done(ctx.services.edits.deleteEntity(urn, clientRef(ctx, urn).entityName, ctx.actor)),
    createGroup: (_root, { input }, ctx) => ctx.services.edits.createGroup(input.id, input.name, input.description, ctx.actor),
    moveDomain: (_root, { input }, ctx) => done(ctx.services.edits.setParent(input.resourceUrn, input.parentDomain, ctx.actor)),
    updateParentNode: (_root, { input }, ctx) => done(ctx.services.edits.setParent(input.resourceUrn, input.parentNode, ctx.actor)),
    createGlossaryNode: (_root, { input }, ctx) => ctx.services.edits.createGlossaryEntity('glossaryNode', input.id, input.name, input.description, input.parentNode, ctx.actor),
  };
}
