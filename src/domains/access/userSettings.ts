/**
 * A user's own settings (`corpUserSettings`): appearance, default view, personal home page and the
 * announcements they dismissed. Each mutation changes its part of the latest value inside the
 * write, so settings changed at once from two tabs keep each other; people write only their own.
 */
import { badRequest } from '../../errors.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import { editProposal } from '../../write/proposals.js';
import type { WritePath } from '../../write/writePath.js';

type Settings = AspectValue<'corpUserSettings'>;

export type UserSettingName = 'SHOW_SIMPLIFIED_HOMEPAGE' | 'SHOW_THEME_V2';

const APPEARANCE_FIELDS: Record<UserSettingName, keyof Settings['appearance']> = {
  SHOW_SIMPLIFIED_HOMEPAGE: 'showSimplifiedHomepage',
  SHOW_THEME_V2: 'showThemeV2',
};

/** What DataHub starts a user's settings from when the views or home page settings are first written. */
const FIRST_SETTINGS: Settings = { appearance: { showSimplifiedHomepage: false } };

export interface HomePageSettingsInput {
  pageTemplate?: string | null | undefined;
  removePageTemplate?: boolean | null | undefined;
  newDismissedAnnouncements?: ReadonlyArray<string | null | undefined> | null | undefined;
}

export class UserSettingsService {
  constructor(private readonly services: { registry: Registry; writePath: WritePath }) {}

  async setAppearance(user: string, name: UserSettingName, value: boolean): Promise<void> {
    const field = APPEARANCE_FIELDS[name];
    if (!field) throw badRequest(`User Setting name ${name} not currently supported`);
    // DataHub's appearance record requires itself, so a first write starts from an empty one.
    await this.edit(user, { appearance: {} }, (s) => ({ ...s, appearance: { ...s.appearance, [field]: value } }));
  }

  /** Sets (or, with null, clears) the user's default view. */
  async setDefaultView(user: string, defaultView: string | null): Promise<void> {
    await this.edit(user, FIRST_SETTINGS, (s) => {
      const views = { ...s.views };
      if (defaultView === null) delete views.defaultView;
      else views.defaultView = defaultView;
      return { ...s, views };
    });
  }

  async updateHomePage(user: string, input: HomePageSettingsInput): Promise<void> {
    if (input.pageTemplate != null && input.removePageTemplate === true)
      throw badRequest('Invalid inputs: Cannot specify both pageTemplate and removePageTemplate.');
    const dismissed = (input.newDismissedAnnouncements ?? []).filter((u): u is string => u != null);
    await this.edit(user, FIRST_SETTINGS, (s) => {
      const homePage = { ...s.homePage };
      if (input.removePageTemplate === true) delete homePage.pageTemplate;
      else if (input.pageTemplate != null) homePage.pageTemplate = input.pageTemplate;
      if (input.newDismissedAnnouncements != null) {
        const known = homePage.dismissedAnnouncements ?? [];
        homePage.dismissedAnnouncements = [...known, ...dismissed.filter((u, i) => !known.includes(u) && dismissed.indexOf(u) === i)];
      }
      return { ...s, homePage };
    });
  }

  /** The write path checks the aspect's rule: a user may write their own settings. */
  private async edit(user: string, first: Settings, change: (settings: Settings) => Settings): Promise<void> {
    const write = editProposal(this.services.registry, user, 'corpUserSettings', (current) => change(current ?? first));
    await this.services.writePath.apply([write], { actor: user });
  }
}
