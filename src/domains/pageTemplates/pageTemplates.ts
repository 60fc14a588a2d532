/**
 * Page templates and modules (the home page's and asset summaries' layouts) and the asset setting
 * that picks a summary template. Global ones need MANAGE_HOME_PAGE_TEMPLATES; a personal one is
 * deleted only by its creator; DataHub's defaults are never deleted. Templates that show a deleted
 * module lose it from their rows (DataHub clears references on delete).
 */
import { onPlatform, onResource } from '../../auth/requirements.js';
import { badRequest, forbidden } from '../../errors.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import { DEFAULT_MODULES, DEFAULT_TEMPLATE_URN } from './defaults.js';
import { newEntityUrn } from '../../urn.js';

type Maybe<T> = T | null | undefined;
type TemplateProperties = AspectValue<'dataHubPageTemplateProperties'>;
type ModuleProperties = AspectValue<'dataHubPageModuleProperties'>;
type SummaryElement = NonNullable<NonNullable<TemplateProperties['assetSummary']>['summaryElements']>[number];
/** The aspects that hold a template's or a module's layout. */
type Layout = 'dataHubPageTemplateProperties' | 'dataHubPageModuleProperties';

export interface PageTemplateInput {
  urn?: Maybe<string>;
  rows: readonly { modules: readonly string[] }[];
  assetSummary?: Maybe<{
    summaryElements: readonly { elementType: SummaryElement['elementType']; structuredPropertyUrn?: Maybe<string> }[];
  }>;
  surfaceType: TemplateProperties['surface']['surfaceType'];
  scope: TemplateProperties['visibility']['scope'];
}

export interface PageModuleParamsInput {
  linkParams?: Maybe<{ linkUrl: string; imageUrl?: Maybe<string>; description?: Maybe<string> }>;
  richTextParams?: Maybe<{ content: string }>;
  assetCollectionParams?: Maybe<{ assetUrns: readonly string[]; dynamicFilterJson?: Maybe<string> }>;
  hierarchyViewParams?: Maybe<{ assetUrns: readonly string[]; showRelatedEntities: boolean; relatedEntitiesFilterJson?: Maybe<string> }>;
}

export interface PageModuleInput {
  urn?: Maybe<string>;
  name: string;
  type: ModuleProperties['type'];
  scope: ModuleProperties['visibility']['scope'];
  params: PageModuleParamsInput;
}

const TEMPLATE_ASPECT = 'dataHubPageTemplateProperties' as const;
const MODULE_ASPECT = 'dataHubPageModuleProperties' as const;
const MANAGE_TEMPLATES = onPlatform('MANAGE_HOME_PAGE_TEMPLATES');
const DEFAULT_MODULE_URNS = new Set(DEFAULT_MODULES.map(([urn]) => urn));

function moduleParams(p: PageModuleParamsInput): ModuleProperties['params'] {
  const out: ModuleProperties['params'] = {};
  if (p.linkParams)
    out.linkParams = {
      linkUrl: p.linkParams.linkUrl,
      ...(p.linkParams.imageUrl != null ? { imageUrl: p.linkParams.imageUrl } : {}),
      ...(p.linkParams.description != null ? { description: p.linkParams.description } : {}),
    };
  if (p.richTextParams) out.richTextParams = { content: p.richTextParams.content };
  if (p.assetCollectionParams)
    out.assetCollectionParams = {
      assetUrns: [...p.assetCollectionParams.assetUrns],
      ...(p.assetCollectionParams.dynamicFilterJson != null ? { dynamicFilterJson: p.assetCollectionParams.dynamicFilterJson } : {}),
    };
  if (p.hierarchyViewParams) {
    const h = p.hierarchyViewParams;
    out.hierarchyViewParams = {
      assetUrns: [...h.assetUrns],
      showRelatedEntities: h.showRelatedEntities,
      ...(h.relatedEntitiesFilterJson != null ? { relatedEntitiesFilterJson: h.relatedEntitiesFilterJson } : {}),
    };
  }
  return out;
}

export class PageTemplateService {
  constructor(private readonly managed: ManagedWrites) {}

  /** Global layouts need the manage privilege; DataHub's own text when it is missing. */
  private authorizeScope(actor: string, scope: string, what: 'templates' | 'modules') {
    return scope === 'GLOBAL'
      ? this.managed.authorizeOr(actor, `User does not have permission to update global ${what}.`, MANAGE_TEMPLATES)
      : this.managed.authorize(actor);
  }

  /** Deleting: global ones need the manage privilege, personal ones their creator. */
  private async authorizeDelete(urn: string, actor: string, aspect: Layout, what: 'template' | 'module') {
    const p = await this.managed.aspect(urn, aspect);
    if (!p) throw badRequest(`Attempted to delete a page ${what} that does not exist with urn ${urn}`);
    if (p.visibility?.scope === 'GLOBAL')
      return this.managed.authorizeOr(actor, `User is unauthorized to delete global ${what}s.`, MANAGE_TEMPLATES);
    if (p.created?.actor !== actor) throw forbidden(`Attempted to delete personal a page ${what} that was not created by the actor`);
    return this.managed.authorize(actor);
  }

  /** A new layout gets its created stamp; an existing one keeps it. */
  private stamps(current: Partial<AspectValue<Layout>>, actor: string) {
    return { created: current.created ?? this.managed.stamp(actor), lastModified: this.managed.stamp(actor) };
  }

  /** Creates a template (with a new UUID when no urn is given) or replaces one. */
  async upsertTemplate(input: PageTemplateInput, actor: string): Promise<Written & { urn: string }> {
    const grant = await this.authorizeScope(actor, input.scope, 'templates');
    for (const row of input.rows)
      for (const m of row.modules)
        if (!(await this.managed.existsAs(m, 'dataHubPageModule'))) throw badRequest(`Module with urn ${m} does not exist`);
    const urn = input.urn ?? newEntityUrn('dataHubPageTemplate');
    const fields = {
      rows: input.rows.map((r) => ({ modules: [...r.modules] })),
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
    return {
      urn,
      written: await this.managed.write(grant, [
        this.managed.change(urn, TEMPLATE_ASPECT, (current) => ({ ...fields, ...this.stamps(current, actor) })),
      ]),
    };
  }

  async deleteTemplate(urn: string, actor: string): Promise<Written> {
    if (urn === DEFAULT_TEMPLATE_URN) throw forbidden('Attempted to delete the default page template');
    const grant = await this.authorizeDelete(urn, actor, TEMPLATE_ASPECT, 'template');
    return { written: await this.managed.deleteWithReferences(grant, urn) };
  }

  /** Creates a module (with a new UUID when no urn is given) or replaces one. */
  async upsertModule(input: PageModuleInput, actor: string): Promise<Written & { urn: string }> {
    const grant = await this.authorizeScope(actor, input.scope, 'modules');
    const urn = input.urn ?? newEntityUrn('dataHubPageModule');
    const fields = { name: input.name, type: input.type, visibility: { scope: input.scope }, params: moduleParams(input.params) };
    return {
      urn,
      written: await this.managed.write(grant, [
        this.managed.change(urn, MODULE_ASPECT, (current) => ({ ...fields, ...this.stamps(current, actor) })),
      ]),
    };
  }

  async deleteModule(urn: string, actor: string): Promise<Written> {
    if (DEFAULT_MODULE_URNS.has(urn)) throw badRequest(`Cannot delete default page module with urn ${urn}`);
    const grant = await this.authorizeDelete(urn, actor, MODULE_ASPECT, 'module');
    return { written: await this.managed.deleteWithReferences(grant, urn) };
  }

  /** Picks the template an asset's summary is shown with (none given: the settings stay as they are); the settings written. */
  async setSummaryTemplate(
    urn: string,
    template: string | null | undefined,
    actor: string,
  ): Promise<Written & { settings: AspectValue<'assetSettings'> }> {
    const m = this.managed;
    const grant = await m.authorize(actor, onResource(urn, 'EDIT_ENTITY', 'MANAGE_ASSET_SUMMARY'));
    if (!(await m.exists(urn))) throw badRequest(`Failed to update asset settings: entity ${urn} does not exist`);
    if (template && !(await m.existsAs(template, 'dataHubPageTemplate')))
      throw badRequest(`Failed to update asset settings: template ${template} does not exist`);
    let settings: AspectValue<'assetSettings'> = {};
    const written = await m.write(grant, [
      m.change(urn, 'assetSettings', (s) => {
        settings = template ? { ...s, assetSummary: { templates: [{ template }] } } : s;
        return settings;
      }),
    ]);
    return { settings, written };
  }
}
