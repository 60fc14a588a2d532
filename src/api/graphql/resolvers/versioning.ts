/**
 * Versioning: a version set, its latest member and a search of its members, and the
 * `versionProperties` of each member.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { latestAspect, refOf } from '../context.js';
import { resolvedAuditStamp } from '../mappers/common.js';
import { searchWithin } from './entityLists.js';
import type { ResolverModule } from './module.js';

const versionTag = (t: { versionTag?: string } | undefined) => ({ versionTag: t?.versionTag ?? null });

const resolvers: Resolvers = {
  VersionSet: {
    latestVersion: async (ref, _args, ctx) => refOf(ctx.services, (await latestAspect(ctx, ref, 'versionSetProperties'))?.latest) ?? null,
    // Members newest first, as DataHub sorts them, unless the caller sorts.
    versionsSearch: (ref, { input }, ctx, info) =>
      searchWithin(ctx, info, { sortInput: { sortCriteria: [{ field: 'versionSortId', sortOrder: 'DESCENDING' }] }, ...input }, [
        { field: 'versionSet', values: [ref.urn], condition: 'EQUAL' },
      ]),
  },
};

export const versioningModule: ResolverModule = {
  resolvers,
  entityFields: {
    versionProperties: async (ref, _args, ctx) => {
      const v = await latestAspect(ctx, ref, 'versionProperties');
      const versionSet = refOf(ctx.services, v?.versionSet);
      if (!v || !versionSet) return null;
      return {
        versionSet,
        version: versionTag(v.version),
        aliases: (v.aliases ?? []).map(versionTag),
        comment: v.comment ?? null,
        isLatest: v.isLatest === true,
        created: resolvedAuditStamp(ctx, v.metadataCreatedTimestamp),
        createdInSource: resolvedAuditStamp(ctx, v.sourceCreatedTimestamp),
      };
    },
  },
};
