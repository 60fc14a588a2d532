/**
 * Managing users and groups as DataHub's settings pages do: removing them, suspending users, and
 * adding and removing the members of a group. Membership the app manages is "native": it lives in
 * each user's `nativeGroupMembership`. A group with no origin yet is made native on its first change,
 * its ingested members (`groupMembership`) moved over, as DataHub's GroupService does; a group
 * ingested from an external provider keeps the members its provider gives it. Each change is checked
 * whole before anything is written, then written through the write path in one batch.
 */
import { onPlatform, toEdit } from '../auth/requirements.js';
import type { Grant } from '../auth/authorizer.js';
import { tryParseUrn } from '../urn.js';
import { badRequest, notFound } from './errors.js';
import { deleteEntityProposal, editProposal, type Proposal } from './proposals.js';
import type { Services } from './services.js';

const MANAGE_USERS_AND_GROUPS = onPlatform('MANAGE_USERS_AND_GROUPS');
/** How many ingested members a group's first native change moves over (DataHub's GroupService reads this many). */
const MIGRATED_MEMBERS = 500;

export type UserStatus = 'ACTIVE' | 'SUSPENDED';

type Json = Record<string, any>;

export class PeopleService {
  constructor(private readonly services: Services) {}

  /**
   * Removes a user for good: its sessions end with it (activeUsers.ts), and its personal tokens are
   * revoked, since a token may act for a user the catalog no longer holds.
   */
  async removeUser(actor: string, urn: string): Promise<void> {
    await this.remove(actor, urn, 'corpuser', 'user');
    await this.services.tokens.revokeAllOf(urn);
  }

  async removeGroup(actor: string, urn: string): Promise<void> {
    await this.remove(actor, urn, 'corpGroup', 'group');
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

  /** Hard-deletes a user or group, then takes it out of every aspect that refers to it (memberships, ownership…). */
  private async remove(actor: string, urn: string, entityType: string, label: string): Promise<void> {
    const grant = await this.services.authorizer.require(actor, [MANAGE_USERS_AND_GROUPS]);
    await this.requireEntity(urn, entityType, `Failed to perform delete against ${label} with urn ${urn}. It does not exist.`);
    await this.apply([deleteEntityProposal(this.services.registry, urn)], actor, grant);
    await this.services.deletes.deleteReferences(urn, false, actor, grant);
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
    const origin = (await store.getAspect(groupUrn, 'origin', 0))?.value as Json | undefined;
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
          groups: ((current?.groups as string[] | undefined) ?? []).filter((g) => g !== groupUrn),
        })),
      ),
    ];
    return { proposals, migrated };
  }

  /** A change of a user's native groups, made on the latest value inside the write. */
  private nativeMembership(user: string, change: (groups: string[]) => string[]): Proposal {
    return editProposal(this.services.registry, user, 'nativeGroupMembership', (current) => ({
      ...current,
      nativeGroups: change((current?.nativeGroups as string[] | undefined) ?? []),
    }));
  }

  private async apply(proposals: Proposal[], actor: string, grant: Grant): Promise<void> {
    await this.services.writePath.apply(proposals, { actor, grant });
  }
}
