/**
 * Whether an access policy grants a privilege to an actor, on the platform or on one entity:
 * DataHub's policy semantics as pure functions. Facts about the actor (groups, roles) and the entity
 * (owners, domains) are asked for only when a policy needs them, since most checks never do.
 */
import type { AspectValue } from '../registry/aspectValues.js';

/** The parts of a policy (its `dataHubPolicyInfo`) that decide what it grants. */
export type PolicyInfo = Pick<AspectValue<'dataHubPolicyInfo'>, 'type' | 'state' | 'privileges' | 'actors' | 'resources'>;

export interface Owner {
  owner: string;
  /** The ownership type urn (a legacy type is mapped to its system type urn). */
  typeUrn: string;
}

/** What a policy may need to know, loaded on demand. */
export interface Facts {
  /** Groups the actor belongs to. */
  groups(): Promise<ReadonlySet<string>>;
  /** Roles of the actor. */
  roles(): Promise<ReadonlySet<string>>;
  owners(resource: string): Promise<readonly Owner[]>;
  domains(resource: string): Promise<readonly string[]>;
}

/** Whether `policy` grants `privilege` to `actor`: on the platform (no resource), or on `resource`. */
export async function policyGrants(
  policy: PolicyInfo,
  privilege: string,
  actor: string,
  resource: string | undefined,
  facts: Facts,
): Promise<boolean> {
  if (policy.state !== 'ACTIVE' || !policy.privileges.includes(privilege)) return false;
  // Platform privileges come from PLATFORM policies; privileges on an entity from METADATA ones.
  if ((resource === undefined) !== (policy.type === 'PLATFORM')) return false;
  if (resource !== undefined && !(await resourceMatches(policy, resource, facts))) return false;
  return actorMatches(policy, actor, resource, facts);
}

/**
 * Whether `policy` could grant `privilege` to `actor` on something: the resources it covers are not
 * asked, and a policy for owners counts, since the actor may own an entity.
 */
export async function policyMayGrant(policy: PolicyInfo, privilege: string, actor: string, facts: Facts): Promise<boolean> {
  if (policy.state !== 'ACTIVE' || !policy.privileges.includes(privilege)) return false;
  return policy.actors.resourceOwners === true || actorMatches(policy, actor, undefined, facts);
}

async function actorMatches(policy: PolicyInfo, actor: string, resource: string | undefined, facts: Facts): Promise<boolean> {
  const a = policy.actors;
  if (a.allUsers || a.users?.includes(actor)) return true;
  if (a.allGroups || a.groups?.length) {
    const groups = await facts.groups();
    if (a.allGroups && groups.size > 0) return true;
    if (a.groups?.some((g) => groups.has(g))) return true;
  }
  if (a.roles?.length) {
    const roles = await facts.roles();
    if (a.roles.some((r) => roles.has(r))) return true;
  }
  if (a.resourceOwners && resource !== undefined) {
    const owners = await facts.owners(resource);
    const types = a.resourceOwnersTypes?.length ? new Set(a.resourceOwnersTypes) : undefined;
    const relevant = types ? owners.filter((o) => types.has(o.typeUrn)) : owners;
    if (relevant.some((o) => o.owner === actor)) return true;
    if (relevant.length > 0) {
      const groups = await facts.groups();
      if (relevant.some((o) => groups.has(o.owner))) return true;
    }
  }
  return false;
}

/** The entity type of an urn: the segment after `urn:li:`. */
const entityTypeOf = (urn: string) => urn.split(':', 3)[2] ?? '';

async function resourceMatches(policy: PolicyInfo, resource: string, facts: Facts): Promise<boolean> {
  const r = policy.resources;
  if (!r || r.allResources) return true;
  if (r.type && r.type !== entityTypeOf(resource)) return false;
  if (r.resources?.length && !r.resources.includes(resource)) return false;
  for (const c of r.filter?.criteria ?? []) {
    const actual = await criterionValues(c.field, resource, facts);
    if (actual === undefined || !conditionHolds(c.condition ?? 'EQUALS', c.values, actual)) return false;
  }
  return true;
}

/** The entity's values for a filter field; undefined for a field we cannot judge, which then fails to match. */
async function criterionValues(field: string, resource: string, facts: Facts): Promise<readonly string[] | undefined> {
  switch (field) {
    case 'TYPE':
    case 'RESOURCE_TYPE':
      return [entityTypeOf(resource)];
    case 'URN':
    case 'RESOURCE_URN':
      return [resource];
    case 'DOMAIN':
      return facts.domains(resource);
    default:
      return undefined;
  }
}

function conditionHolds(condition: string, expected: readonly string[], actual: readonly string[]): boolean {
  switch (condition) {
    case 'EQUALS':
      return actual.some((v) => expected.includes(v));
    case 'NOT_EQUALS':
      return !actual.some((v) => expected.includes(v));
    case 'STARTS_WITH':
      return actual.some((v) => expected.some((e) => v.startsWith(e)));
    default:
      return false;
  }
}
