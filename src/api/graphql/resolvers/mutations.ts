/** Mutation root resolvers: input shapes in, edit service calls out. No business logic here. */
import type { ResolverModule } from './module.js';
import type { InputMaybe, MutationResolvers, ResourceRefInput } from '../generated/resolvers.js';
import type { ResourceRef } from '../../../domains/labels/edits.js';
import { badRequest } from '../../../errors.js';
import { clientRef, type EntityRef, type GraphQLContext } from '../context.js';

const single = (input: ResourceRef): ResourceRef => ({
  resourceUrn: input.resourceUrn,
  subResourceType: input.subResourceType ?? null,
  subResource: input.subResource ?? null,
});
const many = (resources: ReadonlyArray<InputMaybe<ResourceRefInput>>): ResourceRef[] =>
  resources.filter((r): r is ResourceRefInput => r != null).map(single);
const done = async (work: Promise<unknown>) => {
  await work;
  return true;
};

/** Updates an entity of one type from its `Update*Input`; the fields it may set are the edit service's. */
async function updateEntity(ctx: GraphQLContext, entityName: string, urn: string, input: object): Promise<EntityRef> {
  const ref = clientRef(ctx, urn);
  if (ref.entityName !== entityName) throw badRequest(`urn ${urn} is not of entity type ${entityName}`);
  await ctx.services.edits.updateEntity(ref.urn, input, ctx.actor);
  ctx.aspects.clear(ref.urn);
  return ref;
}

const updateOf =
  (entityName: string) =>
  (_root: unknown, { urn, input }: { urn: string; input: object }, ctx: GraphQLContext) =>
    updateEntity(ctx, entityName, urn, input);

const Mutation: MutationResolvers = {
  updateDataset: updateOf('dataset'),
  updateDatasets: async (_root, { input }, ctx) => {
    const out = [];
    for (const item of input) out.push(await updateEntity(ctx, 'dataset', item.urn, item.update));
    return out;
  },
  updateChart: updateOf('chart'),
  updateDashboard: updateOf('dashboard'),
  updateNotebook: updateOf('notebook'),
  updateDataFlow: updateOf('dataFlow'),
  updateDataJob: updateOf('dataJob'),
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
    await ctx.services.edits.mergeFields(ref.urn, 'corpGroupEditableInfo', input, ctx.actor);
    ctx.aspects.clear(ref.urn);
    return ref;
  },
  updateName: (_root, { input }, ctx) => done(ctx.services.edits.updateName(input.urn, input.name, ctx.actor)),
  setTagColor: (_root, { urn, colorHex }, ctx) => done(ctx.services.edits.setTagColor(urn, colorHex, ctx.actor)),

  addTag: (_root, { input }, ctx) => done(ctx.services.edits.labels('tag', 'add', [input.tagUrn], [single(input)], ctx.actor)),
  addTags: (_root, { input }, ctx) => done(ctx.services.edits.labels('tag', 'add', input.tagUrns, [single(input)], ctx.actor)),
  removeTag: (_root, { input }, ctx) => done(ctx.services.edits.labels('tag', 'remove', [input.tagUrn], [single(input)], ctx.actor)),
  batchAddTags: (_root, { input }, ctx) => done(ctx.services.edits.labels('tag', 'add', input.tagUrns, many(input.resources), ctx.actor)),
  batchRemoveTags: (_root, { input }, ctx) =>
    done(ctx.services.edits.labels('tag', 'remove', input.tagUrns, many(input.resources), ctx.actor)),
  addTerm: (_root, { input }, ctx) => done(ctx.services.edits.labels('term', 'add', [input.termUrn], [single(input)], ctx.actor)),
  addTerms: (_root, { input }, ctx) => done(ctx.services.edits.labels('term', 'add', input.termUrns, [single(input)], ctx.actor)),
  removeTerm: (_root, { input }, ctx) => done(ctx.services.edits.labels('term', 'remove', [input.termUrn], [single(input)], ctx.actor)),
  batchAddTerms: (_root, { input }, ctx) =>
    done(ctx.services.edits.labels('term', 'add', input.termUrns, many(input.resources), ctx.actor)),
  batchRemoveTerms: (_root, { input }, ctx) =>
    done(ctx.services.edits.labels('term', 'remove', input.termUrns, many(input.resources), ctx.actor)),

  addOwner: (_root, { input }, ctx) => done(ctx.services.edits.addOwners([input], [single(input)], ctx.actor)),
  addOwners: (_root, { input }, ctx) => done(ctx.services.edits.addOwners(input.owners, [single(input)], ctx.actor)),
  batchAddOwners: (_root, { input }, ctx) =>
    done(ctx.services.edits.addOwners(input.owners, many(input.resources), ctx.actor, input.ownershipTypeUrn)),
  removeOwner: (_root, { input }, ctx) =>
    done(ctx.services.edits.removeOwners([input.ownerUrn], [single(input)], ctx.actor, input.ownershipTypeUrn)),
  batchRemoveOwners: (_root, { input }, ctx) =>
    done(ctx.services.edits.removeOwners(input.ownerUrns, many(input.resources), ctx.actor, input.ownershipTypeUrn)),

  setDomain: (_root, { entityUrn, domainUrn }, ctx) => done(ctx.services.edits.setDomain(domainUrn, [entityUrn], ctx.actor)),
  unsetDomain: (_root, { entityUrn }, ctx) => done(ctx.services.edits.setDomain(null, [entityUrn], ctx.actor)),
  batchSetDomain: (_root, { input }, ctx) =>
    done(
      ctx.services.edits.setDomain(
        input.domainUrn ?? null,
        many(input.resources).map((r) => r.resourceUrn),
        ctx.actor,
      ),
    ),

  updateDeprecation: (_root, { input }, ctx) =>
    done(ctx.services.edits.updateDeprecation([input.urn], input.deprecated, input.note, input.decommissionTime, ctx.actor)),
  batchUpdateDeprecation: (_root, { input }, ctx) =>
    done(
      ctx.services.edits.updateDeprecation(
        many(input.resources).map((r) => r.resourceUrn),
        input.deprecated,
        input.note,
        input.decommissionTime,
        ctx.actor,
      ),
    ),
  updateDescription: (_root, { input }, ctx) => done(ctx.services.edits.updateDescription(single(input), input.description, ctx.actor)),
  batchUpdateSoftDeleted: (_root, { input }, ctx) => done(ctx.services.edits.softDelete(input.urns, input.deleted, ctx.actor)),
  addLink: (_root, { input }, ctx) => done(ctx.services.edits.addLink(input.resourceUrn, input.linkUrl, input.label, ctx.actor)),
  removeLink: (_root, { input }, ctx) => done(ctx.services.edits.removeLink(input.resourceUrn, input.linkUrl, ctx.actor)),

  createTag: (_root, { input }, ctx) => ctx.services.edits.createTag(input.id, input.name, input.description, ctx.actor),
  deleteTag: (_root, { urn }, ctx) => done(ctx.services.edits.deleteEntity(urn, 'tag', ctx.actor)),
  createDomain: (_root, { input }, ctx) =>
    ctx.services.edits.createDomain(input.id, input.name, input.description, input.parentDomain, ctx.actor),
  deleteDomain: (_root, { urn }, ctx) => done(ctx.services.edits.deleteEntity(urn, 'domain', ctx.actor)),
  createGlossaryTerm: (_root, { input }, ctx) =>
    ctx.services.edits.createGlossaryTerm(input.id, input.name, input.description, input.parentNode, ctx.actor),
  deleteGlossaryEntity: (_root, { urn }, ctx) => done(ctx.services.edits.deleteEntity(urn, clientRef(ctx, urn).entityName, ctx.actor)),
  createGroup: (_root, { input }, ctx) => ctx.services.edits.createGroup(input.id, input.name, input.description, ctx.actor),
  moveDomain: (_root, { input }, ctx) => done(ctx.services.edits.setParent(input.resourceUrn, input.parentDomain, ctx.actor)),
  updateParentNode: (_root, { input }, ctx) => done(ctx.services.edits.setParent(input.resourceUrn, input.parentNode, ctx.actor)),
  createGlossaryNode: (_root, { input }, ctx) =>
    ctx.services.edits.createGlossaryNode(input.id, input.name, input.description, input.parentNode, ctx.actor),
};

export const mutationsModule: ResolverModule = { resolvers: { Mutation } };
