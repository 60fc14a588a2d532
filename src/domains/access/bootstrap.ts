/**
 * What exists from the first start: the admin user `urn:li:corpuser:datahub`, the policies that give
 * it every privilege, and DataHub's base policies for all users. Each is written only when absent,
 * so an administrator's later edits of the editable ones survive restarts. On request, the first
 * start also mints one admin token, exactly once across all replicas sharing the database.
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_ACTOR, SYSTEM_ACTOR } from '../../actors.js';
import { jsonEqual } from '../../json.js';
import { buildProposal, type Proposal } from '../../write/proposals.js';
import type { Services } from '../services.js';
import { PLATFORM_PRIVILEGES, RESOURCE_PRIVILEGES } from '../../auth/privileges.js';
import type { PolicyInfo } from '../../auth/policy.js';

export type BootPolicy = PolicyInfo & { displayName: string; description: string; editable: boolean };

const justAdmin = { users: [ADMIN_ACTOR], resourceOwners: false, allUsers: false, allGroups: false };
const everyone = { users: [], resourceOwners: false, allUsers: true, allGroups: false };

/** DataHub's boot policies, by urn (the root user's two, and the base ones for all users). */
const BOOT_POLICIES: Record<string, BootPolicy> = {
  'urn:li:dataHubPolicy:0': {
    displayName: 'Root User - All Platform Privileges',
    description: 'Grants all platform privileges to root user.',
    type: 'PLATFORM',
    state: 'ACTIVE',
    privileges: [...PLATFORM_PRIVILEGES],
    actors: justAdmin,
    editable: false,
  },
  'urn:li:dataHubPolicy:1': {
    displayName: 'Root User - Edit and View All Resources',
    description: 'Grants all edit and view privileges for all resources to root user.',
    type: 'METADATA',
    state: 'ACTIVE',
    privileges: [...RESOURCE_PRIVILEGES],
    actors: justAdmin,
    editable: false,
  },
  'urn:li:dataHubPolicy:7': {
    displayName: 'All Users - Base Platform Privileges',
    description: 'Grants base platform privileges to ALL users of DataHub. Change this policy to alter that behavior.',
    type: 'PLATFORM',
    state: 'ACTIVE',
    privileges: ['VIEW_ANALYTICS', 'GENERATE_PERSONAL_ACCESS_TOKENS'],
    actors: everyone,
    editable: true,
  },
  'urn:li:dataHubPolicy:view-entity-page-all': {
    displayName: 'All Users - View Entity Page',
    description: 'Grants entity view to all users',
    type: 'METADATA',
    state: 'ACTIVE',
    privileges: ['VIEW_ENTITY_PAGE', 'VIEW_DATASET_USAGE', 'VIEW_DATASET_PROFILE'],
    actors: everyone,
    editable: true,
  },
};

const ADMIN_INFO = { active: true, displayName: 'DataHub', title: 'DataHub Root User' };
const ADMIN_TOKEN_SETTING = 'bootstrap-admin-token';

/**
 * Writes the admin user and the boot policies that are missing. The policies nobody may edit follow
 * this build: a privilege added since a catalog was created reaches its root user at the next start.
 */
export async function bootstrapAccess(services: Services): Promise<void> {
  const { registry, entities, writePath } = services;
  const missing: Proposal[] = [];
  const absent = async (urn: string) => !(await entities.exists(urn, true));
  if (await absent(ADMIN_ACTOR)) missing.push(buildProposal(registry, ADMIN_ACTOR, 'corpUserInfo', 'UPSERT', ADMIN_INFO));
  missing.push(...(await bootPolicyProposals(services, BOOT_POLICIES)));
  await writePath.apply(missing, { actor: SYSTEM_ACTOR });
}

/**
 * The writes that bring built-in policies in place: those missing, and those nobody may edit whose
 * stored value differs from this build's.
 */
export async function bootPolicyProposals(services: Services, policies: Record<string, BootPolicy>): Promise<Proposal[]> {
  const { registry, store } = services;
  const out: Proposal[] = [];
  for (const [urn, info] of Object.entries(policies)) {
    const proposal = buildProposal(registry, urn, 'dataHubPolicyInfo', 'UPSERT', info);
    const stored = await store.getAspect(urn, 'dataHubPolicyInfo', 0);
    if (!stored || (!info.editable && !jsonEqual(stored.value, proposal.value))) out.push(proposal);
  }
  return out;
}

/**
 * On the first start of a catalog, mints one admin token to show the person starting it (it is
 * never stored). The first process to record its marker mints it; every later start, here or on
 * another replica, finds another marker and mints nothing.
 */
export async function mintFirstAdminToken(services: Services): Promise<string | undefined> {
  const marker = randomUUID();
  if ((await services.store.ensureSetting(ADMIN_TOKEN_SETTING, marker)) !== marker) return undefined;
  const { accessToken } = await services.tokens.mint({
    actorUrn: ADMIN_ACTOR,
    duration: 'NO_EXPIRY',
    name: 'Bootstrap admin token',
    description: 'Minted at the first start of the catalog',
  });
  return accessToken;
}
