/**
 * Posts: announcements on the home page or on an entity, newest first.
 */
import type { MediaType, PostContentType, PostType, Resolvers } from '../generated/resolvers.js';
import type { AspectValue } from '../../../registry/aspectValues.js';
import { latestAspect, type EntityRef, type GraphQLContext } from '../context.js';
import { listEntities } from './entityLists.js';
import type { ResolverModule } from './module.js';

/** A post's info; a post without one reads as empty. */
const info = async (ctx: GraphQLContext, ref: EntityRef): Promise<Partial<AspectValue<'postInfo'>>> =>
  (await latestAspect(ctx, ref, 'postInfo')) ?? {};

const resolvers: Resolvers = {
  Query: {
    listPosts: async (_root, { input }, ctx) => {
      const criteria = input.resourceUrn ? [{ field: 'target', values: [input.resourceUrn], condition: 'EQUAL' }] : [];
      const { entities, ...page } = await listEntities(
        ctx,
        'post',
        { ...input, query: input.query ?? '*' },
        { criteria, sort: { field: 'lastModified', order: 'DESCENDING' } },
      );
      return { ...page, posts: entities };
    },
  },
  Post: {
    postType: async (ref, _args, ctx) => (await info(ctx, ref)).type as PostType,
    content: async (ref, _args, ctx) => {
      const c: Partial<AspectValue<'postInfo'>['content']> = (await info(ctx, ref)).content ?? {};
      return {
        contentType: c.type as PostContentType,
        title: c.title ?? '',
        description: c.description ?? null,
        link: c.link ?? null,
        media: c.media ? { type: c.media.type as MediaType, location: c.media.location } : null,
      };
    },
    lastModified: async (ref, _args, ctx) => {
      const i = await info(ctx, ref);
      return { time: i.lastModified ?? 0, actor: i.auditStamp?.actor ?? null };
    },
  },
};

export const postsModule: ResolverModule = { resolvers };
