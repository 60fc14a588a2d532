/**
 * Whether a user may act: offboarding ends a person's sign-ins and tokens from the next request, on
 * every replica. A user is inactive when suspended (`corpUserStatus`), soft-deleted (`status`), or,
 * for a session, gone altogether: a session says someone signed in as a user who existed, while a
 * personal token may act for a user the catalog holds nothing of (automation often names one only).
 *
 * The answer is kept per access generation (accessCache.ts), which suspending, removing or deleting
 * a user bumps (accessGeneration.ts). Creating one bumps nothing, so "no such user" is read again
 * each time a session asks.
 */
import type { Store } from '../store/types.js';
import { unauthorized } from '../service/errors.js';
import type { AccessCache } from './accessCache.js';

export type Inactivity = 'suspended' | 'removed' | 'absent';

const KEY_ASPECT = 'corpUserKey';
const READ = [KEY_ASPECT, 'status', 'corpUserStatus'];

export class ActiveUsers {
  constructor(
    private readonly store: Store,
    private readonly access: AccessCache,
  ) {}

  /** Why the user may not act now; undefined when they may. `absent` is reported only when `mustExist`. */
  async inactivity(userUrn: string, mustExist: boolean): Promise<Inactivity | undefined> {
    const view = await this.access.current();
    const key = `user-status ${userUrn}`;
    let loaded = false;
    const load = () => {
      loaded = true;
      return this.read(userUrn);
    };
    let state = await view.remember(key, load);
    if (state === 'absent' && mustExist && !loaded) {
      view.forget(key);
      state = await view.remember(key, load);
    }
    return state === 'absent' && !mustExist ? undefined : state;
  }

  /** A 401 saying why, when the user may not act. */
  async requireActive(userUrn: string, mustExist: boolean): Promise<void> {
    const why = await this.inactivity(userUrn, mustExist);
    if (why === 'suspended') throw unauthorized(`User ${userUrn} is suspended: an administrator must reactivate it before it can act`);
    if (why === 'removed') throw unauthorized(`User ${userUrn} has been removed`);
    if (why) throw unauthorized(`User ${userUrn} does not exist here: it was removed, or never created`);
  }

  private async read(userUrn: string): Promise<Inactivity | undefined> {
    const rows = (await this.store.getLatestAspects([userUrn], READ)).get(userUrn) ?? [];
    const value = (aspect: string) => rows.find((r) => r.aspect === aspect)?.value;
    if (rows.length === 0) return 'absent';
    if (value('status')?.removed === true) return 'removed';
    if (value('corpUserStatus')?.status === 'SUSPENDED') return 'suspended';
    return undefined;
  }
}
