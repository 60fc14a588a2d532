/**
 * Privilege checks against the access policies in the store. The policies and each actor's groups
 * and roles are kept for as long as the access generation stays the same (accessCache.ts): a policy
 * change, a new group member or a new role counts from the next request, on every replica. Facts
 * about the entity checked (its owners and domains) are loaded by each check, once, and only when a
 * policy needs them.
 */
import { SYSTEM_ACTOR } from '../actors.js';
import { forbidden } from '../errors.js';
import { aspectValue } from '../registry/aspectValues.js';
import type { AspectRow, Store } from '../store/types.js';
import { AccessCache, type AccessView } from './accessCache.js';
import { policyGrants, policyMayGrant, type Facts, type Owner, type PolicyInfo } from './policy.js';
import { isWritePrivilege, PLATFORM_PRIVILEGES, RESOURCE_PRIVILEGES } from './privileges.js';
import { describeRequirement, readRequirements, type Requirement } from './requirements.js';

/** DataHub's text for a refused operation, which GraphQL clients show as is. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized to perform this action. Please contact your DataHub administrator.';

/** DataHub's text of a refusal followed by who lacks what. */
export const refusal =
  (text: string, actor: string) =>
  (unmet: Requirement): string =>
    `${text} ${actor} needs ${describeRequirement(unmet)}.`;

/** DataHub's text followed by who lacks what: the refusal REST clients get, where no exact text is expected. */
export const explained = (actor: string) => refusal(UNAUTHORIZED_MESSAGE, actor);

/** DataHub's REST texts for reads refused (its EntityResource, EntityV2Resource and AspectResource). */
export const READ_REFUSED = {
  search: 'User is unauthorized to search.',
  entity: (urn: string) => `User is unauthorized to get entity ${urn}`,
  entities: (urns: readonly string[]) => `User is unauthorized to get entities [${urns.join(', ')}]`,
  aspect: (urn: string) => `User is unauthorized to get aspect for ${urn}`,
  counts: 'User is unauthorized to get entity counts.',
};

declare const granted: unique symbol;

/**
 * Proof that an actor passed a check. The write path accepts it in place of checking each proposal
 * itself, for operations whose rule is not the per-aspect one (creating a tag needs CREATE_TAGS,
 * not EDIT_ENTITY on the new tag). Only `Authorizer.require` makes one.
 */
export interface Grant {
  readonly actor: string;
  readonly [granted]: true;
}

export interface PolicyEntry {
  urn: string;
  info: PolicyInfo & Record<string, unknown>;
}

const POLICY_ASPECT = 'dataHubPolicyInfo';
const MAX_POLICIES = 100_000;
const MAX_GROUPS = 10_000;

/** The policies of one generation: in urn order, and the active ones by the privileges they name. */
interface Policies {
  all: readonly PolicyEntry[];
  naming: ReadonlyMap<string, readonly PolicyInfo[]>;
}

export class Authorizer {
  constructor(
    private readonly store: Store,
    /** What checks load, kept per access generation; token verification keeps its lookups there too. */
    readonly access: AccessCache = new AccessCache(store),
  ) {}

  /** Every access policy, in urn order. Shared between checks: never to be changed. */
  async policies(): Promise<readonly PolicyEntry[]> {
    return (await this.policiesOf(await this.access.current())).all;
  }

  private policiesOf(view: AccessView): Promise<Policies> {
    return view.remember('policies', async () => {
      const urns = await this.store.listUrns({ aspect: POLICY_ASPECT, start: 0, limit: MAX_POLICIES });
      const rows = await this.store.getLatestAspects(urns, [POLICY_ASPECT]);
      const all = urns.flatMap((urn) => (rows.get(urn) ?? []).map((r) => deepFreeze({ urn, info: r.value as PolicyEntry['info'] })));
      const naming = new Map<string, PolicyInfo[]>();
      for (const { info } of all) {
        if (info.state !== 'ACTIVE') continue;
        for (const privilege of new Set(info.privileges)) {
          const some = naming.get(privilege);
          if (some) some.push(info);
          else naming.set(privilege, [info]);
        }
      }
      return { all, naming };
    });
  }

  /** A check of one actor, on the current generation's policies and memberships. */
  private async check(actor: string): Promise<Check> {
    const view = await this.access.current();
    return new Check(this.store, view, actor, await this.policiesOf(view));
  }

  /** The first requirement the actor does not meet, or undefined when all are met. */
  async unmet(actor: string, requirements: readonly Requirement[]): Promise<Requirement | undefined> {
    if (actor === SYSTEM_ACTOR || requirements.length === 0) return undefined;
    const check = await this.check(actor);
    for (const r of requirements) if (!(await check.meets(r))) return r;
    return undefined;
  }

  /** Succeeds with a grant when every requirement is met; otherwise a 403 with `message` (DataHub's text by default). */
  async require(actor: string, requirements: readonly Requirement[], message?: (unmet: Requirement) => string): Promise<Grant> {
    const missing = await this.unmet(actor, requirements);
    if (missing) throw forbidden(message ? message(missing) : UNAUTHORIZED_MESSAGE);
    return { actor } as Grant;
  }

  /**
   * The entity types among `types` the actor may see: those anyone may read, and those whose read
   * privilege (registry `readPrivilege`) the actor holds.
   */
  async visibleTypes<T extends { readPrivilege?: string }>(actor: string, types: readonly T[]): Promise<T[]> {
    if (actor === SYSTEM_ACTOR || types.every((t) => !t.readPrivilege)) return [...types];
    const check = await this.check(actor);
    const out: T[] = [];
    for (const t of types) if (!t.readPrivilege || (await check.holds(t.readPrivilege, undefined))) out.push(t);
    return out;
  }

  /**
   * Succeeds when the actor may see entities of every one of `types` (or aspects: anything with a
   * `readPrivilege`); otherwise a 403 with DataHub's `text` for the read, then what is missing, or
   * DataHub's GraphQL text when no `text` is given.
   */
  async requireReadable(actor: string, types: ReadonlyArray<{ readPrivilege?: string }>, text?: string): Promise<void> {
    await this.require(actor, readRequirements(types), text === undefined ? undefined : refusal(text, actor));
  }

  /**
   * Whether any policy could let the actor write something. Answered per access generation, before
   * a request's body is read: one who can write nothing is not sent a large body's worth of work.
   */
  async mayWrite(actor: string): Promise<boolean> {
    if (actor === SYSTEM_ACTOR) return true;
    const view = await this.access.current();
    return view.remember(`may-write ${actor}`, async () => {
      const check = new Check(this.store, view, actor, await this.policiesOf(view));
      for (const [privilege, policies] of check.policies.naming) {
        if (!isWritePrivilege(privilege)) continue;
        for (const info of policies) if (await policyMayGrant(info, privilege, actor, check)) return true;
      }
      return false;
    });
  }

  /** Every privilege the actor holds: on the platform, or on `resource`. */
  async privileges(actor: string, resource?: string): Promise<string[]> {
    const all = resource === undefined ? PLATFORM_PRIVILEGES : RESOURCE_PRIVILEGES;
    if (actor === SYSTEM_ACTOR) return [...all];
    const check = await this.check(actor);
    const named = new Set(check.policies.all.flatMap((p) => p.info.privileges));
    const out: string[] = [];
    for (const privilege of [...all, ...[...named].filter((p) => !(all as readonly string[]).includes(p))]) {
      if (await check.holds(privilege, resource)) out.push(privilege);
    }
    return out;
  }
}

/**
 * One check of one actor: the actor's groups and roles come from the generation's view, loaded
 * once per generation; facts about entities are loaded at most once per check.
 */
class Check implements Facts {
  private readonly resources = new Map<string, Promise<Map<string, Record<string, unknown>>>>();

  constructor(
    private readonly store: Store,
    private readonly view: AccessView,
    private readonly actor: string,
    readonly policies: Policies,
  ) {}

  async meets(r: Requirement): Promise<boolean> {
    if (r.self !== undefined && r.self === this.actor) return true;
    for (const p of r.privileges) if (await this.holds(p, r.resource)) return true;
    for (const p of r.platform ?? []) if (await this.holds(p, undefined)) return true;
    return false;
  }

  async holds(privilege: string, resource: string | undefined): Promise<boolean> {
    for (const info of this.policies.naming.get(privilege) ?? []) {
      if (await policyGrants(info, privilege, this.actor, resource, this)) return true;
    }
    return false;
  }

  groups(): Promise<ReadonlySet<string>> {
    return this.view.remember(`groups ${this.actor}`, async () => {
      const [aspects, edges] = await Promise.all([
        this.memberships(),
        this.store.related({ urn: this.actor, types: ['IsPartOf'], direction: 'INCOMING', start: 0, count: MAX_GROUPS }),
      ]);
      return new Set<string>([
        ...(aspectValue('groupMembership', aspects.get('groupMembership'))?.groups ?? []),
        ...(aspectValue('nativeGroupMembership', aspects.get('nativeGroupMembership'))?.nativeGroups ?? []),
        ...edges.edges.map((e) => e.source).filter((s) => s.startsWith('urn:li:corpGroup:')),
      ]);
    });
  }

  /** The actor's roles: its own, and those of the groups it belongs to (as DataHub resolves them). */
  roles(): Promise<ReadonlySet<string>> {
    return this.view.remember(`roles ${this.actor}`, async () => {
      const [own, groups] = await Promise.all([this.memberships(), this.groups()]);
      const rows = groups.size > 0 ? await this.store.getLatestAspects([...groups], ['roleMembership']) : new Map();
      const ofGroups = [...rows.values()].flat().flatMap((r: AspectRow) => aspectValue('roleMembership', r.value).roles ?? []);
      return new Set([...(aspectValue('roleMembership', own.get('roleMembership'))?.roles ?? []), ...ofGroups]);
    });
  }

  async owners(resource: string): Promise<readonly Owner[]> {
    const owners = aspectValue('ownership', (await this.aspectsOf(resource)).get('ownership'))?.owners ?? [];
    // An entry naming no owner (the schema requires one) can match no actor.
    return owners.flatMap((o) =>
      typeof o.owner === 'string'
        ? [{ owner: o.owner, typeUrn: o.typeUrn ?? `urn:li:ownershipType:__system__${(o.type ?? 'NONE').toLowerCase()}` }]
        : [],
    );
  }

  async domains(resource: string): Promise<readonly string[]> {
    return aspectValue('domains', (await this.aspectsOf(resource)).get('domains'))?.domains ?? [];
  }

  /** The actor's membership aspects, by name (listed in accessGeneration.ts, so kept per generation). */
  private memberships(): Promise<Map<string, Record<string, unknown>>> {
    return this.view.remember(`memberships ${this.actor}`, () =>
      aspectsByName(this.store, this.actor, ['groupMembership', 'nativeGroupMembership', 'roleMembership']),
    );
  }

  /** The aspects policies read of the entity checked, by name. */
  private aspectsOf(urn: string): Promise<Map<string, Record<string, unknown>>> {
    let entry = this.resources.get(urn);
    if (!entry) {
      entry = aspectsByName(this.store, urn, ['ownership', 'domains']);
      this.resources.set(urn, entry);
    }
    return entry;
  }
}

async function aspectsByName(store: Store, urn: string, aspects: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const rows = await store.getLatestAspects([urn], aspects);
  return new Map((rows.get(urn) ?? []).map((r) => [r.aspect, r.value]));
}

/** A value shared by every check of a generation is frozen, so no caller can change it for the others. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
