/**
 * Whether a user may act: offboarding ends a person's sign-ins and tokens from the next request, on
 * every replica. A user is inactive when suspended (`corpUserStatus`), soft-deleted (`status`), or,
 * for a session, gone altogether: a session says someone signed in as a user who existed, while a
 * personal token may act for a user the catalog holds nothing of (automation often names one only).
 *
 * A session also belongs to one holder of the user's name and password: `holder` says which, from
 * when the user's key was written (a user removed and signed up again is a new holder) and from the
 * password it holds (a reset gives a new one). tokens.ts puts a keyed hash of it in each session and
 * refuses a session minted for another holder: removing a user, or resetting a password, ends the
 * sessions begun before.
 *
 * The answer is kept per access generation (accessCache.ts), which suspending, removing or deleting
 * a user, or changing a password, bumps (accessGeneration.ts). Creating one bumps nothing, so "no
 * such user" is read again each time a session asks.
 */
import type { Store } from '../store/types.js';
import { unauthorized } from '../errors.js';
import type { AccessCache } from './accessCache.js';

export type Inactivity = 'suspended' | 'removed' | 'absent';

const KEY_ASPECT = 'corpUserKey';
const CREDENTIALS = 'corpUserCredentials';
const READ = [KEY_ASPECT, 'status', 'corpUserStatus', CREDENTIALS];

/** What was read of a user for one generation. */
interface UserState {
  inactivity: Inactivity | undefined;
  /** Which holder of the name and password the user is now (see above); none for a user that is absent. */
  holder: string | undefined;
}

export class ActiveUsers {
  constructor(
    private readonly store: Store,
    private readonly access: AccessCache,
  ) {}

  /** Why the user may not act now; undefined when they may. `absent` is reported only when `mustExist`. */
  async inactivity(userUrn: string, mustExist: boolean): Promise<Inactivity | undefined> {
    const state = (await this.state(userUrn, mustExist)).inactivity;
    return state === 'absent' && !mustExist ? undefined : state;
  }

  /** Which holder of the user's name and password signs in now (undefined: there is no such user). */
  async holder(userUrn: string): Promise<string | undefined> {
    return (await this.state(userUrn, true)).holder;
  }

  private async state(userUrn: string, mustExist: boolean): Promise<UserState> {
    const view = await this.access.current();
    const key = `user-status ${userUrn}`;
    let loaded = false;
    const load = () => {
      loaded = true;
      return this.read(userUrn);
    };
    let state = await view.remember(key, load);
    if (state.inactivity === 'absent' && mustExist && !loaded) {
      view.forget(key);
      state = await view.remember(key, load);
    }
    return state;
  }

  /** A 401 saying why, when the user may not act. */
  async requireActive(userUrn: string, mustExist: boolean): Promise<void> {
    const why = await this.inactivity(userUrn, mustExist);
    if (why === 'suspended')
      throw unauthorized(`User ${userUrn} is suspended: an administrator must reactivate it before it can act`, 'inactive');
    if (why === 'removed') throw unauthorized(`User ${userUrn} has been removed`, 'inactive');
    if (why) throw unauthorized(`User ${userUrn} does not exist here: it was removed, or never created`, 'inactive');
  }

  private async read(userUrn: string): Promise<UserState> {
    const rows = (await this.store.getLatestAspects([userUrn], READ)).get(userUrn) ?? [];
    const row = (aspect: string) => rows.find((r) => r.aspect === aspect);
    if (rows.length === 0) return { inactivity: 'absent', holder: undefined };
    const credentials = row(CREDENTIALS)?.value;
    const holder = JSON.stringify([row(KEY_ASPECT)?.createdOn ?? null, credentials?.salt ?? null, credentials?.hashedPassword ?? null]);
    if (row('status')?.value.removed === true) return { inactivity: 'removed', holder };
    if (row('corpUserStatus')?.value.status === 'SUSPENDED') return { inactivity: 'suspended', holder };
    return { inactivity: undefined, holder };
  }
}
