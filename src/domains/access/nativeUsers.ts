/**
 * Native users: people who log in with a password kept by this service, as DataHub's
 * NativeUserService and InviteTokenService keep them. A password is stored only as a salted scrypt
 * hash (corpUserCredentials); a reset token only as a keyed hash, cleared once used. Invite tokens
 * are entities (`urn:li:inviteToken:<keyed hash>`) whose aspect keeps the token encrypted, because
 * getInviteToken shows the current link again.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ADMIN_ACTOR, SYSTEM_ACTOR } from '../../actors.js';
import type { Registry } from '../../registry/registry.js';
import { badRequest, ServiceError } from '../../errors.js';
import { buildProposal, deleteEntityProposal, editProposal, type Proposal } from '../../write/proposals.js';
import { resolveUrn } from '../../registry/resolve.js';
import type { WritePath } from '../../write/writePath.js';
import type { Store } from '../../store/types.js';
import type { ActiveUsers } from '../../auth/activeUsers.js';
import { UNAUTHORIZED_MESSAGE, type Authorizer } from '../../auth/authorizer.js';
import { onPlatform } from '../../auth/requirements.js';
import { seal, unseal } from '../../sealing.js';
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
/** DataHub's answers. */
const USER_EXISTS = 'This user already exists! Cannot create a new user.';
const INVALID_RESET_TOKEN = 'Invalid reset token. Please ask your administrator to send you an updated link!';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/**
 * An invite or reset token as DataHub makes one: 32 lowercase letters (about 150 bits). The web
 * app's flows read the links they sit in as word characters.
 */
const urlSafeToken = () => Array.from({ length: TOKEN_CHARS }, () => String.fromCharCode(97 + randomInt(26))).join('');

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

  /**
   * Creates a native user with a valid invite token (DataHub's /auth/signUp); the system signs them up.
   * The user's first aspect is written as CREATE_ENTITY, which the write path refuses under its lock
   * on the user's key when the user exists: of sign-ups racing for one name, exactly one wins.
   */
  async signUp(request: SignUp): Promise<void> {
    const { urnString: userUrn, entity } = resolveUrn(this.registry, request.userUrn);
    if (entity.name !== 'corpuser') throw badRequest(`userUrn must be a corpuser urn, not ${request.userUrn}`);
    if (RESERVED.has(userUrn)) throw badRequest(`${userUrn} is reserved: nobody may sign up as it`);
    checkPassword(request.password);
    if (!(await this.inviteIsValid(request.inviteToken)))
      throw badRequest('Invalid invite token: ask your administrator for a new invite link');
    // Answered early, before the password is hashed; the write checks again under its lock.
    if ((await this.store.getLatestAspects([userUrn])).get(userUrn)?.length) throw badRequest(USER_EXISTS);
    const time = this.now();
    const info = buildProposal(this.registry, userUrn, 'corpUserInfo', 'UPSERT', {
      fullName: request.fullName,
      displayName: request.fullName,
      email: request.email,
      title: request.title,
      active: true,
    });
    try {
      await this.writePath.apply(
        [
          { ...info, changeType: 'CREATE_ENTITY' },
          buildProposal(this.registry, userUrn, 'corpUserStatus', 'UPSERT', {
            status: 'ACTIVE',
            lastModified: { actor: SYSTEM_ACTOR, time },
          }),
          buildProposal(this.registry, userUrn, CREDENTIALS, 'UPSERT', await hashPassword(request.password)),
        ],
        { actor: SYSTEM_ACTOR },
      );
    } catch (err) {
      if (err instanceof ServiceError && err.kind === 'conflict') throw badRequest(USER_EXISTS);
      throw err;
    }
  }

  /**
   * Whether someone may sign in as this user with this password: false for a wrong password, for a
   * user with no password here, and for a suspended or removed user, alike, so the answer tells
   * nothing more than "no". A password is hashed whatever the user (one without a password, or a
   * name that is no user urn at all, whose 400 comes after the hashing), so that no answer comes
   * sooner than "wrong password" would: the time a check takes tells nobody which users exist.
   */
  async verifyCredentials(userUrn: string, password: string): Promise<boolean> {
    let urn: string | undefined;
    let refusal: unknown;
    try {
      urn = this.userUrnOf(userUrn);
    } catch (err) {
      refusal = err;
    }
    const credentials = urn === undefined ? undefined : await this.credentials(urn);
    const salt = Buffer.from(credentials?.salt ?? NO_SALT, 'base64');
    const given = await scryptAsync(password, salt, HASH_BYTES);
    if (urn === undefined) throw refusal;
    if (!credentials) return false;
    const stored = Buffer.from(credentials.hashedPassword, 'base64');
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) return false;
    return (await this.users.inactivity(urn, true)) === undefined;
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

  /**
   * A password reset token for a native user, valid a day; needs MANAGE_USER_CREDENTIALS. The token
   * is added to the credentials as they are inside the write, so a password set meanwhile stays.
   */
  async createResetToken(caller: string, userUrn: string): Promise<string> {
    const grant = await this.authorizer.require(caller, [onPlatform('MANAGE_USER_CREDENTIALS')], () => UNAUTHORIZED_MESSAGE);
    const notNative = () =>
      badRequest(`Failed to generate password reset token for user: ${userUrn}: user does not exist or is a non-native user`);
    if (!(await this.credentials(userUrn))) throw notNative();
    const token = urlSafeToken();
    const pending = {
      passwordResetToken: await this.tokens.keyedHash(token),
      passwordResetTokenExpirationTimeMillis: this.now() + RESET_TOKEN_LIFETIME_MS,
    };
    const edit = editProposal(this.registry, userUrn, CREDENTIALS, (current) => {
      if (!isCredentials(current)) throw notNative();
      return { salt: current.salt, hashedPassword: current.hashedPassword, ...pending };
    });
    await this.writePath.apply([edit], { actor: caller, grant });
    return token;
  }

  /**
   * Sets a new password with a live reset token (DataHub's /auth/resetNativeUserCredentials); the
   * token is then spent. The token is checked again inside the write, on the credentials as they are
   * there, so of two uses of one token at once only one succeeds. Every failure before the token
   * matched answers the same, so the answer never tells whether a user exists or has a reset pending.
   * With `mustBeActive` (a browser's reset link), a suspended user's link changes nothing: the user
   * could not sign in with the new password anyway.
   */
  async resetPassword(userUrn: string, password: string, resetToken: string, options: { mustBeActive?: boolean } = {}): Promise<void> {
    checkPassword(password);
    const urn = this.userUrnOf(userUrn);
    const given = await this.tokens.keyedHash(resetToken);
    checkResetToken(await this.credentials(urn), given, this.now());
    if (options.mustBeActive) await this.users.requireActive(urn, false);
    const fresh = await hashPassword(password);
    const edit = editProposal(this.registry, urn, CREDENTIALS, (current, now) => {
      checkResetToken(isCredentials(current) ? current : undefined, given, now);
      return fresh;
    });
    await this.writePath.apply([edit], { actor: SYSTEM_ACTOR });
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

  /** The canonical urn of a user; a 400 for anything else. */
  private userUrnOf(userUrn: string): string {
    const { urnString, entity } = resolveUrn(this.registry, userUrn);
    if (entity.name !== 'corpuser') throw badRequest(`userUrn must be a corpuser urn, not ${userUrn}`);
    return urnString;
  }

  private async credentials(userUrn: string): Promise<Credentials | undefined> {
    const urn = this.userUrnOf(userUrn);
    const row = (await this.store.getLatestAspects([urn], [CREDENTIALS])).get(urn)?.[0];
    return isCredentials(row?.value) ? row.value : undefined;
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

function isCredentials(value: Record<string, unknown> | undefined): value is Record<string, unknown> & Credentials {
  return typeof value?.salt === 'string' && value.salt !== '' && typeof value.hashedPassword === 'string' && value.hashedPassword !== '';
}

/**
 * Whether a reset token's keyed hash opens these credentials now: one answer for no user, no token
 * pending and a wrong token, so that a reset link's page tells nobody which users exist or have a
 * reset pending; "expired" only once the token matched.
 */
function checkResetToken(credentials: Credentials | undefined, given: string, now: number): void {
  const pending = credentials?.passwordResetToken;
  const expected = Buffer.from(pending ?? '');
  const offered = Buffer.from(given);
  const matches = pending !== undefined && expected.length === offered.length && timingSafeEqual(expected, offered);
  if (!matches || credentials?.passwordResetTokenExpirationTimeMillis === undefined) throw badRequest(INVALID_RESET_TOKEN);
  if (now > credentials.passwordResetTokenExpirationTimeMillis)
    throw badRequest('Reset token has expired! Please ask your administrator to create a new one');
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
