/**
 * Access control: policies, access tokens and roles (Pegasus `com.linkedin.policy.*`,
 * `com.linkedin.access.token.*`, `com.linkedin.role.*`).
 */
import { arrayOf, boolean, enumOf, long, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { AuditStamp } from '../schema/common.js';
import { aspect } from './aspect.js';

const P = 'com.linkedin.policy.';

const PolicyMatchCriterion = record(`${P}PolicyMatchCriterion`, {
  field: string,
  values: arrayOf(string),
  condition: withDefault(enumOf(`${P}PolicyMatchCondition`, ['EQUALS', 'STARTS_WITH', 'NOT_EQUALS']), 'EQUALS'),
});

const PolicyMatchFilter = record(`${P}PolicyMatchFilter`, {
  criteria: arrayOf(PolicyMatchCriterion),
});

const DataHubResourceFilter = record(`${P}DataHubResourceFilter`, {
  type: optional(string),
  resources: optional(arrayOf(string)),
  allResources: withDefault(boolean, false),
  filter: optional(PolicyMatchFilter),
  privilegeConstraints: optional(PolicyMatchFilter),
});

const DataHubActorFilter = record(`${P}DataHubActorFilter`, {
  users: optional(arrayOf(urn)),
  groups: optional(arrayOf(urn)),
  resourceOwners: withDefault(boolean, false),
  resourceOwnersTypes: optional(arrayOf(urn)),
  allUsers: withDefault(boolean, false),
  allGroups: withDefault(boolean, false),
  roles: optional(arrayOf(urn)),
});

export const dataHubPolicyInfo = aspect({
  name: 'dataHubPolicyInfo',
  type: record(`${P}DataHubPolicyInfo`, {
    displayName: string,
    description: string,
    type: string,
    state: string,
    resources: optional(DataHubResourceFilter),
    privileges: arrayOf(string),
    actors: DataHubActorFilter,
    editable: withDefault(boolean, true),
    lastUpdatedTimestamp: optional(long),
  }),
  searchable: [
    { path: '/displayName', fieldType: 'TEXT_PARTIAL' },
    { path: '/description', fieldType: 'TEXT' },
    { path: '/type', fieldType: 'KEYWORD' },
    { path: '/state', fieldType: 'KEYWORD' },
    { path: '/privileges/*', fieldName: 'privileges', fieldType: 'KEYWORD', addToFilters: true },
    { path: '/actors/users/*', fieldName: 'users', fieldType: 'URN' },
    { path: '/actors/groups/*', fieldName: 'groups', fieldType: 'URN' },
    { path: '/actors/allUsers', fieldName: 'allUsers', fieldType: 'BOOLEAN' },
    { path: '/actors/allGroups', fieldName: 'allGroups', fieldType: 'BOOLEAN' },
    { path: '/actors/roles/*', fieldName: 'roles', fieldType: 'URN' },
    { path: '/editable', fieldType: 'BOOLEAN' },
    { path: '/lastUpdatedTimestamp', fieldType: 'DATETIME' },
  ],
  relationships: [{ path: '/actors/roles/*', name: 'IsAssociatedWithRole', entityTypes: ['dataHubRole'] }],
});

export const dataHubAccessTokenInfo = aspect({
  name: 'dataHubAccessTokenInfo',
  type: record('com.linkedin.access.token.DataHubAccessTokenInfo', {
    name: string,
    actorUrn: urn,
    ownerUrn: urn,
    createdAt: long,
    expiresAt: optional(long),
    description: optional(string),
  }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL' },
    { path: '/actorUrn', fieldType: 'URN' },
    { path: '/ownerUrn', fieldType: 'URN' },
    { path: '/createdAt', fieldType: 'COUNT', queryByDefault: false },
    { path: '/expiresAt', fieldType: 'COUNT', queryByDefault: false },
  ],
});

export const dataHubRoleInfo = aspect({
  name: 'dataHubRoleInfo',
  type: record(`${P}DataHubRoleInfo`, {
    name: string,
    description: string,
    editable: withDefault(boolean, false),
  }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL' },
    { path: '/description', fieldType: 'TEXT' },
  ],
});

// --- role (external access-management roles) ----------------------------------------------------------

const R = 'com.linkedin.role.';

export const roleProperties = aspect({
  name: 'roleProperties',
  type: record(`${R}RoleProperties`, {
    name: string,
    description: optional(string),
    type: optional(string),
    requestUrl: optional(string),
    created: optional(AuditStamp),
  }),
  searchable: [
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT' },
  ],
});

export const actors = aspect({
  name: 'actors',
  type: record(`${R}Actors`, {
    users: optional(arrayOf(record(`${R}RoleUser`, { user: urn }))),
    groups: optional(arrayOf(record(`${R}RoleGroup`, { group: urn }))),
  }),
  relationships: [
    { path: '/users/*/user', name: 'Has', entityTypes: ['corpuser'] },
    { path: '/groups/*/group', name: 'Has', entityTypes: ['corpGroup'] },
  ],
});

export const accessAspects = [dataHubPolicyInfo, dataHubAccessTokenInfo, dataHubRoleInfo, roleProperties, actors];
