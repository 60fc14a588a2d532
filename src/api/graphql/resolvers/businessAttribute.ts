/**
 * Business attributes: their definition (name, description, data type, tags, terms) and the attribute
 * a schema field takes on through its `businessAttributes` aspect.
 */
import type { Resolvers, SchemaFieldDataType } from '../generated/resolvers.js';
import { latestAspect, refOf } from '../context.js';
import { auditStamp, customProperties } from '../mappers/common.js';
import { globalTags, glossaryTerms } from '../mappers/tags.js';
import { listEntities } from './entityLists.js';
import { fieldType } from '../mappers/schemaMetadata.js';
import type { ResolverModule } from './module.js';

const UNSET = { time: 0, actor: null };

const resolvers: Resolvers = {
  Query: {
    listBusinessAttributes: async (_root, { input }, ctx) => {
      const { entities, ...page } = await listEntities(ctx, 'businessAttribute', input);
      return { ...page, businessAttributes: entities };
    },
  },
  BusinessAttribute: {
    properties: async (ref, _args, ctx) => {
      const i = await latestAspect(ctx, ref, 'businessAttributeInfo');
      if (!i) return null;
      return {
        name: i.name,
        description: i.description ?? null,
        tags: globalTags(ctx, ref.urn, i.globalTags),
        glossaryTerms: glossaryTerms(ctx, ref.urn, i.glossaryTerms),
        type: i.type ? (fieldType(i.type) as SchemaFieldDataType) : null,
        customProperties: customProperties(ref.urn, i.customProperties),
        created: auditStamp(i.created) ?? UNSET,
        lastModified: auditStamp(i.lastModified) ?? UNSET,
        deleted: auditStamp(i.deleted),
      };
    },
  },
};

export const businessAttributeModule: ResolverModule = {
  resolvers,
  entityFields: {
    businessAttributes: async (ref, _args, ctx) => {
      const a = await latestAspect(ctx, ref, 'businessAttributes');
      if (!a) return null;
      const businessAttribute = refOf(ctx.services, a.businessAttribute?.businessAttributeUrn);
      return { businessAttribute: businessAttribute ? { businessAttribute, associatedUrn: ref.urn } : null };
    },
  },
};
