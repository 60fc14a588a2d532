/**
 * An asset's logical parent: the logical model a physical dataset (or column) is an instance of.
 * `setLogicalParent` points it at one, or, without a parent, removes the pointer; `logicalParent`
 * reads it back. Setting it is an edit of the asset (EDIT_ENTITY).
 */
import { onResource } from '../../../auth/requirements.js';
import { badRequest } from '../../../service/errors.js';
import { tryParseUrn } from '../../../urn.js';
import { aspectOf, refOf } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import { authorize, exists, stamp, upsert, write } from './managedWrites.js';
import type { EntityFieldResolver, ResolverModule } from './module.js';

/** What a logical parent may be, as DataHub's PhysicalInstanceOf relationship allows. */
const PARENT_TYPES = ['dataset', 'schemaField'];

const logicalParent: EntityFieldResolver = async (ref, _args, ctx) => refOf(ctx.services, (await aspectOf(ctx, ref, 'logicalParent'))?.parent?.destinationUrn) ?? null;

const resolvers: Resolvers = {
  Mutation: {
    setLogicalParent: async (_root, { input }, ctx) => {
      const { resourceUrn, parentUrn } = input;
      const grant = await authorize(ctx, onResource(resourceUrn, 'EDIT_ENTITY'));
      const entity = ctx.services.registry.entityOfUrn(resourceUrn);
      if (!entity?.aspects.has('logicalParent')) throw badRequest(`Failed to set Logical Parent on entity ${resourceUrn} to ${parentUrn ?? null}: it cannot have one`);
      if (!(await exists(ctx, resourceUrn))) throw badRequest(`Failed to set Logical Parent on entity ${resourceUrn} to ${parentUrn ?? null}: it does not exist`);
      if (parentUrn != null && !PARENT_TYPES.includes(tryParseUrn(parentUrn)?.entityType ?? '')) {
        throw badRequest(`Failed to set Logical Parent on entity ${resourceUrn} to ${parentUrn}: a logical parent is a dataset or a column`);
      }
      const parent = parentUrn != null ? { parent: { destinationUrn: parentUrn, created: stamp(ctx), lastModified: stamp(ctx) } } : {};
      await write(ctx, grant, [upsert(ctx, resourceUrn, 'logicalParent', parent)]);
      return true;
    },
  },
};

export const logicalParentModule: ResolverModule = { resolvers, entityFields: { logicalParent } };
