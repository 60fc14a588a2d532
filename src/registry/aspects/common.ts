/**
 * Aspects shared by many entity types (Pegasus `com.linkedin.common.*`).
 */
import { any, arrayOf, boolean, double, enumOf, long, optional, record, urn, withDefault, mapOf, string, union } from '../schema/dsl.js';
import { AuditStamp } from '../schema/common.js';
import type { SearchableDecl } from '../types.js';
import { attributionSearchables, GlobalTags, GlossaryTerms, MetadataAttribution } from './shared.js';
import { aspect } from './aspect.js';

const OwnershipType = enumOf('com.linkedin.common.OwnershipType', [
  'CUSTOM',
  'TECHNICAL_OWNER',
  'BUSINESS_OWNER',
  'DATA_STEWARD',
  'NONE',
  'DEVELOPER',
  'DATAOWNER',
  'DELEGATE',
  'PRODUCER',
  'CONSUMER',
  'STAKEHOLDER',
]);

const OwnershipSource = record('com.linkedin.common.OwnershipSource', {
  type: enumOf('com.linkedin.common.OwnershipSourceType', [
    'AUDIT',
    'DATABASE',
    'FILE_SYSTEM',
    'ISSUE_TRACKING_SYSTEM',
    'MANUAL',
    'SERVICE',
    'SOURCE_CONTROL',
    'OTHER',
  ]),
  url: optional(string),
});

const Owner = record('com.linkedin.common.Owner', {
  owner: urn,
  type: OwnershipType,
  typeUrn: optional(urn),
  source: optional(OwnershipSource),
  attribution: optional(MetadataAttribution),
});

export const ownership = aspect({
  name: 'ownership',
  type: record('com.linkedin.common.Ownership', {
    owners: arrayOf(Owner),
    ownerTypes: optional(mapOf(arrayOf(urn))),
    lastModified: withDefault(AuditStamp, { time: 0, actor: 'urn:li:corpuser:unknown' }),
  }),
  searchable: [
    {
      path: '/owners/*/owner',
      fieldName: 'owners',
      fieldType: 'URN',
      addToFilters: true,
      filterNameOverride: 'Owned By',
      hasValuesFieldName: 'hasOwners',
      queryByDefault: false,
    },
    ...attributionSearchables('/owners', 'owner'),
    // DataHub annotates the map's keys (`/$key`); written here with the map wildcard.
    { path: '/ownerTypes/*', fieldName: 'ownerTypes', fieldType: 'MAP_ARRAY', queryByDefault: false },
  ],
  relationships: [
    { path: '/owners/*/owner', name: 'OwnedBy', entityTypes: ['corpuser', 'corpGroup'] },
    { path: '/owners/*/typeUrn', name: 'ownershipType', entityTypes: ['ownershipType'] },
  ],
});

export const status = aspect({
  name: 'status',
  type: record('com.linkedin.common.Status', {
    removed: withDefault(boolean, false),
  }),
  searchable: [{ path: '/removed', fieldType: 'BOOLEAN' }],
});

const InstitutionalMemoryMetadata = record('com.linkedin.common.InstitutionalMemoryMetadata', {
  url: string,
  description: string,
  createStamp: AuditStamp,
  updateStamp: optional(AuditStamp),
  settings: optional(
    record('com.linkedin.common.InstitutionalMemoryMetadataSettings', {
      showInAssetPreview: withDefault(boolean, false),
    }),
  ),
});

export const institutionalMemory = aspect({
  name: 'institutionalMemory',
  type: record('com.linkedin.common.InstitutionalMemory', {
    elements: arrayOf(InstitutionalMemoryMetadata),
  }),
});

export const globalTags = aspect({
  name: 'globalTags',
  type: GlobalTags,
  searchable: [
    {
      path: '/tags/*/tag',
      fieldName: 'tags',
      fieldType: 'URN',
      boostScore: 0.5,
      queryByDefault: true,
      addToFilters: true,
      filterNameOverride: 'Tagged With',
      hasValuesFieldName: 'hasTags',
    },
    ...attributionSearchables('/tags', 'tag'),
  ],
  relationships: [{ path: '/tags/*/tag', name: 'TaggedWith', entityTypes: ['tag'] }],
});

export const glossaryTerms = aspect({
  name: 'glossaryTerms',
  type: GlossaryTerms,
  searchable: [
    {
      path: '/terms/*/urn',
      fieldName: 'glossaryTerms',
      fieldType: 'URN',
      addToFilters: true,
      filterNameOverride: 'Glossary Term',
      hasValuesFieldName: 'hasGlossaryTerms',
    },
    ...attributionSearchables('/terms', 'term'),
  ],
  relationships: [{ path: '/terms/*/urn', name: 'TermedWith', entityTypes: ['glossaryTerm'] }],
});

export const browsePaths = aspect({
  name: 'browsePaths',
  type: record('com.linkedin.common.BrowsePaths', {
    paths: arrayOf(string),
  }),
  searchable: [{ path: '/paths/*', fieldName: 'browsePaths', fieldType: 'BROWSE_PATH' }],
});

const BrowsePathEntry = record('com.linkedin.common.BrowsePathEntry', {
  id: string,
  urn: optional(urn),
});

export const browsePathsV2 = aspect({
  name: 'browsePathsV2',
  type: record('com.linkedin.common.BrowsePathsV2', {
    path: arrayOf(BrowsePathEntry),
  }),
  searchable: [{ path: '/path/*/id', fieldName: 'browsePathV2', fieldType: 'BROWSE_PATH_V2' }],
});

export const dataPlatformInstance = aspect({
  name: 'dataPlatformInstance',
  type: record('com.linkedin.common.DataPlatformInstance', {
    platform: urn,
    instance: optional(urn),
  }),
  searchable: [
    { path: '/platform', fieldType: 'URN', addToFilters: true, filterNameOverride: 'Platform' },
    { path: '/instance', fieldName: 'platformInstance', fieldType: 'URN', addToFilters: true, filterNameOverride: 'Platform Instance' },
  ],
});

export const deprecation = aspect({
  name: 'deprecation',
  type: record('com.linkedin.common.Deprecation', {
    deprecated: boolean,
    decommissionTime: optional(long),
    note: string,
    actor: urn,
    replacement: optional(urn),
  }),
  searchable: [
    {
      path: '/deprecated',
      fieldType: 'BOOLEAN',
      addToFilters: true,
      filterNameOverride: 'Deprecated',
      weightsPerFieldValue: { true: 0.5 },
    },
  ],
});

export const subTypes = aspect({
  name: 'subTypes',
  type: record('com.linkedin.common.SubTypes', {
    typeNames: arrayOf(string),
  }),
  searchable: [
    {
      path: '/typeNames/*',
      fieldName: 'typeNames',
      fieldType: 'KEYWORD',
      addToFilters: true,
      filterNameOverride: 'Sub Type',
      queryByDefault: false,
    },
  ],
});

export const cost = aspect({
  name: 'cost',
  type: record('com.linkedin.common.Cost', {
    costType: enumOf('com.linkedin.common.CostType', ['ORG_COST_TYPE']),
    cost: union(['costId', double], ['costCode', string]),
  }),
});

export const embed = aspect({
  name: 'embed',
  type: record('com.linkedin.common.Embed', {
    renderUrl: optional(string),
  }),
});

export const siblings = aspect({
  name: 'siblings',
  type: record('com.linkedin.common.Siblings', {
    siblings: arrayOf(urn),
    primary: boolean,
  }),
  searchable: [{ path: '/siblings/*', fieldName: 'siblings', fieldType: 'URN', hasValuesFieldName: 'hasSiblings', queryByDefault: false }],
  relationships: [{ path: '/siblings/*', name: 'SiblingOf', entityTypes: ['dataset'] }],
});

export const origin = aspect({
  name: 'origin',
  type: record('com.linkedin.common.Origin', {
    type: enumOf('com.linkedin.common.OriginType', ['NATIVE', 'EXTERNAL']),
    externalType: optional(string),
  }),
});

const TestResult = record('com.linkedin.test.TestResult', {
  test: urn,
  type: string,
  testDefinitionMd5: optional(string),
  lastComputed: optional(AuditStamp),
});

export const testResults = aspect({
  name: 'testResults',
  type: record('com.linkedin.test.TestResults', {
    failing: arrayOf(TestResult),
    passing: arrayOf(TestResult),
  }),
  searchable: [
    { path: '/failing/*/test', fieldName: 'failingTests', fieldType: 'URN', hasValuesFieldName: 'hasFailingTests', addToFilters: true },
    { path: '/passing/*/test', fieldName: 'passingTests', fieldType: 'URN', hasValuesFieldName: 'hasPassingTests', addToFilters: true },
  ],
  relationships: [
    { path: '/failing/*/test', name: 'IsFailing', entityTypes: ['test'] },
    { path: '/passing/*/test', name: 'IsPassing', entityTypes: ['test'] },
  ],
});

export const incidentsSummary = aspect({
  name: 'incidentsSummary',
  type: record('com.linkedin.common.IncidentsSummary', {
    resolvedIncidents: optional(arrayOf(urn)),
    activeIncidents: optional(arrayOf(urn)),
    resolvedIncidentDetails: optional(arrayOf(any)),
    activeIncidentDetails: optional(arrayOf(any)),
  }),
});

export const access = aspect({
  name: 'access',
  type: record('com.linkedin.common.Access', {
    roles: optional(arrayOf(record('com.linkedin.common.RoleAssociation', { urn: urn }))),
  }),
});

export const structuredProperties = aspect({
  name: 'structuredProperties',
  type: record('com.linkedin.structured.StructuredProperties', {
    properties: arrayOf(
      record('com.linkedin.structured.StructuredPropertyValueAssignment', {
        propertyUrn: urn,
        values: arrayOf(any),
        created: optional(AuditStamp),
        lastModified: optional(AuditStamp),
        attribution: optional(MetadataAttribution),
      }),
    ),
  }),
});

const FieldFormPromptAssociation = record('com.linkedin.common.FieldFormPromptAssociation', {
  fieldPath: string,
  lastModified: AuditStamp,
});
const FormPromptAssociation = record('com.linkedin.common.FormPromptAssociation', {
  id: string,
  lastModified: AuditStamp,
  fieldAssociations: optional(
    record('com.linkedin.common.FormPromptFieldAssociations', {
      completedFieldPrompts: optional(arrayOf(FieldFormPromptAssociation)),
      incompleteFieldPrompts: optional(arrayOf(FieldFormPromptAssociation)),
    }),
  ),
});
const FormAssociation = record('com.linkedin.common.FormAssociation', {
  urn,
  incompletePrompts: withDefault(arrayOf(FormPromptAssociation), []),
  completedPrompts: withDefault(arrayOf(FormPromptAssociation), []),
});

export const forms = aspect({
  name: 'forms',
  type: record('com.linkedin.common.Forms', {
    incompleteForms: arrayOf(FormAssociation),
    completedForms: arrayOf(FormAssociation),
    verifications: withDefault(
      arrayOf(
        record('com.linkedin.common.FormVerificationAssociation', {
          form: urn,
          lastModified: optional(AuditStamp),
        }),
      ),
      [],
    ),
  }),
  searchable: [
    ...(['incompleteForms', 'completedForms'] as const).flatMap((list): SearchableDecl[] => [
      { path: `/${list}/*/urn`, fieldName: list, fieldType: 'URN', queryByDefault: false },
      { path: `/${list}/*/completedPrompts/*/id`, fieldName: `${list}CompletedPromptIds`, fieldType: 'KEYWORD', queryByDefault: false },
      { path: `/${list}/*/incompletePrompts/*/id`, fieldName: `${list}IncompletePromptIds`, fieldType: 'KEYWORD', queryByDefault: false },
      {
        path: `/${list}/*/completedPrompts/*/lastModified/time`,
        fieldName: `${list}CompletedPromptResponseTimes`,
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
    ]),
    { path: '/verifications/*/form', fieldName: 'verifiedForms', fieldType: 'URN', queryByDefault: false },
  ],
});

export const documentation = aspect({
  name: 'documentation',
  type: record('com.linkedin.common.Documentation', {
    documentations: arrayOf(
      record('com.linkedin.common.DocumentationAssociation', {
        documentation: string,
        attribution: optional(MetadataAttribution),
      }),
    ),
  }),
});

export const commonAspects = [
  ownership,
  status,
  institutionalMemory,
  globalTags,
  glossaryTerms,
  browsePaths,
  browsePathsV2,
  dataPlatformInstance,
  deprecation,
  subTypes,
  cost,
  embed,
  siblings,
  origin,
  testResults,
  incidentsSummary,
  access,
  structuredProperties,
  forms,
  documentation,
];
