/**
 * Queries (`QueryEntity`): a statement run against datasets, with what it reads and where it came from.
 */
import type { QueryLanguage, QuerySource, Resolvers } from '../generated/resolvers.js';
import { latestAspect, refOf, type EntityRef } from '../context.js';
import { auditStamp, customProperties, resolvedAuditStamp } from '../mappers/common.js';
import { listEntities } from './entityLists.js';
import type { ResolverModule } from './module.js';
import { keyOf } from './entityFields.js';

const UNSET = { time: 0, actor: null };

const resolvers: Resolvers = {
  Query: {
    listQueries: async (_root, { input }, ctx) => {
      const criteria = [
        ...(input.source ? [{ field: 'source', values: [input.source], condition: 'EQUAL' }] : []),
        ...(input.datasetUrn ? [{ field: 'entities', values: [input.datasetUrn], condition: 'EQUAL' }] : []),
      ];
      const order = input.sortInput?.sortCriterion;
      const sort = order ? { field: order.field, order: order.sortOrder } : { field: 'createdAt', order: 'DESCENDING' as const };
      const { entities, ...page } = await listEntities(ctx, 'query', input, { criteria, sort, defaultCount: 100 });
      return { ...page, queries: entities };
    },
  },
  QueryEntity: {
    properties: async (ref, _args, ctx) => {
      const p = await latestAspect(ctx, ref, 'queryProperties');
      if (!p) return null;
      return {
        statement: { value: p.statement?.value ?? '', language: (p.statement?.language ?? 'SQL') as QueryLanguage },
        source: p.source as QuerySource,
        name: p.name ?? null,
        description: p.description ?? null,
        created: auditStamp(p.created) ?? UNSET,
        createdOn: resolvedAuditStamp(ctx, p.created) ?? UNSET,
        lastModified: auditStamp(p.lastModified) ?? UNSET,
        origin: refOf(ctx.services, p.origin) ?? null,
        customProperties: customProperties(ref.urn, p.customProperties),
      };
    },
    // A subject that is a column is shown with its dataset, as DataHub does.
    subjects: async (ref, _args, ctx) => {
      const s = await latestAspect(ctx, ref, 'querySubjects');
      if (!s) return null;
      return (s.subjects ?? []).flatMap((subject): Array<{ dataset: EntityRef; schemaField: EntityRef | null }> => {
        const dataset = refOf(ctx.services, subject.entity, 'dataset');
        if (dataset) return [{ dataset, schemaField: null }];
        const column = refOf(ctx.services, subject.entity, 'schemaField');
        const parent = column && refOf(ctx.services, keyOf(ctx.services.registry, column).parent);
        return column && parent ? [{ dataset: parent, schemaField: column }] : [];
      });
    },
    platform: async (ref, _args, ctx) => refOf(ctx.services, (await latestAspect(ctx, ref, 'dataPlatformInstance'))?.platform) ?? null,
  },
};

export const queryEntitiesModule: ResolverModule = { resolvers };
