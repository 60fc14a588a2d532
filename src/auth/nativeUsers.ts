/**
 * Native users: people who log in with a password kept by this service, as DataHub's
 * NativeUserService and InviteTokenService keep them. A password is stored only as a salted scrypt
 * hash (corpUserCredentials); a reset token only as a keyed hash, cleared once used. Invite tokens
 * are entities (`urn:li:inviteToken:<keyed hash>`) whose aspect keeps the token encrypted, because
 * getInviteToken shows the current link again.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ADMIN_ACTOR, SYSTEM_ACTOR } from '../actors.js';
import type { Registry } from '../registry/registry.js';
import { badRequest } from '../service/errors.js';
import { buildProposal, deleteEntityProposal, resolveUrn, type Proposal } from '../service/proposals.js';
import type { WritePath } from '../service/writePath.js';
import type { Store } from '../store/types.js';
import type { ActiveUsers } from './activeUsers.js';
import { UNAUTHORIZED_MESSAGE, type Authorizer } from './authorizer.js';
import { onPlatform } from './requirements.js';
import { seal, unseal } from './sealing.js';
import type { TokenService } from './tokens.js';

const CREDENTIALS = 'corpUserCredentials';
const INVITE = 'inviteToken';
const INVITE_PREFIX = 'urn:li:inviteToken:';
/** DataHub's reset links live a day. */
const RESET_TOKEN_LIFETIME_MS = 24 * 3_600_000;
/** DataHub's token and salt lengths (Constants.INVITE_TOKEN_LENGTH, PASSWORD_RESET_TOKEN_LENGTH, SALT_TOKEN_LENGTH). */
const TOKEN_CHARS = 32;
const SALT_BYTES = 16;
const HASH_BYTES = 64;
/** The salt a password is hashed with when its user has none, only to take the time a check takes. */
const NO_SALT = Buffer.alloc(SALT_BYTES).toString('base64');
/** A password longer than this is a mistake or an attack on the hashing, not a password. */
const MAX_PASSWORD_CHARS = 1024;
/** Actors nobody may sign up as (DataHub refuses its system client, `datahub` and `unknown`). */
const RESERVED = new Set([SYSTEM_ACTOR, ADMIN_ACTOR, 'urn:li:corpuser:UNKNOWN']);
const MAX_INVITE_TOKENS = 10_000;

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

const urlSafeToken = () => randomBytes((TOKEN_CHARS * 3) / 4).toString('base64url');

export interface SignUp {
  userUrn: string;
  fullName: string;
  email: string;
  title: string;
  password: string;
  inviteToken: string;
}

interface Credentials {
  salt: string;
  hashedPassword: string;
  passwordResetToken?: string;
  passwordResetTokenExpirationTimeMillis?: number;
}

export class NativeUsers {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly tokens: TokenService,
    private readonly users: ActiveUsers,
    private readonly now: () => number,
  ) {}

  /**
   * The invite token for a role (or for no role): the current one, or a new one replacing it when
   * `regenerate` (createInviteToken) or when there is none. Needs MANAGE_POLICIES, as DataHub's
   * canManagePolicies.
   */
  async inviteToken(caller: string, roleUrn: string | null | undefined, regenerate: boolean): Promise<string> {
    const grant = await this.authorizer.require(
      caller,
      [onPlatform('MANAGE_POLICIES')],
      () =>
        `Unauthorized to ${regenerate ? 'create' : 'get'} invite tokens. Please contact your DataHub administrator if this needs corrective action.`,
    );
    const role = roleUrn ?? undefined;
    if (role !== undefined) {
      const { entity } = resolveUrn(this.registry, role);
      if (entity.name !== 'dataHubRole') throw badRequest(`roleUrn must be a dataHubRole urn, not ${role}`);
    }
    const current = await this.inviteTokensFor(role);
    // More than one for the same role happens only through ingestion; all are replaced, as DataHub does.
    const [only, ...others] = current;
    const shown = !regenerate && only && others.length === 0 ? await this.decrypt(only.token) : undefined;
    if (shown !== undefined) return shown;
    const token = urlSafeToken();
    const value = { token: await this.encrypt(token), ...(role !== undefined ? { role } : {}) };
    const proposals: Proposal[] = [
      ...current.map((t) => deleteEntityProposal(this.registry, t.urn)),
      buildProposal(this.registry, INVITE_PREFIX + (await this.tokens.keyedHash(token)), INVITE, 'UPSERT', value),
    ];
    await this.writePath.apply(proposals, { actor: caller, grant });
    return token;
  }

  /** Creates a native user with a valid invite token (DataHub's /auth/signUp); the system signs them up. */
  async signUp(request: SignUp): Promise<void> {
    const { urnString: userUrn, entity } = resolveUrn(this.registry, request.userUrn);
    if (entity.name !== 'corpuser') throw badRequest(`userUrn must be a corpuser urn, not ${request.userUrn}`);
    if (RESERVED.has(userUrn)) throw badRequest(`${userUrn} is reserved: nobody may sign up as it`);
    checkPassword(request.password);
    if (!(await this.inviteIsValid(request.inviteToken)))
      throw badRequest('Invalid invite token: ask your administrator for a new invite link');
    if ((await this.store.getLatestAspects([userUrn])).get(userUrn)?.length)
      throw badRequest('This user already exists! Cannot create a new user.');
    const time = this.now();
    await this.writePath.apply(
      [
        buildProposal(this.registry, userUrn, 'corpUserInfo', 'UPSERT', {
          fullName: request.fullName,
          displayName: request.fullName,
          email: request.email,
          title: request.title,
          active: true,
        }),
        buildProposal(this.registry, userUrn, 'corpUserStatus', 'UPSERT', {
          status: 'ACTIVE',
          lastModified: { actor: SYSTEM_ACTOR, time },
        }),
        buildProposal(this.registry, userUrn, CREDENTIALS, 'UPSERT', await hashPassword(request.password)),
      ],
      { actor: SYSTEM_ACTOR },
    );
  }

  /**
   * Whether someone may sign in as this user with this password: false for a wrong password, for a
   * user with no password here, and for a suspended or removed user, alike, so the answer tells
   * nothing more than "no". A password is hashed even for a user without one, so that "no such user"
   * takes as long as "wrong password".
   */
  async verifyCredentials(userUrn: string, password: string): Promise<boolean> {
    const credentials = await this.credentials(userUrn);
    const salt = Buffer.from(credentials?.salt ?? NO_SALT, 'base64');
    const given = await scryptAsync(password, salt, HASH_BYTES);
    if (!credentials) return false;
    const stored = Buffer.from(credentials.hashedPassword, 'base64');
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) return false;
    return (await this.users.inactivity(resolveUrn(this.registry, userUrn).urnString, true)) === undefined;
  }

  /** Whether the user has a password here. */
  async hasPassword(userUrn: string): Promise<boolean> {
    return (await this.credentials(userUrn)) !== undefined;
  }

  /**
   * Sets a user's password on the word of an operator who holds the database (`catalog user
   * password`), as the system, through the write path. A user the catalog holds nothing of is made,
   * active; one that exists keeps its status (a suspended user stays suspended).
   */
  async setPassword(userUrn: string, password: string): Promise<{ created: boolean; suspended: boolean }> {
    const { urnString: urn, urn: parsed, entity } = resolveUrn(this.registry, userUrn);
    if (entity.name !== 'corpuser') throw badRequest(`userUrn must be a corpuser urn, not ${userUrn}`);
    // A session of the system's actor would bypass every policy: it authenticates with its client secret only.
    if (urn === SYSTEM_ACTOR) throw badRequest(`${SYSTEM_ACTOR} is the system's own actor: it never signs in with a password`);
    checkPassword(password);
    const rows = (await this.store.getLatestAspects([urn], ['corpUserInfo', 'corpUserStatus'])).get(urn) ?? [];
    const has = (aspect: string) => rows.find((r) => r.aspect === aspect);
    const proposals: Proposal[] = [];
    if (!has('corpUserInfo'))
      proposals.push(buildProposal(this.registry, urn, 'corpUserInfo', 'UPSERT', { active: true, displayName: parsed.parts[0] }));
    if (!has('corpUserStatus'))
      proposals.push(
        buildProposal(this.registry, urn, 'corpUserStatus', 'UPSERT', {
          status: 'ACTIVE',
          lastModified: { actor: SYSTEM_ACTOR, time: this.now() },
        }),
      );
    proposals.push(buildProposal(this.registry, urn, CREDENTIALS, 'UPSERT', await hashPassword(password)));
    await this.writePath.apply(proposals, { actor: SYSTEM_ACTOR });
    return { created: !has('corpUserInfo'), suspended: has('corpUserStatus')?.value.status === 'SUSPENDED' };
  }

  /** A password reset token for a native user, valid a day; needs MANAGE_USER_CREDENTIALS. */
  async createResetToken(caller: string, userUrn: string): Promise<string> {
    const grant = await this.authorizer.require(caller, [onPlatform('MANAGE_USER_CREDENTIALS')], () => UNAUTHORIZED_MESSAGE);
    const credentials = await this.credentials(userUrn);
    if (!credentials)
      throw badRequest(`Failed to generate password reset token for user: ${userUrn}: user does not exist or is a non-native user`);
    const token = urlSafeToken();
    const value: Credentials = {
      salt: credentials.salt,
      hashedPassword: credentials.hashedPassword,
      passwordResetToken: await this.tokens.keyedHash(token),
      passwordResetTokenExpirationTimeMillis: this.now() + RESET_TOKEN_LIFETIME_MS,
    };
    await this.writePath.apply([buildProposal(this.registry, userUrn, CREDENTIALS, 'UPSERT', value)], { actor: caller, grant });
    return token;
  }

  /** Sets a new password with a live reset token (DataHub's /auth/resetNativeUserCredentials); the token is then spent. */
  async resetPassword(userUrn: string, password: string, resetToken: string): Promise<void> {
    checkPassword(password);
    const credentials = await this.credentials(userUrn);
    if (!credentials) throw badRequest('User does not exist!');
    if (credentials.passwordResetToken === undefined || credentials.passwordResetTokenExpirationTimeMillis === undefined) {
      throw badRequest('User has not generated a password reset token!');
    }
    const expected = Buffer.from(credentials.passwordResetToken);
    const given = Buffer.from(await this.tokens.keyedHash(resetToken));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw badRequest('Invalid reset token. Please ask your administrator to send you an updated link!');
    }
    if (this.now() > credentials.passwordResetTokenExpirationTimeMillis)
      throw badRequest('Reset token has expired! Please ask your administrator to create a new one');
    await this.writePath.apply([buildProposal(this.registry, userUrn, CREDENTIALS, 'UPSERT', await hashPassword(password))], {
      actor: SYSTEM_ACTOR,
    });
  }

  /** The role a live invite token grants (undefined: none), or null when it is no invite token (acceptRole reads it). */
  async inviteRole(token: string): Promise<string | undefined | null> {
    const urn = INVITE_PREFIX + (await this.tokens.keyedHash(token));
    const row = (await this.store.getLatestAspects([urn], [INVITE])).get(urn)?.[0];
    return row ? ((row.value.role as string | undefined) ?? undefined) : null;
  }

  private async inviteIsValid(token: string): Promise<boolean> {
    return (await this.inviteRole(token)) !== null;
  }

  private async inviteTokensFor(role: string | undefined): Promise<Array<{ urn: string; token: string }>> {
    const urns = await this.store.listUrns({ aspect: INVITE, start: 0, limit: MAX_INVITE_TOKENS });
    const rows = await this.store.getLatestAspects(urns, [INVITE]);
    return urns.flatMap((urn) =>
      (rows.get(urn) ?? []).flatMap((r) => ((r.value.role ?? undefined) === role ? [{ urn, token: String(r.value.token) }] : [])),
    );
  }

  private async credentials(userUrn: string): Promise<Credentials | undefined> {
    const { urnString: urn, entity } = resolveUrn(this.registry, userUrn);
    if (entity.name !== 'corpuser') throw badRequest(`userUrn must be a corpuser urn, not ${userUrn}`);
    const row = (await this.store.getLatestAspects([urn], [CREDENTIALS])).get(urn)?.[0];
    const value = row?.value as Partial<Credentials> | undefined;
    return value?.salt && value.hashedPassword ? (value as Credentials) : undefined;
  }

  /** AES-256-GCM under a key derived from the signing key. */
  private async encrypt(text: string): Promise<string> {
    return seal(await this.tokens.derivedKey(INVITE), text);
  }

  /** The token, or undefined when it was sealed under another key (a changed signing key, or DataHub's own). */
  private async decrypt(sealed: string): Promise<string | undefined> {
    return unseal(await this.tokens.derivedKey(INVITE), sealed);
  }
}

function checkPassword(password: string): void {
  if (password.length === 0) throw badRequest('password must not be empty');
  if (password.length > MAX_PASSWORD_CHARS)
    throw badRequest(`password is ${password.length} characters long; at most ${MAX_PASSWORD_CHARS} are allowed`);
}

async function hashPassword(password: string): Promise<Credentials> {
  const salt = randomBytes(SALT_BYTES);
  return { salt: salt.toString('base64'), hashedPassword: (await scryptAsync(password, salt, HASH_BYTES)).toString('base64') };
}
