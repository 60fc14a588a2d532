/**
 * Every resolver module of the schema. A new area of the interface adds its module here.
 */
import type { ResolverModule } from './module.js';
import { recommendationsModule } from './recommendations.js';
import { analyticsModule } from './analytics.js';
import { lineageModule } from './lineage.js';
import { timelineModule } from './timeline.js';
import { appStartModule } from './appStart.js';
import { settingsModule } from './settings.js';
import { stepsModule } from './steps.js';
import { viewsModule } from './views.js';
import { pageTemplatesModule } from './pageTemplates.js';
import { searchModule } from './search.js';
import { qualityModule } from './quality.js';
import { runsModule } from './runs.js';
import { formsModule } from './forms.js';
import { testsModule } from './tests.js';
import { siblingsModule } from './siblings.js';
import { usageModule } from './usage.js';
import { dataProductModule } from './dataProduct.js';
import { structuredPropertyModule } from './structuredProperties.js';
import { businessAttributeModule } from './businessAttribute.js';
import { governanceModule } from './governance.js';
import { postsModule } from './posts.js';
import { queryEntitiesModule } from './queryEntities.js';
import { erModelModule } from './erModel.js';
import { versioningModule } from './versioning.js';
import { connectionModule } from './connection.js';
import { displayPropertiesModule } from './displayProperties.js';
import { schemaFieldEntityModule } from './schemaFieldEntity.js';
import { assetSettingsModule } from './assetSettings.js';
import { rawAspectsModule } from './rawAspects.js';
import { hierarchiesModule } from './hierarchies.js';
import { mutationsModule } from './mutations.js';
import { queriesModule } from './queries.js';
import { accessModule } from './access.js';
import { moreFieldsModule } from './moreFields.js';
import { entityFieldsModule } from './entityFields.js';
import { qualityMutationsModule } from './qualityMutations.js';
import { dataProductMutationsModule } from './dataProductMutations.js';
import { contentMutationsModule } from './contentMutations.js';
import { viewMutationsModule } from './viewMutations.js';
import { pageTemplateMutationsModule } from './pageTemplateMutations.js';
import { invitesModule } from './invites.js';
import { peopleModule } from './people.js';
import { rolesModule } from './roles.js';
import { structuredPropertyMutationsModule } from './structuredPropertyMutations.js';
import { governanceMutationsModule } from './governanceMutations.js';
import { embedModule } from './embed.js';
import { lineageMutationsModule } from './lineageMutations.js';
import { formMutationsModule } from './formMutations.js';
import { testMutationsModule } from './testMutations.js';
import { erModelMutationsModule } from './erModelMutations.js';
import { versionMutationsModule } from './versionMutations.js';
import { logicalParentModule } from './logicalParent.js';
import { ingestionModule } from './ingestion.js';
import { secretsModule } from './secrets.js';

/** By name: a field two of them serve stops the start (schema.ts says which two). */
export const resolverModules: Readonly<Record<string, ResolverModule>> = {
  recommendations: recommendationsModule,
  analytics: analyticsModule,
  lineage: lineageModule,
  timeline: timelineModule,
  appStart: appStartModule,
  settings: settingsModule,
  steps: stepsModule,
  views: viewsModule,
  pageTemplates: pageTemplatesModule,
  search: searchModule,
  quality: qualityModule,
  runs: runsModule,
  forms: formsModule,
  tests: testsModule,
  siblings: siblingsModule,
  usage: usageModule,
  dataProduct: dataProductModule,
  structuredProperty: structuredPropertyModule,
  businessAttribute: businessAttributeModule,
  governance: governanceModule,
  posts: postsModule,
  queryEntities: queryEntitiesModule,
  erModel: erModelModule,
  versioning: versioningModule,
  connection: connectionModule,
  displayProperties: displayPropertiesModule,
  schemaFieldEntity: schemaFieldEntityModule,
  assetSettings: assetSettingsModule,
  rawAspects: rawAspectsModule,
  hierarchies: hierarchiesModule,
  mutations: mutationsModule,
  queries: queriesModule,
  access: accessModule,
  moreFields: moreFieldsModule,
  entityFields: entityFieldsModule,
  qualityMutations: qualityMutationsModule,
  dataProductMutations: dataProductMutationsModule,
  contentMutations: contentMutationsModule,
  viewMutations: viewMutationsModule,
  pageTemplateMutations: pageTemplateMutationsModule,
  invites: invitesModule,
  people: peopleModule,
  roles: rolesModule,
  structuredPropertyMutations: structuredPropertyMutationsModule,
  governanceMutations: governanceMutationsModule,
  embed: embedModule,
  lineageMutations: lineageMutationsModule,
  formMutations: formMutationsModule,
  testMutations: testMutationsModule,
  erModelMutations: erModelMutationsModule,
  versionMutations: versionMutationsModule,
  logicalParent: logicalParentModule,
  ingestion: ingestionModule,
  secrets: secretsModule,
};
