/**
 * Entity-relationship models: a join between two datasets, with the field pairs it joins on.
 */
import { parseUrn } from '../../../urn.js';
import type { ErModelRelationshipCardinality, Resolvers } from '../generated/resolvers.js';
import { latestAspect, refOf, type EntityRef } from '../context.js';
import { entityByUrn } from './entityLists.js';
import type { ResolverModule } from './module.js';

const resolvers: Resolvers = {
  Query: {
    erModelRelationship: entityByUrn('erModelRelationship'),
  },
  ERModelRelationship: {
    id: (ref) => parseUrn(ref.urn).parts[0],
    properties: async (ref, _args, ctx) => {
      const p = await latestAspect(ctx, ref, 'erModelRelationshipProperties');
      const source = refOf(ctx.services, p?.source);
      const destination = refOf(ctx.services, p?.destination);
      if (!p || !source || !destination) return null;
      return {
        name: p.name,
        source: source as EntityRef,
        destination: destination as EntityRef,
        relationshipFieldMappings: (p.relationshipFieldMappings ?? []).map((m) => ({
          sourceField: m.sourceField,
          destinationField: m.destinationField,
        })),
        cardinality: (p.cardinality ?? 'N_N') as ErModelRelationshipCardinality,
        createdTime: p.created?.time ?? null,
        createdActor: refOf(ctx.services, p.created?.actor) ?? null,
      };
    },
    editableProperties: async (ref, _args, ctx) => {
      const e = await latestAspect(ctx, ref, 'editableERModelRelationshipProperties');
      return e ? { description: e.description ?? null, name: e.name ?? null } : null;
    },
  },
};

export const erModelModule: ResolverModule = { resolvers };
