/**
 * Assigning DataHub roles to users and groups (GraphQL batchAssignRole, acceptRole). An actor holds at
 * most one role, in its `roleMembership`; the policies naming the role grant its privileges from the
 * next request on, on every replica (assigning one bumps the access generation: accessGeneration.ts).
 */
import { badRequest } from '../../errors.js';
import { buildProposal } from '../../write/proposals.js';
import { tryParseUrn } from '../../urn.js';
import type { Authorizer, Grant } from '../../auth/authorizer.js';
import type { Registry } from '../../registry/registry.js';
import type { WritePath } from '../../write/writePath.js';
import type { EntityService } from '../entities/entities.js';
import type { NativeUsers } from './nativeUsers.js';
import { onPlatform } from '../../auth/requirements.js';

/** DataHub's text when someone without MANAGE_POLICIES assigns roles. */
export const ASSIGN_ROLES_REFUSED =
  'Unauthorized to assign roles. Please contact your DataHub administrator if this needs corrective action.';

export class RoleService {
  constructor(
    private readonly services: {
      authorizer: Authorizer;
      entities: EntityService;
      nativeUsers: NativeUsers;
      registry: Registry;
      writePath: WritePath;
    },
  ) {}

  /** Gives every actor `roleUrn` (null: no role). Actors that do not exist are skipped, as DataHub does. */
  async batchAssign(caller: string, roleUrn: string | null, actors: readonly string[]): Promise<void> {
    const grant = await this.services.authorizer.require(caller, [onPlatform('MANAGE_POLICIES')], () => ASSIGN_ROLES_REFUSED);
    await this.assign(caller, grant, roleUrn, actors);
  }

  /** The caller takes the role an invite token carries. */
  async accept(caller: string, inviteToken: string): Promise<void> {
    const role = await this.services.nativeUsers.inviteRole(inviteToken);
    if (role === null) throw badRequest('Failed to accept role: the invite token is invalid');
    // The token is the permission: whoever holds a valid one takes its role.
    const grant = await this.services.authorizer.require(caller, []);
    await this.assign(caller, grant, role ?? null, [caller]);
  }

  private async assign(caller: string, grant: Grant, roleUrn: string | null, actors: readonly string[]): Promise<void> {
    const { entities, registry, writePath } = this.services;
    if (roleUrn !== null && (tryParseUrn(roleUrn)?.entityType !== 'dataHubRole' || !(await entities.exists(roleUrn, true)))) {
      throw badRequest(`Role ${roleUrn} does not exist. Skipping batch role assignment`);
    }
    for (const actor of actors) {
      if (!registry.entities.get(tryParseUrn(actor)?.entityType ?? '')?.lists.roleHolder)
        throw badRequest(`Failed to assign role ${roleUrn} to actor ${actor}: only users and groups hold roles`);
    }
    const existing = [];
    for (const actor of new Set(actors)) if (await entities.exists(actor, true)) existing.push(actor);
    const roles = roleUrn === null ? [] : [roleUrn];
    await writePath.apply(
      existing.map((actor) => buildProposal(registry, actor, 'roleMembership', 'UPSERT', { roles })),
      { actor: caller, grant },
    );
  }
}
