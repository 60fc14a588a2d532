/**
 * Invite tokens (Pegasus `com.linkedin.identity.InviteToken`): a link an administrator shares so
 * people can sign up as native users, optionally with a role. The entity's key is a keyed hash of
 * the token; the aspect holds the token encrypted, so the link can be shown again (getInviteToken).
 */
import { optional, record, string, urn } from '../schema/dsl.js';
import type { AspectDecl } from '../types.js';

export const inviteTokenKey: AspectDecl = {
  name: 'inviteTokenKey',
  type: record('com.linkedin.metadata.key.InviteTokenKey', { id: string }),
};

export const inviteToken: AspectDecl = {
  name: 'inviteToken',
  type: record('com.linkedin.identity.InviteToken', {
    token: string,
    role: optional(urn),
  }),
  searchable: [{ path: '/role', fieldName: 'role', fieldType: 'KEYWORD', hasValuesFieldName: 'hasRole' }],
};

export const inviteAspects: AspectDecl[] = [inviteTokenKey, inviteToken];
