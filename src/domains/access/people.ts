/**
 * Managing users and groups as DataHub's settings pages do: removing them, suspending users, and
 * adding and removing the members of a group. Membership the app manages is "native": it lives in
 * each user's `nativeGroupMembership`. A group with no origin yet is made native on its first change,
 * its ingested members (`groupMembership`) moved over, as DataHub's GroupService does; a group
 * ingested from an external provider keeps the members its provider gives it. Each change is checked
 * whole before anything is written, then written through the write path in one batch.
 */
import { onPlatform, toEdit } from '../../auth/requirements.js';
import type { Authorizer, Grant } from '../../auth/authorizer.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import type { WritePath } from '../../write/writePath.js';
import type { DeleteService } from '../entities/deletes.js';
import type { EntityService } from '../entities/entities.js';
import type { SearchService } from '../search/search.js';
import type { TokenService } from './tokens.js';
import { aspectValue } from '../../registry/aspectValues.js';
import { tryParseUrn } from '../../urn.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { deleteEntityProposal, editProposal, type Proposal } from '../../write/proposals.js';
import type { ListRequest, SearchResult } from '../search/search.js';

const MANAGE_USERS_AND_GROUPS = onPlatform('MANAGE_USERS_AND_GROUPS');
/** How many ingested members a group's first native change moves over (DataHub's GroupService reads this many). */
const MIGRATED_MEMBERS = 500;

export type UserStatus = 'ACTIVE' | 'SUSPENDED';

export class PeopleService {
  constructor(
    private readonly services: {
      authorizer: Authorizer;
      deletes: DeleteService;
      entities: EntityService;
      registry: Registry;
      search: SearchService;
      store: Store;
      tokens: TokenService;
      writePath: WritePath;
    },
  ) {}

  /** Users or groups matching a list query: lists of them are for those who manage them, as in DataHub. */
  async list(actor: string, entity: 'corpuser' | 'corpGroup', request: ListRequest): Promise<SearchResult> {
    await this.services.authorizer.require(actor, [MANAGE_USERS_AND_GROUPS]);
    return this.services.search.search({ entities: [entity], ...request }, actor);
  }

  /**
   * Removes a user for good, and with it, in the same write, everything that gave the name access:
   * its personal tokens (a token may act for a user the catalog no longer holds), the policies naming
   * it, and the groups and roles listing it (its own memberships and role go with the entity). So
   * whoever signs up under the name next inherits nothing, and nothing of it is left half done. Its
   * sessions end with it (activeUsers.ts, tokens.ts).
   */
  async removeUser(actor: string, urn: string): Promise<void> {
    const grant = await this.removable(actor, urn, 'corpuser', 'user');
    const { tokens } = this.services;
    await this.apply(
      [...(await this.removal(urn)), ...(await this.policyRemovals(urn)), ...(await tokens.revocationsOf(urn))],
      actor,
      grant,
    );
  }

  async removeGroup(actor: string, urn: string): Promise<void> {
    const grant = await this.removable(actor, urn, 'corpGroup', 'group');
    await this.apply(await this.removal(urn), actor, grant);
  }

  async updateUserStatus(actor: string, urn: string, status: UserStatus): Promise<void> {
    const grant = await this.services.authorizer.require(actor, [MANAGE_USERS_AND_GROUPS]);
    await this.requireEntity(urn, 'corpuser', `Failed to update user status for urn ${urn}. User does not exist.`);
    const write = editProposal(this.services.registry, urn, 'corpUserStatus', (_current, now) => ({
      status,
      lastModified: { time: now, actor },
    }));
    await this.apply([write], actor, grant);
  }

  async addGroupMembers(actor: string, groupUrn: string, userUrns: readonly string[]): Promise<void> {
    const grant = await this.services.authorizer.require(actor, [toEdit(groupUrn, 'EDIT_GROUP_MEMBERS')]);
    await this.requireGroup(groupUrn, `Failed to add members to group ${groupUrn}. Group does not exist.`);
    for (const user of userUrns) {
      if (!(await this.isA(user, 'corpuser'))) throw badRequest(`Failed to add member to group. User ${user} does not exist.`);
    }
    const { proposals, migrated } = await this.nativeGroup(groupUrn, 'added to');
    const joining = [...new Set([...migrated, ...userUrns])];
    proposals.push(...joining.map((user) => this.nativeMembership(user, (groups) => [...groups.filter((g) => g !== groupUrn), groupUrn])));
    await this.apply(proposals, actor, grant);
  }

  async removeGroupMembers(actor: string, groupUrn: string, userUrns: readonly string[]): Promise<void> {
    const grant = await this.services.authorizer.require(actor, [toEdit(groupUrn, 'EDIT_GROUP_MEMBERS')]);
    await this.requireGroup(groupUrn, `Failed to add remove members from group ${groupUrn}. Group does not exist.`);
    for (const user of userUrns) {
      if (tryParseUrn(user)?.entityType !== 'corpuser')
        throw badRequest(`Failed to remove members from group ${groupUrn}: ${user} is not a user urn.`);
    }
    const { proposals, migrated } = await this.nativeGroup(groupUrn, 'removed from');
    const leaving = new Set(userUrns);
    proposals.push(
      ...migrated
        .filter((user) => !leaving.has(user))
        .map((user) => this.nativeMembership(user, (groups) => [...groups.filter((g) => g !== groupUrn), groupUrn])),
    );
    // Users that are gone, or were no members, have nothing to change.
    const rows = await this.services.store.getLatestAspects([...leaving], ['nativeGroupMembership']);
    const members = [...leaving].filter(
      (user) =>
        migrated.includes(user) ||
        (rows.get(user) ?? []).some((r) => ((r.value.nativeGroups as string[] | undefined) ?? []).includes(groupUrn)),
    );
    proposals.push(...members.map((user) => this.nativeMembership(user, (groups) => groups.filter((g) => g !== groupUrn))));
    await this.apply(proposals, actor, grant);
  }

  // --- building blocks -------------------------------------------------------------------

  /** Checks that the actor may remove the user or group, and that it exists. */
  private async removable(actor: string, urn: string, entityType: string, label: string): Promise<Grant> {
    const grant = await this.services.authorizer.require(actor, [MANAGE_USERS_AND_GROUPS]);
    await this.requireEntity(urn, entityType, `Failed to perform delete against ${label} with urn ${urn}. It does not exist.`);
    return grant;
  }

  /** Hard-deleting a user or group, and taking it out of every aspect that refers to it (memberships, ownership…). */
  private async removal(urn: string): Promise<Proposal[]> {
    const { registry, deletes } = this.services;
    return [deleteEntityProposal(registry, urn), ...(await deletes.referenceCleanup(urn)).proposals];
  }

  /**
   * Taking a user out of the policies that name it (their `actors.users`, which no edge records),
   * on each policy as it is inside the write, so a policy edited meanwhile keeps the edit.
   */
  private async policyRemovals(user: string): Promise<Proposal[]> {
    const { authorizer, registry } = this.services;
    const naming = (await authorizer.policies()).filter((p) => p.info.actors.users?.includes(user));
    return naming.map(({ urn }) =>
      editProposal(registry, urn, 'dataHubPolicyInfo', (current) => {
        if (!current) throw conflict(`Policy ${urn} was deleted while ${user} was being removed; try again`);
        const { actors } = current;
        return { ...current, actors: { ...actors, users: (actors.users ?? []).filter((u) => u !== user) } };
      }),
    );
  }

  private async isA(urn: string, entityType: string): Promise<boolean> {
    return tryParseUrn(urn)?.entityType === entityType && (await this.services.entities.exists(urn, true));
  }

  private async requireEntity(urn: string, entityType: string, message: string): Promise<void> {
    if (tryParseUrn(urn)?.entityType !== entityType) throw badRequest(`${urn} is not a ${entityType} urn`);
    if (!(await this.services.entities.exists(urn, true))) throw badRequest(message);
  }

  /** The group must be a group urn (else 400) and exist (else 404, as DataHub answers). */
  private async requireGroup(urn: string, missing: string): Promise<void> {
    if (tryParseUrn(urn)?.entityType !== 'corpGroup') throw badRequest(`${urn} is not a corpGroup urn`);
    if (!(await this.services.entities.exists(urn, true))) throw notFound(missing);
  }

  /**
   * What making the group native takes, when it is not yet: its origin, and its ingested members
   * leaving `groupMembership` (they are `migrated`, to join its native members). An external group is
   * refused: its provider owns its members.
   */
  private async nativeGroup(groupUrn: string, verb: string): Promise<{ proposals: Proposal[]; migrated: string[] }> {
    const { store, registry } = this.services;
    const origin = aspectValue('origin', (await store.getAspect(groupUrn, 'origin', 0))?.value);
    if (origin?.type === 'EXTERNAL')
      throw badRequest(`Group ${groupUrn} was ingested from an external provider and cannot have members manually ${verb} it`);
    if (origin?.type) return { proposals: [], migrated: [] };
    const { edges } = await store.related({
      urn: groupUrn,
      types: ['IsMemberOfGroup'],
      direction: 'INCOMING',
      start: 0,
      count: MIGRATED_MEMBERS,
    });
    const migrated = [...new Set(edges.map((e) => e.source))];
    const proposals = [
      editProposal(registry, groupUrn, 'origin', () => ({ type: 'NATIVE' })),
      ...migrated.map((user) =>
        editProposal(registry, user, 'groupMembership', (current) => ({
          ...current,
          groups: (current?.groups ?? []).filter((g) => g !== groupUrn),
        })),
      ),
    ];
    return { proposals, migrated };
  }

  /** A change of a user's native groups, made on the latest value inside the write. */
  private nativeMembership(user: string, change: (groups: string[]) => string[]): Proposal {
    return editProposal(this.services.registry, user, 'nativeGroupMembership', (current) => ({
      ...current,
      nativeGroups: change(current?.nativeGroups ?? []),
    }));
  }

  private async apply(proposals: Proposal[], actor: string, grant: Grant): Promise<void> {
    await this.services.writePath.apply(proposals, { actor, grant });
  }
}
