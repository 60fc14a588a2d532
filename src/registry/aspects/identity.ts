/**
 * Users and groups (Pegasus `com.linkedin.identity.*`).
 */
import { arrayOf, boolean, long, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { AuditStamp, CustomProperties } from '../schema/common.js';
import { customPropertiesSearchable } from './shared.js';
import { aspect } from './aspect.js';

const I = 'com.linkedin.identity.';

const DEFAULT_GROUP_AVATAR =
  'https://raw.githubusercontent.com/datahub-project/datahub/master/datahub-web-react/src/images/default_avatar.png';
const DEFAULT_USER_AVATAR = 'assets/platforms/default_avatar.png';

export const corpUserInfo = aspect({
  name: 'corpUserInfo',
  type: record(
    `${I}CorpUserInfo`,
    {
      active: boolean,
      displayName: optional(string),
      email: optional(string),
      title: optional(string),
      managerUrn: optional(urn),
      departmentId: optional(long),
      departmentName: optional(string),
      firstName: optional(string),
      lastName: optional(string),
      fullName: optional(string),
      countryCode: optional(string),
      system: optional(boolean),
    },
    CustomProperties,
  ),
  searchable: [
    customPropertiesSearchable,
    { path: '/active', fieldType: 'BOOLEAN', weightsPerFieldValue: { true: 2.0 } },
    { path: '/displayName', fieldType: 'WORD_GRAM', queryByDefault: true, enableAutocomplete: true, boostScore: 10 },
    { path: '/email', fieldType: 'KEYWORD', queryByDefault: true },
    { path: '/title', fieldType: 'KEYWORD', queryByDefault: true },
    { path: '/managerUrn', fieldName: 'managerLdap', fieldType: 'URN', queryByDefault: false },
    { path: '/fullName', fieldType: 'WORD_GRAM', queryByDefault: true, enableAutocomplete: true, boostScore: 10 },
    { path: '/system', fieldType: 'BOOLEAN', queryByDefault: false },
  ],
  relationships: [{ path: '/managerUrn', name: 'ReportsTo', entityTypes: ['corpuser'] }],
});

export const corpUserEditableInfo = aspect({
  name: 'corpUserEditableInfo',
  type: record(`${I}CorpUserEditableInfo`, {
    aboutMe: optional(string),
    teams: withDefault(arrayOf(string), []),
    skills: withDefault(arrayOf(string), []),
    pictureLink: withDefault(string, DEFAULT_USER_AVATAR),
    displayName: optional(string),
    title: optional(string),
    platforms: optional(arrayOf(urn)),
    persona: optional(urn),
    slack: optional(string),
    phone: optional(string),
    email: optional(string),
    informationSources: optional(arrayOf(urn)),
  }),
  searchable: [
    { path: '/teams/*', fieldName: 'teams', fieldType: 'TEXT' },
    { path: '/skills/*', fieldName: 'skills', fieldType: 'TEXT' },
    { path: '/displayName', fieldType: 'WORD_GRAM', queryByDefault: true, boostScore: 10 },
  ],
  relationships: [
    { path: '/platforms/*', name: 'IsUserOf', entityTypes: ['dataPlatform'] },
    { path: '/persona', name: 'IsPersona', entityTypes: ['dataHubPersona'] },
  ],
});

export const corpUserStatus = aspect({
  name: 'corpUserStatus',
  type: record(`${I}CorpUserStatus`, {
    status: string,
    lastModified: AuditStamp,
  }),
  searchable: [
    { path: '/status', fieldType: 'KEYWORD' },
    { path: '/lastModified/time', fieldName: 'statusLastModifiedAt', fieldType: 'COUNT' },
  ],
});

export const corpUserCredentials = aspect({
  name: 'corpUserCredentials',
  type: record(`${I}CorpUserCredentials`, {
    salt: string,
    hashedPassword: string,
    passwordResetToken: optional(string),
    passwordResetTokenExpirationTimeMillis: optional(long),
  }),
  // A password's salt and hash, and a reset token, are for the service to check, not for people to read.
  readPrivilege: 'MANAGE_USER_CREDENTIALS',
});

export const groupMembership = aspect({
  name: 'groupMembership',
  type: record(`${I}GroupMembership`, {
    groups: arrayOf(urn),
  }),
  relationships: [{ path: '/groups/*', name: 'IsMemberOfGroup', entityTypes: ['corpGroup'] }],
});

export const nativeGroupMembership = aspect({
  name: 'nativeGroupMembership',
  type: record(`${I}NativeGroupMembership`, {
    nativeGroups: arrayOf(urn),
  }),
  relationships: [{ path: '/nativeGroups/*', name: 'IsMemberOfNativeGroup', entityTypes: ['corpGroup'] }],
});

export const roleMembership = aspect({
  name: 'roleMembership',
  type: record(`${I}RoleMembership`, {
    roles: arrayOf(urn),
  }),
  relationships: [{ path: '/roles/*', name: 'IsMemberOfRole', entityTypes: ['dataHubRole'] }],
});

export const corpGroupInfo = aspect({
  name: 'corpGroupInfo',
  type: record(`${I}CorpGroupInfo`, {
    displayName: optional(string),
    email: optional(string),
    admins: arrayOf(urn),
    members: arrayOf(urn),
    groups: arrayOf(urn),
    description: optional(string),
    slack: optional(string),
    created: optional(AuditStamp),
  }),
  searchable: [
    { path: '/displayName', fieldType: 'TEXT_PARTIAL', queryByDefault: true, enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT_PARTIAL' },
    { path: '/created/time', fieldName: 'createdTime', fieldType: 'DATETIME' },
  ],
  relationships: [
    { path: '/admins/*', name: 'OwnedBy', entityTypes: ['corpuser'] },
    { path: '/members/*', name: 'IsPartOf', entityTypes: ['corpuser'] },
    { path: '/groups/*', name: 'IsPartOf', entityTypes: ['corpGroup'] },
  ],
});

export const corpGroupEditableInfo = aspect({
  name: 'corpGroupEditableInfo',
  type: record(`${I}CorpGroupEditableInfo`, {
    description: optional(string),
    pictureLink: withDefault(string, DEFAULT_GROUP_AVATAR),
    slack: optional(string),
    email: optional(string),
  }),
  searchable: [{ path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' }],
});

export const identityAspects = [
  corpUserInfo,
  corpUserEditableInfo,
  corpUserStatus,
  corpUserCredentials,
  groupMembership,
  nativeGroupMembership,
  roleMembership,
  corpGroupInfo,
  corpGroupEditableInfo,
];
