/**
 * The app's own content: announcements (posts), saved queries, onboarding step states and the
 * platform's feature settings. Each is written as DataHub writes it, under DataHub's privilege.
 */
import type { Privilege } from '../../../auth/privilegeCatalog.js';
import { randomUUID } from 'node:crypto';
import { onPlatform, onResource } from '../../../auth/requirements.js';
import { GLOBAL_SETTINGS_URN } from '../../../domains/builtIns/homePage.js';
import { badRequest } from '../../../errors.js';
import { tryParseUrn } from '../../../urn.js';
import type { GraphQLContext } from '../context.js';
import type { Resolvers, UpdatePostContentInput } from '../generated/resolvers.js';
import { authorize, authorizeOr, change, deleteWithReferences, exists, existsAs, stamp, upsert, write } from './managedWrites.js';
import type { ResolverModule } from './module.js';

type Json = Record<string, any>;

/** DataHub's own texts for refused post edits. */
const POSTS_REFUSED = (verb: string) =>
  `Unauthorized to ${verb} posts. Please contact your DataHub administrator if this needs corrective action.`;

const authorizePosts = (ctx: GraphQLContext, verb: string, privileges: Privilege[]) =>
  authorizeOr(ctx, POSTS_REFUSED(verb), onPlatform(...privileges));

const postContent = (c: UpdatePostContentInput): Json => ({
  type: c.contentType,
  title: c.title,
  ...(c.description != null ? { description: c.description } : {}),
  ...(c.link != null ? { link: c.link } : {}),
  ...(c.media ? { media: { type: c.media.type, location: c.media.location } } : {}),
});

/** What a query is about: its datasets. Editing a query's queries needs EDIT_ENTITY_QUERIES on each. */
const queryRequirements = (datasets: readonly string[]) => datasets.map((d) => onResource(d, 'EDIT_ENTITY', 'EDIT_ENTITY_QUERIES'));

async function requireDatasets(ctx: GraphQLContext, datasets: readonly string[]) {
  for (const d of datasets)
    if (!(await existsAs(ctx, d, 'dataset'))) throw badRequest(`Failed to create Query: dataset ${d} does not exist`);
}

async function querySubjects(ctx: GraphQLContext, urn: string): Promise<string[] | undefined> {
  const subjects = (await ctx.services.store.getAspect(urn, 'querySubjects', 0))?.value?.subjects as Json[] | undefined;
  return subjects?.map((s) => s.entity as string);
}

/** The global settings, changed in place: an absent part starts from DataHub's default for it. */
const settingsChange = (ctx: GraphQLContext, fn: (settings: Json) => Json) => change(ctx, GLOBAL_SETTINGS_URN, 'globalSettingsInfo', fn);

const resolvers: Resolvers = {
  Mutation: {
    createPost: async (_root, { input }, ctx) => {
      const grant = await authorizePosts(ctx, 'create', ['CREATE_GLOBAL_ANNOUNCEMENTS', 'MANAGE_GLOBAL_ANNOUNCEMENTS']);
      // A post about a column targets the column's schemaField, as DataHub's does.
      const target =
        input.resourceUrn && input.subResource ? `urn:li:schemaField:(${input.resourceUrn},${input.subResource})` : input.resourceUrn;
      if (input.resourceUrn && !(await exists(ctx, input.resourceUrn)))
        throw badRequest(`Failed to create post: entity ${input.resourceUrn} does not exist`);
      const now = Date.now();
      const urn = `urn:li:post:${randomUUID()}`;
      const info = {
        type: input.postType,
        content: postContent(input.content),
        created: now,
        lastModified: now,
        auditStamp: stamp(ctx),
        ...(target ? { target } : {}),
      };
      await write(ctx, grant, [upsert(ctx, urn, 'postInfo', info)]);
      return true;
    },
    updatePost: async (_root, { input }, ctx) => {
      const grant = await authorizePosts(ctx, 'update', ['CREATE_GLOBAL_ANNOUNCEMENTS', 'MANAGE_GLOBAL_ANNOUNCEMENTS']);
      if (!(await existsAs(ctx, input.urn, 'post')))
        throw badRequest(`Failed to edit/update post for urn ${input.urn} as post doesn't exist`);
      await write(ctx, grant, [
        change(ctx, input.urn, 'postInfo', (p) => ({
          ...p,
          type: input.postType,
          content: postContent(input.content),
          lastModified: Date.now(),
        })),
      ]);
      return true;
    },
    deletePost: async (_root, { urn }, ctx) => {
      const grant = await authorizePosts(ctx, 'delete', ['MANAGE_GLOBAL_ANNOUNCEMENTS']);
      if (!(await existsAs(ctx, urn, 'post'))) throw badRequest('Post does not exist');
      await deleteWithReferences(ctx, grant, urn);
      return true;
    },

    createQuery: async (_root, { input }, ctx) => {
      const datasets = input.subjects.map((s) => s.datasetUrn);
      const grant = await authorizeOr(
        ctx,
        'Unauthorized to create Query. Please contact your DataHub administrator for more information.',
        ...queryRequirements(datasets),
      );
      if (datasets.length === 0) throw badRequest('Failed to create Query: a query needs at least one subject');
      await requireDatasets(ctx, datasets);
      const urn = `urn:li:query:${randomUUID()}`;
      const { name, description, statement } = input.properties;
      const properties = {
        statement: { value: statement.value, language: statement.language },
        source: 'MANUAL',
        ...(name != null ? { name } : {}),
        ...(description != null ? { description } : {}),
        created: stamp(ctx),
        lastModified: stamp(ctx),
      };
      await write(ctx, grant, [
        upsert(ctx, urn, 'queryProperties', properties),
        upsert(ctx, urn, 'querySubjects', { subjects: datasets.map((entity) => ({ entity })) }),
      ]);
      return { urn, entityName: 'query' };
    },
    updateQuery: async (_root, { urn, input }, ctx) => {
      const existing = tryParseUrn(urn)?.entityType === 'query' ? await querySubjects(ctx, urn) : undefined;
      if (!existing) throw badRequest(`Failed to find query with urn ${urn}`);
      const datasets = input.subjects?.map((s) => s.datasetUrn);
      const impacted = [...new Set([...existing, ...(datasets ?? [])])];
      const grant = await authorizeOr(
        ctx,
        'Unauthorized to update Query. Please contact your DataHub administrator if this needs corrective action.',
        ...queryRequirements(impacted),
      );
      if (datasets) await requireDatasets(ctx, datasets);
      const p = input.properties;
      const given = p
        ? Object.fromEntries(
            Object.entries({ name: p.name, description: p.description, statement: p.statement }).filter(([, v]) => v != null),
          )
        : {};
      await write(ctx, grant, [
        change(ctx, urn, 'queryProperties', (current) => ({ ...current, ...given, lastModified: stamp(ctx) })),
        ...(datasets ? [upsert(ctx, urn, 'querySubjects', { subjects: datasets.map((entity) => ({ entity })) })] : []),
      ]);
      return { urn, entityName: 'query' };
    },
    deleteQuery: async (_root, { urn }, ctx) => {
      const subjects = tryParseUrn(urn)?.entityType === 'query' ? await querySubjects(ctx, urn) : undefined;
      const grant = await authorizeOr(
        ctx,
        'Unauthorized to delete Query. Please contact your DataHub administrator if this needs corrective action.',
        ...queryRequirements(subjects ?? []),
      );
      if (!(await existsAs(ctx, urn, 'query'))) throw badRequest(`Failed to delete Query: ${urn} does not exist`);
      await deleteWithReferences(ctx, grant, urn);
      return true;
    },

    // Anyone records their own onboarding progress; each state is written alone, as DataHub reports each.
    batchUpdateStepStates: async (_root, { input }, ctx) => {
      const grant = await authorize(ctx);
      const results = [];
      for (const state of input.states) {
        const properties = Object.fromEntries(state.properties.filter((e) => e != null && e.value != null).map((e) => [e!.key, e!.value!]));
        try {
          await write(ctx, grant, [
            upsert(ctx, `urn:li:dataHubStepState:${state.id}`, 'dataHubStepStateProperties', { properties, lastModified: stamp(ctx) }),
          ]);
          results.push({ id: state.id, succeeded: true });
        } catch {
          results.push({ id: state.id, succeeded: false });
        }
      }
      return { results };
    },

    updateGlobalViewsSettings: async (_root, { input }, ctx) => {
      const grant = await authorize(ctx, onPlatform('MANAGE_GLOBAL_VIEWS'));
      const view = input.defaultView;
      if (view && !(await existsAs(ctx, view, 'dataHubView')))
        throw badRequest(`Failed to update global view settings: view ${view} does not exist`);
      await write(ctx, grant, [settingsChange(ctx, (s) => ({ ...s, views: view ? { ...s.views, defaultView: view } : {} }))]);
      return true;
    },
    updateDocPropagationSettings: async (_root, { input }, ctx) => {
      const grant = await authorize(ctx, onPlatform('MANAGE_FEATURES'));
      await write(ctx, grant, [
        settingsChange(ctx, (s) => {
          const current = s.docPropagation ?? { enabled: true };
          return {
            ...s,
            docPropagation:
              input.docColumnPropagation != null ? { ...current, columnPropagationEnabled: input.docColumnPropagation } : current,
          };
        }),
      ]);
      return true;
    },
    updateApplicationsSettings: async (_root, { input }, ctx) => {
      const grant = await authorize(ctx, onPlatform('MANAGE_FEATURES'));
      await write(ctx, grant, [
        settingsChange(ctx, (s) => {
          const current = s.applications ?? { enabled: false };
          return { ...s, applications: input.enabled != null ? { ...current, enabled: input.enabled } : current };
        }),
      ]);
      return true;
    },
  },
};

export const contentMutationsModule: ResolverModule = { resolvers };
