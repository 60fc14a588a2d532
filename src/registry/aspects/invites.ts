/**
 * Invite tokens (Pegasus `com.linkedin.identity.InviteToken`): a link an administrator shares so
 * people can sign up as native users, optionally with a role. The entity's key is a keyed hash of
 * the token; the aspect holds the token encrypted, so the link can be shown again (getInviteToken).
 */
import { optional, record, string, urn } from '../schema/dsl.js';
import { aspect } from './aspect.js';

export const inviteTokenKey = aspect({
  name: 'inviteTokenKey',
  type: record('com.linkedin.metadata.key.InviteTokenKey', { id: string }),
});

export const inviteToken = aspect({
  name: 'inviteToken',
  type: record('com.linkedin.identity.InviteToken', {
    token: string,
    role: optional(urn),
  }),
  searchable: [{ path: '/role', fieldName: 'role', fieldType: 'KEYWORD', hasValuesFieldName: 'hasRole' }],
});

export const inviteAspects = [inviteTokenKey, inviteToken];
