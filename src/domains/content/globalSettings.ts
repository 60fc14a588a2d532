/**
 * The platform's global settings the app changes: the default view, documentation propagation and
 * the applications feature. Each is changed in place; an absent part starts from DataHub's default.
 */
import { onPlatform } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';

/** DataHub keeps its global settings on this one entity. */
export const GLOBAL_SETTINGS_URN = 'urn:li:globalSettings:0';

type GlobalSettings = Partial<AspectValue<'globalSettingsInfo'>>;

const MANAGE_FEATURES = onPlatform('MANAGE_FEATURES');

export class GlobalSettingsService {
  constructor(private readonly managed: ManagedWrites) {}

  private change(fn: (settings: GlobalSettings) => GlobalSettings) {
    return this.managed.change(GLOBAL_SETTINGS_URN, 'globalSettingsInfo', fn);
  }

  /** Sets (or, with none, clears) the view everyone starts with. */
  async setDefaultView(view: string | null | undefined, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await m.authorize(actor, onPlatform('MANAGE_GLOBAL_VIEWS'));
    if (view && !(await m.existsAs(view, 'dataHubView')))
      throw badRequest(`Failed to update global view settings: view ${view} does not exist`);
    return { written: await m.write(grant, [this.change((s) => ({ ...s, views: view ? { ...s.views, defaultView: view } : {} }))]) };
  }

  async setDocColumnPropagation(enabled: boolean | null | undefined, actor: string): Promise<Written> {
    const grant = await this.managed.authorize(actor, MANAGE_FEATURES);
    const change = this.change((s) => {
      const current = s.docPropagation ?? { enabled: true };
      return { ...s, docPropagation: enabled != null ? { ...current, columnPropagationEnabled: enabled } : current };
    });
    return { written: await this.managed.write(grant, [change]) };
  }

  async setApplicationsEnabled(enabled: boolean | null | undefined, actor: string): Promise<Written> {
    const grant = await this.managed.authorize(actor, MANAGE_FEATURES);
    const change = this.change((s) => {
      const current = s.applications ?? { enabled: false };
      return { ...s, applications: enabled != null ? { ...current, enabled } : current };
    });
    return { written: await this.managed.write(grant, [change]) };
  }
}
