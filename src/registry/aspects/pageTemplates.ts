/**
 * Page templates and the modules laid out in them (Pegasus `com.linkedin.template.*` and
 * `com.linkedin.module.*`): the home page and asset summaries of DataHub's web app.
 */
import { arrayOf, boolean, enumOf, optional, record, string, urn } from '../schema/dsl.js';
import { AuditStamp } from '../schema/common.js';
import type { SearchableDecl } from '../types.js';
import { aspect } from './aspect.js';

const T = 'com.linkedin.template.';
const M = 'com.linkedin.module.';

const audited: SearchableDecl[] = [
  { path: '/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
  { path: '/created/actor', fieldName: 'createdBy', fieldType: 'URN' },
  { path: '/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
];

export const dataHubPageTemplateProperties = aspect({
  name: 'dataHubPageTemplateProperties',
  type: record(`${T}DataHubPageTemplateProperties`, {
    rows: arrayOf(record(`${T}DataHubPageTemplateRow`, { modules: arrayOf(urn) })),
    assetSummary: optional(
      record(`${T}DataHubPageTemplateAssetSummary`, {
        summaryElements: optional(
          arrayOf(
            record(`${T}SummaryElement`, {
              elementType: enumOf(`${T}SummaryElementType`, [
                'CREATED',
                'TAGS',
                'GLOSSARY_TERMS',
                'OWNERS',
                'DOMAIN',
                'STRUCTURED_PROPERTY',
              ]),
              structuredPropertyUrn: optional(urn),
            }),
          ),
        ),
      }),
    ),
    surface: record(`${T}DataHubPageTemplateSurface`, {
      surfaceType: enumOf(`${T}PageTemplateSurfaceType`, ['HOME_PAGE', 'ASSET_SUMMARY']),
    }),
    visibility: record(`${T}DataHubPageTemplateVisibility`, { scope: enumOf(`${T}PageTemplateScope`, ['PERSONAL', 'GLOBAL']) }),
    created: AuditStamp,
    lastModified: AuditStamp,
  }),
  searchable: [{ path: '/surface/surfaceType', fieldType: 'KEYWORD' }, { path: '/visibility/scope', fieldType: 'KEYWORD' }, ...audited],
  relationships: [
    { path: '/rows/*/modules/*', name: 'ContainedIn', entityTypes: ['dataHubPageModule'] },
    {
      path: '/assetSummary/summaryElements/*/structuredPropertyUrn',
      name: 'ContainsStructuredProperty',
      entityTypes: ['structuredProperty'],
    },
  ],
});

const ModuleParams = record(`${M}DataHubPageModuleParams`, {
  linkParams: optional(record(`${M}LinkModuleParams`, { linkUrl: string, imageUrl: optional(string), description: optional(string) })),
  richTextParams: optional(record(`${M}RichTextModuleParams`, { content: string })),
  assetCollectionParams: optional(
    record(`${M}AssetCollectionModuleParams`, { assetUrns: arrayOf(urn), dynamicFilterJson: optional(string) }),
  ),
  hierarchyViewParams: optional(
    record(`${M}HierarchyModuleParams`, {
      assetUrns: optional(arrayOf(urn)),
      showRelatedEntities: boolean,
      relatedEntitiesFilterJson: optional(string),
    }),
  ),
});

export const dataHubPageModuleProperties = aspect({
  name: 'dataHubPageModuleProperties',
  type: record(`${M}DataHubPageModuleProperties`, {
    name: string,
    type: enumOf(`${M}DataHubPageModuleType`, [
      'LINK',
      'RICH_TEXT',
      'ASSET_COLLECTION',
      'HIERARCHY',
      'OWNED_ASSETS',
      'DOMAINS',
      'ASSETS',
      'CHILD_HIERARCHY',
      'DATA_PRODUCTS',
      'RELATED_TERMS',
    ]),
    visibility: record(`${M}DataHubPageModuleVisibility`, { scope: enumOf(`${M}PageModuleScope`, ['PERSONAL', 'GLOBAL']) }),
    params: ModuleParams,
    created: AuditStamp,
    lastModified: AuditStamp,
  }),
  searchable: [{ path: '/type', fieldType: 'KEYWORD' }, { path: '/visibility/scope', fieldType: 'KEYWORD' }, ...audited],
});

export const pageTemplateAspects = [dataHubPageTemplateProperties, dataHubPageModuleProperties];
