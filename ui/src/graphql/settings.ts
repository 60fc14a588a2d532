/** Personal access tokens, and for admins: users, groups and roles. */
export const LIST_TOKENS = /* GraphQL */ `
  query uiListTokens($input: ListAccessTokenInput!) {
    listAccessTokens(input: $input) {
      total
      tokens { urn id name description actorUrn ownerUrn createdAt expiresAt }
    }
  }
`;
export const CREATE_TOKEN = /* GraphQL */ `
  mutation uiCreateToken($input: CreateAccessTokenInput!) {
    createAccessToken(input: $input) {
      accessToken
      metadata { id name expiresAt }
    }
  }
`;
export const REVOKE_TOKEN = /* GraphQL */ `
  mutation uiRevokeToken($tokenId: String!) {
    revokeAccessToken(tokenId: $tokenId)
  }
`;
export const LIST_USERS = /* GraphQL */ `
  query uiListUsers($input: ListUsersInput!) {
    listUsers(input: $input) {
      total
      users {
        urn username status isNativeUser
        properties { displayName email title }
        editableProperties { displayName }
        roles: relationships(input: { types: ["IsMemberOfRole"], direction: OUTGOING, start: 0, count: 5 }) {
          relationships { entity { urn ... on DataHubRole { name } } }
        }
      }
    }
  }
`;
export const UPDATE_USER_STATUS = /* GraphQL */ `
  mutation uiUpdateUserStatus($urn: String!, $status: CorpUserStatus!) {
    updateUserStatus(urn: $urn, status: $status)
  }
`;
export const CREATE_INVITE = /* GraphQL */ `
  mutation uiCreateInvite($input: CreateInviteTokenInput!) {
    createInviteToken(input: $input) { inviteToken }
  }
`;
export const CREATE_RESET = /* GraphQL */ `
  mutation uiCreateReset($input: CreateNativeUserResetTokenInput!) {
    createNativeUserResetToken(input: $input) { resetToken }
  }
`;
export const LIST_GROUPS = /* GraphQL */ `
  query uiListGroups($input: ListGroupsInput!) {
    listGroups(input: $input) {
      total
      groups {
        urn name
        properties { displayName description }
        members: relationships(input: { types: ["IsMemberOfGroup", "IsMemberOfNativeGroup"], direction: INCOMING, start: 0, count: 1 }) { total }
      }
    }
  }
`;
export const CREATE_GROUP = /* GraphQL */ `
  mutation uiCreateGroup($input: CreateGroupInput!) {
    createGroup(input: $input)
  }
`;
export const LIST_ROLES = /* GraphQL */ `
  query uiListRoles($input: ListRolesInput!) {
    listRoles(input: $input) {
      total
      roles { urn name description users: relationships(input: { types: ["IsMemberOfRole"], direction: INCOMING, start: 0, count: 1 }) { total } }
    }
  }
`;
export const ASSIGN_ROLE = /* GraphQL */ `
  mutation uiAssignRole($input: BatchAssignRoleInput!) {
    batchAssignRole(input: $input)
  }
`;
