/**
 * Access tokens: HS256 JWTs with DataHub's claims. PERSONAL tokens: the store keeps only a keyed
 * hash of a token (its id, in `urn:li:dataHubAccessToken:<id>`) and its metadata; the token text is
 * shown once, at creation. Every verification looks the token up in what was loaded for the current
 * access generation (accessCache.ts), which revoking a token bumps, so a revoked token fails from
 * the next request on every replica. SESSION tokens, minted when someone signs in (through DataHub's
 * frontend server or our own /logIn), are stateless as in GMS: their signature and expiry are checked,
 * and a claim of ours, `holder`, ties each to the user's password and key as they were at sign-in
 * (activeUsers.ts), so a password reset, or removing the user, ends the sessions begun before.
 * Either kind is refused once its user is suspended or removed (activeUsers.ts), from the next request.
 */
import { createHmac, hkdf, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Registry } from '../../registry/registry.js';
import { badRequest, forbidden, unauthorized } from '../../errors.js';
import { buildProposal, deleteEntityProposal, type Proposal } from '../../write/proposals.js';
import { resolveUrn } from '../../registry/resolve.js';
import type { WritePath } from '../../write/writePath.js';
import type { Store } from '../../store/types.js';
import type { ActiveUsers } from '../../auth/activeUsers.js';
import { UNAUTHORIZED_MESSAGE, type Authorizer } from '../../auth/authorizer.js';
import { onPlatform, type Requirement } from '../../auth/requirements.js';
import { entityUrn } from '../../urn.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** GMS's default session lifetime (SESSION_TOKEN_DURATION_MS). */
const SESSION_DURATION = DAY;

/** Token lifetimes by GraphQL `AccessTokenDuration` (null: never expires). */
export const DURATIONS: Record<string, number | null> = {
  ONE_HOUR: HOUR,
  ONE_DAY: DAY,
  ONE_WEEK: 7 * DAY,
  ONE_MONTH: 30 * DAY,
  THREE_MONTHS: 90 * DAY,
  SIX_MONTHS: 180 * DAY,
  ONE_YEAR: 365 * DAY,
  NO_EXPIRY: null,
};

const ISSUER = 'datahub-metadata-service';
const TOKEN_VERSION = '2';
const SIGNING_KEY_SETTING = 'token-signing-key';
const INFO = 'dataHubAccessTokenInfo';
const URN_PREFIX = 'urn:li:dataHubAccessToken:';

/** A token's id is the last part of its urn. */
export const tokenIdOf = (urn: string) => urn.slice(URN_PREFIX.length);
const MAX_TOKENS = 1_000_000;
/** Characters of the `holder` claim kept: 128 bits of its keyed hash. */
const HOLDER_CHARS = 22;
/** Tokens whose signature was checked, kept so a busy client costs one lookup a request, not a signature check. */
const VERIFIED_CACHE = 10_000;

export interface TokenMetadata {
  urn: string;
  id: string;
  name: string;
  description?: string;
  actorUrn: string;
  ownerUrn: string;
  createdAt: number;
  expiresAt?: number;
}

export interface MintRequest {
  actorUrn: string;
  /** Who created it; the actor by default. */
  ownerUrn?: string;
  duration: string;
  name: string;
  description?: string | null | undefined;
}

export interface TokenFilter {
  field: string;
  values: string[];
  negated?: boolean;
}

export class TokenService {
  private key?: Promise<Uint8Array>;
  /** Token text → its id, for tokens whose signature and claims verified (they cannot change; revocation and expiry are checked every time). */
  private readonly verified = new Map<string, string>();

  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly users: ActiveUsers,
    private readonly options: { signingKey?: string; now: () => number; sessionDurationMs?: number },
  ) {}

  /** How long a session lasts from sign-in. */
  get sessionDurationMs(): number {
    return this.options.sessionDurationMs ?? SESSION_DURATION;
  }

  /**
   * The HMAC key: TOKEN_SIGNING_KEY when configured (the stored key is then neither read nor
   * created), else created once and kept in the store, whose file only the service may read.
   */
  private signingKey(): Promise<Uint8Array> {
    this.key ??= (async () => {
      const text = this.options.signingKey ?? (await this.store.ensureSetting(SIGNING_KEY_SETTING, randomBytes(32).toString('base64url')));
      return new Uint8Array(Buffer.from(text, 'utf8'));
    })();
    return this.key;
  }

  /** A token's id: a keyed hash, so the store never holds anything a token could be rebuilt from. */
  async tokenId(token: string): Promise<string> {
    return this.keyedHash(token);
  }

  /** A keyed hash of a secret (an access, invite or reset token): stored in its place. */
  async keyedHash(text: string): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(text)
      .digest('base64url');
  }

  /** A 256-bit key for one purpose, derived from the signing key, so it changes with it and no other key is kept. */
  async derivedKey(purpose: string): Promise<Buffer> {
    return Buffer.from(await promisify(hkdf)('sha256', await this.signingKey(), new Uint8Array(0), purpose, 32));
  }

  /** A SESSION token for a user, as GMS mints at each sign-in; not stored. A 401 for a user who may not act. */
  async mintSession(userId: string, durationMs = this.sessionDurationMs): Promise<string> {
    const { urn: actor, urnString } = resolveUrn(this.registry, entityUrn('corpuser', userId));
    await this.users.requireActive(urnString, true);
    const holder = await this.holderClaim(urnString);
    const now = this.options.now();
    return new SignJWT({ actorType: 'USER', actorId: actor.parts[0], type: 'SESSION', version: TOKEN_VERSION, holder })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomUUID())
      .setSubject(actor.parts[0])
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor((now + durationMs) / 1000))
      .sign(await this.signingKey());
  }

  /** Mints a token for a user, without asking who wants it: for bootstrap and the CLI, which act on the database itself. */
  async mint(request: MintRequest): Promise<{ accessToken: string; metadata: TokenMetadata }> {
    // Own keys only: `toString` is in every object but names no duration.
    const lifetime = Object.hasOwn(DURATIONS, request.duration) ? DURATIONS[request.duration] : undefined;
    if (lifetime === undefined)
      throw badRequest(`Unrecognized access token duration ${request.duration} provided; use one of ${Object.keys(DURATIONS).join(', ')}`);
    const { urn: actor, entity } = resolveUrn(this.registry, request.actorUrn);
    if (entity.name !== 'corpuser') throw badRequest(`actorUrn must be a corpuser urn, not ${request.actorUrn}`);
    if (!request.name.trim()) throw badRequest('a token needs a name');
    const now = this.options.now();
    const expiresAt = lifetime === null ? undefined : now + lifetime;
    const jwt = new SignJWT({ actorType: 'USER', actorId: actor.parts[0], type: 'PERSONAL', version: TOKEN_VERSION })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomUUID())
      .setSubject(actor.parts[0])
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now / 1000));
    if (expiresAt !== undefined) jwt.setExpirationTime(Math.floor(expiresAt / 1000));
    const accessToken = await jwt.sign(await this.signingKey());

    const id = await this.tokenId(accessToken);
    const metadata: TokenMetadata = {
      urn: URN_PREFIX + id,
      id,
      name: request.name,
      ...(request.description ? { description: request.description } : {}),
      actorUrn: request.actorUrn,
      ownerUrn: request.ownerUrn ?? request.actorUrn,
      createdAt: now,
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    };
    const { urn: _urn, id: _id, ...info } = metadata;
    // Token entities need MANAGE_ACCESS_TOKENS through the API; the rule for creating one was checked by the caller.
    await this.writePath.apply([buildProposal(this.registry, metadata.urn, INFO, 'UPSERT', info)], { actor: SYSTEM_ACTOR });
    return { accessToken, metadata };
  }

  /** createAccessToken: for oneself with Generate Personal Access Tokens, for anyone with Manage All Access Tokens. */
  async create(
    caller: string,
    request: MintRequest & { type: string },
    options: { selfOnly?: boolean } = {},
  ): Promise<{ accessToken: string; metadata: TokenMetadata }> {
    const self = request.actorUrn === caller;
    if (options.selfOnly && !self) throw forbidden(UNAUTHORIZED_MESSAGE);
    await this.authorizer.require(caller, [
      self ? onPlatform('GENERATE_PERSONAL_ACCESS_TOKENS', 'MANAGE_ACCESS_TOKENS') : onPlatform('MANAGE_ACCESS_TOKENS'),
    ]);
    if (request.type !== 'PERSONAL') throw badRequest(`Unsupported access token type ${request.type}`);
    return this.mint({ ...request, ownerUrn: caller });
  }

  /** The user a token acts as; a 401 saying why when it is not a valid, live token of this catalog. */
  async verify(token: string): Promise<string> {
    const id = this.verified.get(token) ?? (await this.verifySignature(token));
    if (typeof id === 'object') {
      await this.users.requireActive(id.session, true);
      const now = Buffer.from(await this.holderClaim(id.session));
      const then = Buffer.from(id.holder);
      if (now.length !== then.length || !timingSafeEqual(now, then))
        throw unauthorized(`Session of ${id.session} has ended: its password was reset, or the user was removed, since it signed in`);
      return id.session;
    }
    const info = await this.info(id);
    if (!info) throw unauthorized('Access token has been revoked', 'token');
    if (info.expiresAt !== undefined && info.expiresAt <= this.options.now())
      throw unauthorized(`Access token expired at ${new Date(info.expiresAt).toISOString()}`, 'expired');
    await this.users.requireActive(info.actorUrn, false);
    return info.actorUrn;
  }

  /** The `holder` claim of a session of the user now: a keyed hash, since a token's claims are readable by whoever holds it. */
  private async holderClaim(userUrn: string): Promise<string> {
    return (await this.keyedHash(`session holder ${userUrn} ${(await this.users.holder(userUrn)) ?? ''}`)).slice(0, HOLDER_CHARS);
  }

  /** Checks a token's signature and claims; answers a personal token's id, or a session's user and holder. */
  private async verifySignature(token: string): Promise<string | { session: string; holder: string }> {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, await this.signingKey(), {
        algorithms: ['HS256'],
        currentDate: new Date(this.options.now()),
      }));
    } catch (err) {
      throw unauthorized(rejection(err), err instanceof joseErrors.JWTExpired ? 'expired' : 'token');
    }
    if ((claims.type !== 'PERSONAL' && claims.type !== 'SESSION') || claims.actorType !== 'USER' || typeof claims.actorId !== 'string') {
      throw unauthorized('Invalid access token: not a personal or session access token of a user', 'token');
    }
    // Checked anew each time: a session's expiry is in its claims alone.
    if (claims.type === 'SESSION') {
      // A session minted before sessions carried a holder cannot say it survived a reset: it must sign in again.
      if (typeof claims.holder !== 'string') throw unauthorized('Session has ended: sign in again');
      return { session: entityUrn('corpuser', claims.actorId), holder: claims.holder };
    }
    const id = await this.tokenId(token);
    if (this.verified.size >= VERIFIED_CACHE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, id);
    return id;
  }

  /** A personal token's metadata; undefined when there is none (revoked, or never minted here). */
  private async info(id: string): Promise<TokenMetadata | undefined> {
    const urn = URN_PREFIX + id;
    const view = await this.authorizer.access.current();
    return view.remember(`token ${id}`, async () => {
      const row = await this.store.getAspect(urn, INFO, 0);
      return row ? Object.freeze({ urn, id, ...row.value } as TokenMetadata) : undefined;
    });
  }

  /** Metadata of a token given in full (getAccessTokenMetadata); the token must verify. */
  async metadataOf(token: string): Promise<TokenMetadata> {
    await this.verify(token);
    const info = await this.info(await this.tokenId(token));
    if (!info) throw badRequest('a session token has no metadata: only personal access tokens are kept');
    return info;
  }

  /**
   * listAccessTokens: everyone's for Manage All Access Tokens; one's own, asked for with an
   * `ownerUrn` filter, for Generate Personal Access Tokens. Newest expiry first, never-expiring last.
   */
  async list(
    caller: string,
    filters: readonly TokenFilter[],
    start: number,
    count: number,
  ): Promise<{ total: number; tokens: TokenMetadata[] }> {
    const asksForOwn = filters.some(
      (f) => f.field === 'ownerUrn' && !f.negated && f.values.length > 0 && f.values.every((v) => v === caller),
    );
    const manage = onPlatform('MANAGE_ACCESS_TOKENS');
    const requirement: Requirement = asksForOwn ? { ...manage, platform: ['GENERATE_PERSONAL_ACCESS_TOKENS'] } : manage;
    await this.authorizer.require(caller, [requirement]);

    const matching = (await this.all()).filter((t) => filters.every((f) => tokenMatches(t, f)));
    matching.sort(
      (a, b) => (b.expiresAt ?? -Infinity) - (a.expiresAt ?? -Infinity) || b.createdAt - a.createdAt || (a.urn < b.urn ? -1 : 1),
    );
    return { total: matching.length, tokens: matching.slice(start, start + count) };
  }

  /**
   * What revokes every personal token that acts as the user: removing a user ends its tokens, which
   * would otherwise keep acting for a name policies may still grant to, or that someone signs up as
   * next. Proposals for the caller's own write, in the same batch as the removal; the caller checked
   * who may.
   */
  async revocationsOf(userUrn: string): Promise<Proposal[]> {
    return (await this.all()).filter((t) => t.actorUrn === userUrn).map((t) => deleteEntityProposal(this.registry, t.urn));
  }

  private async all(): Promise<TokenMetadata[]> {
    const urns = await this.store.listUrns({ aspect: INFO, start: 0, limit: MAX_TOKENS });
    const rows = await this.store.getLatestAspects(urns, [INFO]);
    return urns.flatMap((urn) => (rows.get(urn) ?? []).map((r) => ({ urn, id: tokenIdOf(urn), ...r.value }) as TokenMetadata));
  }

  /** revokeAccessToken: by its owner, or with Manage All Access Tokens. Revoking a token that is gone is a 400. */
  async revoke(caller: string, id: string): Promise<void> {
    const info = await this.info(id);
    await this.authorizer.require(caller, [{ ...onPlatform('MANAGE_ACCESS_TOKENS'), ...(info ? { self: info.ownerUrn } : {}) }]);
    if (!info) throw badRequest(`Access token ${id} does not exist`);
    await this.writePath.apply([deleteEntityProposal(this.registry, info.urn)], { actor: SYSTEM_ACTOR });
  }
}

const FILTER_FIELDS = new Set(['ownerUrn', 'actorUrn', 'name', 'id', 'urn']);

function tokenMatches(t: TokenMetadata, f: TokenFilter): boolean {
  if (!FILTER_FIELDS.has(f.field))
    throw badRequest(`cannot filter access tokens by ${f.field}; filter by ${[...FILTER_FIELDS].join(', ')}`);
  const hit = f.values.includes(String((t as unknown as Record<string, unknown>)[f.field]));
  return f.negated ? !hit : hit;
}

/** Why jose refused a token, in words a person can act on. */
function rejection(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return `Access token expired at ${new Date(Number(err.payload.exp) * 1000).toISOString()}`;
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'Invalid access token: its signature does not match this catalog';
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return 'Invalid access token: only HS256 tokens are accepted';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `Invalid access token: ${err.message}`;
  return 'Malformed access token: not a signed JWT';
}
