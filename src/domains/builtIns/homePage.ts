/**
 * DataHub's default home page, written at the first start: its modules, the template laying them
 * out, and the global settings naming that template as everyone's default. Each is written only when
 * absent, so an administrator's later edits survive restarts; settings an administrator has stored
 * are kept and the defaults fill only what is missing (as DataHub's boot step merges them).
 */
import { SYSTEM_ACTOR } from '../../actors.js';
import { jsonEqual } from '../../json.js';
import { aspectValue } from '../../registry/aspectValues.js';
import { buildProposal, type Proposal } from '../../write/proposals.js';
import type { Services } from '../services.js';
import { GLOBAL_SETTINGS_URN } from '../content/globalSettings.js';
import { DEFAULT_MODULES, DEFAULT_TEMPLATE_URN } from '../pageTemplates/defaults.js';

/** DataHub's default home page: your assets, then domains, a row each. */
const DEFAULT_TEMPLATE_ROWS = [['urn:li:dataHubPageModule:your_assets'], ['urn:li:dataHubPageModule:top_domains']];

/** DataHub's default global settings (its boot `global_settings.json`). */
const DEFAULT_GLOBAL_SETTINGS = {
  views: {},
  docPropagation: { enabled: true, columnPropagationEnabled: true },
  homePage: { defaultTemplate: DEFAULT_TEMPLATE_URN },
};

export async function bootstrapHomePage(services: Services, now = Date.now()): Promise<void> {
  const { registry, entities, store, writePath } = services;
  const stamp = { time: now, actor: SYSTEM_ACTOR };
  const missing: Proposal[] = [];
  const absent = async (urn: string) => !(await entities.exists(urn, true));
  for (const [urn, name, type] of DEFAULT_MODULES) {
    if (await absent(urn)) {
      missing.push(
        buildProposal(registry, urn, 'dataHubPageModuleProperties', 'UPSERT', {
          name,
          type,
          visibility: { scope: 'GLOBAL' },
          params: {},
          created: stamp,
          lastModified: stamp,
        }),
      );
    }
  }
  if (await absent(DEFAULT_TEMPLATE_URN)) {
    missing.push(
      buildProposal(registry, DEFAULT_TEMPLATE_URN, 'dataHubPageTemplateProperties', 'UPSERT', {
        rows: DEFAULT_TEMPLATE_ROWS.map((modules) => ({ modules })),
        surface: { surfaceType: 'HOME_PAGE' },
        visibility: { scope: 'GLOBAL' },
        created: stamp,
        lastModified: stamp,
      }),
    );
  }
  const stored = aspectValue('globalSettingsInfo', (await store.getAspect(GLOBAL_SETTINGS_URN, 'globalSettingsInfo', 0))?.value);
  const settings = { ...DEFAULT_GLOBAL_SETTINGS, ...stored };
  if (!stored || !jsonEqual(stored, settings))
    missing.push(buildProposal(registry, GLOBAL_SETTINGS_URN, 'globalSettingsInfo', 'UPSERT', settings));
  await writePath.apply(missing, { actor: SYSTEM_ACTOR });
}
