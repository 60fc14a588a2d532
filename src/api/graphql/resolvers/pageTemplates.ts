/**
 * Page templates and modules: the layout of the app's home page (and asset summaries), each template
 * a list of rows of modules.
 */
import type { AspectValue } from '../../../registry/aspectValues.js';
import { latestAspect, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import { resolvedAuditStamp } from '../mappers/common.js';
import type { ResolverModule } from './module.js';

const MODULE_ASPECT = 'dataHubPageModuleProperties';
type ModuleProperties = AspectValue<typeof MODULE_ASPECT>;

/** Both stamps are required of stored templates and modules; one missing reads as the epoch, unattributed. */
const stamp = (ctx: GraphQLContext, s: Parameters<typeof resolvedAuditStamp>[1]) => resolvedAuditStamp(ctx, s) ?? { time: 0, actor: null };

const moduleRef = (urn: string): EntityRef => ({ urn, entityName: 'dataHubPageModule' });

/** A template row's modules that are stored: a module deleted from under a template drops out of its row. */
async function storedModules(ctx: GraphQLContext, urns: readonly string[]): Promise<EntityRef[]> {
  const refs = urns.map(moduleRef);
  const found = await Promise.all(refs.map((r) => latestAspect(ctx, r, MODULE_ASPECT)));
  return refs.filter((_r, i) => found[i] !== undefined);
}

function moduleParams(params: ModuleProperties['params'] | undefined) {
  const p = params ?? {};
  return {
    linkParams: p.linkParams
      ? { linkUrl: p.linkParams.linkUrl, imageUrl: p.linkParams.imageUrl ?? null, description: p.linkParams.description ?? null }
      : null,
    richTextParams: p.richTextParams ? { content: p.richTextParams.content } : null,
    assetCollectionParams: p.assetCollectionParams
      ? { assetUrns: p.assetCollectionParams.assetUrns ?? [], dynamicFilterJson: p.assetCollectionParams.dynamicFilterJson ?? null }
      : null,
    hierarchyViewParams: p.hierarchyViewParams
      ? {
          assetUrns: p.hierarchyViewParams.assetUrns ?? [],
          showRelatedEntities: p.hierarchyViewParams.showRelatedEntities,
          relatedEntitiesFilterJson: p.hierarchyViewParams.relatedEntitiesFilterJson ?? null,
        }
      : null,
  };
}

const resolvers: Resolvers = {
  DataHubPageTemplate: {
    properties: async (ref, _args, ctx) => {
      const t: Partial<AspectValue<'dataHubPageTemplateProperties'>> =
        (await latestAspect(ctx, ref, 'dataHubPageTemplateProperties')) ?? {};
      return {
        rows: await Promise.all((t.rows ?? []).map(async (row) => ({ modules: await storedModules(ctx, row.modules ?? []) }))),
        assetSummary: t.assetSummary
          ? {
              summaryElements: (t.assetSummary.summaryElements ?? null)?.map((e) => ({
                elementType: e.elementType,
                structuredProperty: refOf(ctx.services, e.structuredPropertyUrn) ?? null,
              })),
            }
          : null,
        surface: { surfaceType: t.surface?.surfaceType ?? null },
        visibility: { scope: t.visibility?.scope ?? null },
        created: stamp(ctx, t.created),
        lastModified: stamp(ctx, t.lastModified),
      };
    },
  },
  DataHubPageModule: {
    properties: async (ref, _args, ctx) => {
      const m: Partial<ModuleProperties> = (await latestAspect(ctx, ref, MODULE_ASPECT)) ?? {};
      return {
        // Absent (a module without properties), these fail their non-null fields, as graphql-js reports it.
        name: m.name!,
        type: m.type!,
        visibility: { scope: m.visibility?.scope ?? null },
        params: moduleParams(m.params),
        created: stamp(ctx, m.created),
        lastModified: stamp(ctx, m.lastModified),
      };
    },
  },
};

export const pageTemplatesModule: ResolverModule = { resolvers };
