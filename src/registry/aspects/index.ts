/**
 * The catalogue of every aspect the registry knows, each exactly once.
 */
import { accessAspects } from './access.js';
import { chartAspects } from './chart.js';
import { commonAspects } from './common.js';
import { containerAspects } from './container.js';
import { dashboardAspects } from './dashboard.js';
import { dataJobAspects } from './datajob.js';
import { datasetAspects } from './dataset.js';
import { domainAspects } from './domain.js';
import { glossaryAspects } from './glossary.js';
import { identityAspects } from './identity.js';
import { keyAspects } from './keys.js';
import { miscAspects } from './misc.js';
import { mlAspects } from './ml.js';
import { notebookAspects } from './notebook.js';
import { platformAspects } from './platform.js';
import { schemaAspects } from './schema.js';
import { tagAspects } from './tag.js';
import { timeseriesAspects } from './timeseries.js';
import { businessAttributeAspects } from './businessAttribute.js';
import { connectionAspects } from './connection.js';
import { dataProductAspects } from './dataProduct.js';
import { displayAspects } from './display.js';
import { erModelAspects } from './erModel.js';
import { structuredPropertyAspects } from './structuredProperty.js';
import { versioningAspects } from './versioning.js';
import { formAspects } from './forms.js';
import { qualityAspects } from './quality.js';
import { testAspects } from './tests.js';
import { settingsAspects } from './settings.js';
import { stepAspects } from './steps.js';
import { viewAspects } from './views.js';
import { pageTemplateAspects } from './pageTemplates.js';
import { assetSettingsAspects } from './assetSettings.js';
import { runAspects } from './runs.js';
import { inviteAspects } from './invites.js';
import { logicalAspects } from './logical.js';
import { ingestionAspects } from './ingestion.js';

/** Not annotated: its element type keeps every aspect's name and schema, from which `AspectValue` is derived. */
export const allAspects = [
  ...keyAspects,
  ...commonAspects,
  ...datasetAspects,
  ...schemaAspects,
  ...timeseriesAspects,
  ...identityAspects,
  ...chartAspects,
  ...dashboardAspects,
  ...dataJobAspects,
  ...containerAspects,
  ...domainAspects,
  ...glossaryAspects,
  ...tagAspects,
  ...notebookAspects,
  ...mlAspects,
  ...platformAspects,
  ...accessAspects,
  ...miscAspects,
  ...dataProductAspects,
  ...structuredPropertyAspects,
  ...businessAttributeAspects,
  ...erModelAspects,
  ...versioningAspects,
  ...connectionAspects,
  ...displayAspects,
  ...qualityAspects,
  ...formAspects,
  ...testAspects,
  ...settingsAspects,
  ...stepAspects,
  ...viewAspects,
  ...pageTemplateAspects,
  ...assetSettingsAspects,
  ...runAspects,
  ...inviteAspects,
  ...logicalAspects,
  ...ingestionAspects,
];
