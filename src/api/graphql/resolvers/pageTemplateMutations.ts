/**
 * Page templates and modules (the home page's and asset summaries' layouts) and the asset setting
 * that picks a summary template. Global ones need MANAGE_HOME_PAGE_TEMPLATES; a personal one is
 * deleted only by its creator; DataHub's defaults are never deleted.
 */
import { randomUUID } from 'node:crypto';
import { onPlatform, onResource, type Requirement } from '../../../auth/requirements.js';
import { DEFAULT_MODULES, DEFAULT_TEMPLATE_URN } from '../../../domains/builtIns/homePage.js';
import { badRequest, forbidden } from '../../../errors.js';
import type { GraphQLContext } from '../context.js';
import type { PageModuleParamsInput, Resolvers } from '../generated/resolvers.js';
import { authorize, authorizeOr, change, deleteWithReferences, exists, existsAs, stamp, write } from './managedWrites.js';
import { assetSettingsOf } from './assetSettings.js';
import type { ResolverModule } from './module.js';

type Json = Record<string, any>;

const TEMPLATE_ASPECT = 'dataHubPageTemplateProperties';
const MODULE_ASPECT = 'dataHubPageModuleProperties';
const MANAGE_TEMPLATES = onPlatform('MANAGE_HOME_PAGE_TEMPLATES');
const DEFAULT_MODULE_URNS = new Set(DEFAULT_MODULES.map(([urn]) => urn));

/** Global layouts need the manage privilege; DataHub's own text when it is missing. */
async function authorizeScope(ctx: GraphQLContext, scope: string, what: 'templates' | 'modules') {
  return scope === 'GLOBAL'
    ? authorizeOr(ctx, `User does not have permission to update global ${what}.`, MANAGE_TEMPLATES)
    : authorize(ctx);
}

/** Deleting: global ones need the manage privilege, personal ones their creator. */
async function authorizeDelete(ctx: GraphQLContext, urn: string, aspect: string, what: 'template' | 'module') {
  const p = (await ctx.services.store.getAspect(urn, aspect, 0))?.value as Json | undefined;
  if (!p) throw badRequest(`Attempted to delete a page ${what} that does not exist with urn ${urn}`);
  if (p.visibility?.scope === 'GLOBAL') return authorizeOr(ctx, `User is unauthorized to delete global ${what}s.`, MANAGE_TEMPLATES);
  if (p.created?.actor !== ctx.actor) throw forbidden(`Attempted to delete personal a page ${what} that was not created by the actor`);
  return authorize(ctx);
}

function moduleParams(p: PageModuleParamsInput): Json {
  const out: Json = {};
  if (p.linkParams)
    out.linkParams = {
      linkUrl: p.linkParams.linkUrl,
      ...(p.linkParams.imageUrl != null ? { imageUrl: p.linkParams.imageUrl } : {}),
      ...(p.linkParams.description != null ? { description: p.linkParams.description } : {}),
    };
  if (p.richTextParams) out.richTextParams = { content: p.richTextParams.content };
  if (p.assetCollectionParams)
    out.assetCollectionParams = {
      assetUrns: p.assetCollectionParams.assetUrns,
      ...(p.assetCollectionParams.dynamicFilterJson != null ? { dynamicFilterJson: p.assetCollectionParams.dynamicFilterJson } : {}),
    };
  if (p.hierarchyViewParams) {
    const h = p.hierarchyViewParams;
    out.hierarchyViewParams = {
      assetUrns: h.assetUrns,
      showRelatedEntities: h.showRelatedEntities,
      ...(h.relatedEntitiesFilterJson != null ? { relatedEntitiesFilterJson: h.relatedEntitiesFilterJson } : {}),
    };
  }
  return out;
}

/** A new layout gets a UUID and its created stamp; an existing one keeps its created stamp. */
const upsertLayout = (ctx: GraphQLContext, urn: string, aspect: string, fields: Json) =>
  change(ctx, urn, aspect, (current) => ({ ...fields, created: current.created ?? stamp(ctx), lastModified: stamp(ctx) }));

const resolvers: Resolvers = {
  Mutation: {
    upsertPageTemplate: async (_root, { input }, ctx) => {
      const grant = await authorizeScope(ctx, input.scope, 'templates');
      for (const row of input.rows)
        for (const m of row.modules)
          if (!(await existsAs(ctx, m, 'dataHubPageModule'))) throw badRequest(`Module with urn ${m} does not exist`);
      const urn = input.urn ?? `urn:li:dataHubPageTemplate:${randomUUID()}`;
      const fields = {
        rows: input.rows.map((r) => ({ modules: r.modules })),
        ...(input.assetSummary
          ? {
              assetSummary: {
                summaryElements: input.assetSummary.summaryElements.map((e) => ({
                  elementType: e.elementType,
                  ...(e.structuredPropertyUrn ? { structuredPropertyUrn: e.structuredPropertyUrn } : {}),
                })),
              },
            }
          : {}),
        surface: { surfaceType: input.surfaceType },
        visibility: { scope: input.scope },
      };
      await write(ctx, grant, [upsertLayout(ctx, urn, TEMPLATE_ASPECT, fields)]);
      return { urn, entityName: 'dataHubPageTemplate' };
    },
    deletePageTemplate: async (_root, { input }, ctx) => {
      if (input.urn === DEFAULT_TEMPLATE_URN) throw forbidden('Attempted to delete the default page template');
      const grant = await authorizeDelete(ctx, input.urn, TEMPLATE_ASPECT, 'template');
      await deleteWithReferences(ctx, grant, input.urn);
      return true;
    },
    upsertPageModule: async (_root, { input }, ctx) => {
      const grant = await authorizeScope(ctx, input.scope, 'modules');
      const urn = input.urn ?? `urn:li:dataHubPageModule:${randomUUID()}`;
      const fields = { name: input.name, type: input.type, visibility: { scope: input.scope }, params: moduleParams(input.params) };
      await write(ctx, grant, [upsertLayout(ctx, urn, MODULE_ASPECT, fields)]);
      return { urn, entityName: 'dataHubPageModule' };
    },
    // Templates that show the module lose it from their rows (DataHub clears references on delete).
    deletePageModule: async (_root, { input }, ctx) => {
      if (DEFAULT_MODULE_URNS.has(input.urn)) throw badRequest(`Cannot delete default page module with urn ${input.urn}`);
      const grant = await authorizeDelete(ctx, input.urn, MODULE_ASPECT, 'module');
      await deleteWithReferences(ctx, grant, input.urn);
      return true;
    },
    updateAssetSettings: async (_root, { input }, ctx) => {
      const manage: Requirement = onResource(input.urn, 'EDIT_ENTITY', 'MANAGE_ASSET_SUMMARY');
      const grant = await authorize(ctx, manage);
      if (!(await exists(ctx, input.urn))) throw badRequest(`Failed to update asset settings: entity ${input.urn} does not exist`);
      const template = input.summary?.template;
      if (template && !(await existsAs(ctx, template, 'dataHubPageTemplate')))
        throw badRequest(`Failed to update asset settings: template ${template} does not exist`);
      let written: Json = {};
      await write(ctx, grant, [
        change(ctx, input.urn, 'assetSettings', (s) => {
          written = template ? { ...s, assetSummary: { templates: [{ template }] } } : s;
          return written;
        }),
      ]);
      return assetSettingsOf(ctx, written);
    },
  },
};

export const pageTemplateMutationsModule: ResolverModule = { resolvers };
