/**
 * Asset settings (Pegasus `com.linkedin.settings.asset.*`): the page templates a domain, glossary entry
 * or data product shows its summary with.
 */
import { arrayOf, optional, record, urn, withDefault } from '../schema/dsl.js';
import { aspect } from './aspect.js';

const A = 'com.linkedin.settings.asset.';

export const assetSettings = aspect({
  name: 'assetSettings',
  type: record(`${A}AssetSettings`, {
    assetSummary: optional(
      record(`${A}AssetSummarySettings`, {
        templates: withDefault(arrayOf(record(`${A}AssetSummarySettingsTemplate`, { template: urn })), []),
      }),
    ),
  }),
  relationships: [{ path: '/assetSummary/templates/*/template', name: 'HasSummaryTemplate', entityTypes: ['dataHubPageTemplate'] }],
});

export const assetSettingsAspects = [assetSettings];
