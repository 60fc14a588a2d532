/**
 * Saved views: anyone keeps personal ones; global ones need MANAGE_GLOBAL_VIEWS. A personal view is
 * changed or deleted only by its creator, as DataHub rules.
 */
import { randomUUID } from 'node:crypto';
import { onPlatform, type Requirement } from '../../../auth/requirements.js';
import { badRequest } from '../../../errors.js';
import { entityOfEnum } from '../entityTypes.js';
import type { GraphQLContext } from '../context.js';
import type { DataHubViewDefinitionInput, FacetFilterInput, Resolvers } from '../generated/resolvers.js';
import { authorize, change, deleteWithReferences, stamp, upsert, write } from './managedWrites.js';
import type { ResolverModule } from './module.js';

type Json = Record<string, any>;

const VIEW_ASPECT = 'dataHubViewInfo';
const MANAGE_GLOBAL_VIEWS = onPlatform('MANAGE_GLOBAL_VIEWS');
/** Nobody holds this: a personal view of someone else is refused with DataHub's 403. */
const NOBODY: Requirement = { privileges: [] };

function criterion(f: FacetFilterInput): Json {
  const values = f.values ?? (f.value != null ? [f.value] : []);
  return { field: f.field, value: values[0] ?? '', values, condition: f.condition ?? 'EQUAL', negated: f.negated ?? false };
}

/** An AND view is one group of criteria; an OR view one group per criterion (DataHub's mapping). */
function definition(input: DataHubViewDefinitionInput): Json {
  const entityTypes = input.entityTypes.map((t) => {
    const name = entityOfEnum(t);
    if (!name) throw badRequest(`Unsupported entity type ${t} in view definition`);
    return name;
  });
  const criteria = input.filter.filters.map(criterion);
  const or = input.filter.operator === 'AND' ? [{ and: criteria }] : criteria.map((c) => ({ and: [c] }));
  return { entityTypes, filter: { or } };
}

/** Who may change a stored view: its creator, or for a global one, a manager of global views. */
async function authorizeView(ctx: GraphQLContext, urn: string) {
  const info = (await ctx.services.store.getAspect(urn, VIEW_ASPECT, 0))?.value as Json | undefined;
  if (!info) throw badRequest(`Failed to modify View. View with urn ${urn} does not exist.`);
  if (info.created?.actor === ctx.actor) return authorize(ctx);
  return authorize(ctx, info.type === 'GLOBAL' ? MANAGE_GLOBAL_VIEWS : NOBODY);
}

const resolvers: Resolvers = {
  Mutation: {
    createView: async (_root, { input }, ctx) => {
      const grant = await authorize(ctx, ...(input.viewType === 'GLOBAL' ? [MANAGE_GLOBAL_VIEWS] : []));
      const urn = `urn:li:dataHubView:${randomUUID()}`;
      const info = {
        name: input.name,
        ...(input.description != null ? { description: input.description } : {}),
        type: input.viewType,
        definition: definition(input.definition),
        created: stamp(ctx),
        lastModified: stamp(ctx),
      };
      await write(ctx, grant, [upsert(ctx, urn, VIEW_ASPECT, info)]);
      return { urn, entityName: 'dataHubView' };
    },
    updateView: async (_root, { urn, input }, ctx) => {
      const grant = await authorizeView(ctx, urn);
      const fields = {
        ...(input.name != null ? { name: input.name } : {}),
        ...(input.description != null ? { description: input.description } : {}),
        ...(input.definition ? { definition: definition(input.definition) } : {}),
      };
      await write(ctx, grant, [change(ctx, urn, VIEW_ASPECT, (v) => ({ ...v, ...fields, lastModified: stamp(ctx) }))]);
      return { urn, entityName: 'dataHubView' };
    },
    // A deleted view is no one's default any more: the settings that name it lose it.
    deleteView: async (_root, { urn }, ctx) => {
      const grant = await authorizeView(ctx, urn);
      await deleteWithReferences(ctx, grant, urn);
      return true;
    },
  },
};

export const viewMutationsModule: ResolverModule = { resolvers };
