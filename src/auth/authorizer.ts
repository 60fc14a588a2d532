/**
 * Privilege checks against the access policies in the store. Nothing is cached between checks:
 * a policy change, a new group member or a new owner counts from the next request, on every replica.
 * Within one check, policies and facts are loaded once and only when a policy needs them.
 */
import { SYSTEM_ACTOR } from '../actors.js';
import { forbidden } from '../service/errors.js';
import type { Store } from '../store/types.js';
import { policyGrants, type Facts, type Owner, type PolicyInfo } from './policy.js';
import { PLATFORM_PRIVILEGES, RESOURCE_PRIVILEGES } from './privileges.js';
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

export class Authorizer {
  constructor(private readonly store: Store) {}

  /** Every access policy, in urn order. */
  async policies(): Promise<PolicyEntry[]> {
    const urns = await this.store.listUrns({ aspect: POLICY_ASPECT, start: 0, limit: MAX_POLICIES });
    const rows = await this.store.getLatestAspects(urns, [POLICY_ASPECT]);
    return urns.flatMap((urn) => (rows.get(urn) ?? []).map((r) => ({ urn, info: r.value as PolicyEntry['info'] })));
  }

  /** The first requirement the actor does not meet, or undefined when all are met. */
  async unmet(actor: string, requirements: readonly Requirement[]): Promise<Requirement | undefined> {
    if (actor === SYSTEM_ACTOR || requirements.length === 0) return undefined;
    const check = new Check(this.store, actor, this.policies());
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
    const check = new Check(this.store, actor, this.policies());
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

  /** Every privilege the actor holds: on the platform, or on `resource`. */
  async privileges(actor: string, resource?: string): Promise<string[]> {
    const all = resource === undefined ? PLATFORM_PRIVILEGES : RESOURCE_PRIVILEGES;
    if (actor === SYSTEM_ACTOR) return [...all];
    const check = new Check(this.store, actor, this.policies());
    const policies = await check.policies;
    const named = new Set(policies.flatMap((p) => p.info.privileges));
    const out: string[] = [];
    for (const privilege of [...all, ...[...named].filter((p) => !(all as readonly string[]).includes(p))]) {
      if (await check.holds(privilege, resource)) out.push(privilege);
    }
    return out;
  }
}

/** One check of one actor: policies and facts loaded at most once. */
class Check implements Facts {
  private groupSet?: Promise<ReadonlySet<string>>;
  private roleSet?: Promise<ReadonlySet<string>>;
  private readonly resources = new Map<string, Promise<Map<string, Record<string, any>>>>();

  constructor(
    private readonly store: Store,
    private readonly actor: string,
    readonly policies: Promise<PolicyEntry[]>,
  ) {}

  async meets(r: Requirement): Promise<boolean> {
    if (r.self !== undefined && r.self === this.actor) return true;
    for (const p of r.privileges) if (await this.holds(p, r.resource)) return true;
    for (const p of r.platform ?? []) if (await this.holds(p, undefined)) return true;
    return false;
  }

  async holds(privilege: string, resource: string | undefined): Promise<boolean> {
    for (const { info } of await this.policies) {
      if (await policyGrants(info, privilege, this.actor, resource, this)) return true;
    }
    return false;
  }

  groups(): Promise<ReadonlySet<string>> {
    this.groupSet ??= (async () => {
      const [aspects, edges] = await Promise.all([
        this.aspectsOf(this.actor),
        this.store.related({ urn: this.actor, types: ['IsPartOf'], direction: 'INCOMING', start: 0, count: MAX_GROUPS }),
      ]);
      return new Set<string>([
        ...((aspects.get('groupMembership')?.groups as string[] | undefined) ?? []),
        ...((aspects.get('nativeGroupMembership')?.nativeGroups as string[] | undefined) ?? []),
        ...edges.edges.map((e) => e.source).filter((s) => s.startsWith('urn:li:corpGroup:')),
      ]);
    })();
    return this.groupSet;
  }

  /** The actor's roles: its own, and those of the groups it belongs to (as DataHub resolves them). */
  roles(): Promise<ReadonlySet<string>> {
    this.roleSet ??= (async () => {
      const [own, groups] = await Promise.all([this.aspectsOf(this.actor), this.groups()]);
      const rows = groups.size > 0 ? await this.store.getLatestAspects([...groups], ['roleMembership']) : new Map();
      const ofGroups = [...rows.values()].flat().flatMap((r) => (r.value.roles as string[] | undefined) ?? []);
      return new Set([...((own.get('roleMembership')?.roles as string[] | undefined) ?? []), ...ofGroups]);
    })();
    return this.roleSet;
  }

  async owners(resource: string): Promise<readonly Owner[]> {
    const owners = ((await this.aspectsOf(resource)).get('ownership')?.owners as Array<Record<string, string>> | undefined) ?? [];
    // An entry naming no owner (the schema requires one) can match no actor.
    return owners.flatMap((o) =>
      typeof o.owner === 'string'
        ? [{ owner: o.owner, typeUrn: o.typeUrn ?? `urn:li:ownershipType:__system__${(o.type ?? 'NONE').toLowerCase()}` }]
        : [],
    );
  }

  async domains(resource: string): Promise<readonly string[]> {
    return ((await this.aspectsOf(resource)).get('domains')?.domains as string[] | undefined) ?? [];
  }

  /** The aspects policies read of one entity, by name. */
  private aspectsOf(urn: string): Promise<Map<string, Record<string, any>>> {
    let entry = this.resources.get(urn);
    if (!entry) {
      entry = this.store
        .getLatestAspects([urn], ['groupMembership', 'nativeGroupMembership', 'roleMembership', 'ownership', 'domains'])
        .then((rows) => new Map((rows.get(urn) ?? []).map((r) => [r.aspect, r.value])));
      this.resources.set(urn, entry);
    }
    return entry;
  }
}
