/**
 * Who a request comes from, from its `Authorization` header: an access token, the configured
 * ADMIN_TOKEN, or DataHub's system client (`Basic <id>:<secret>`, unencoded, as DataHub's frontend
 * server sends it), which acts as the system; or from a browser's session cookie, which holds an
 * access token. Anything else is a 401 that says what is wrong.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_ACTOR, SYSTEM_ACTOR } from '../actors.js';
import { unauthorized } from '../errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** What checks an access token: the token service (domains/access/tokens.ts), which keeps them. */
export interface TokenVerifier {
  /** The actor a token acts for; a 401 when it is not one this catalog issued and still honours. */
  verify(token: string): Promise<string>;
}

/** DataHub's system client: its id and secret. */
export interface SystemClient {
  id: string;
  secret: string;
}

export class Authenticator {
  private readonly adminDigest?: Buffer;
  private readonly systemDigest?: Buffer;

  constructor(
    private readonly tokens: TokenVerifier,
    adminToken?: string,
    systemClient?: SystemClient,
  ) {
    if (adminToken) this.adminDigest = digest(adminToken);
    if (systemClient) this.systemDigest = digest(`${systemClient.id}:${systemClient.secret}`);
  }

  /** The urn of the user the request acts as. */
  async actorOf(authorization: string | undefined): Promise<string> {
    if (authorization === undefined || authorization.trim() === '') {
      throw unauthorized("Authentication required: send the header 'Authorization: Bearer <access token>'", 'missing');
    }
    // The credentials and token groups take part in every match.
    const basic = /^Basic\s+(\S+)\s*$/i.exec(authorization);
    if (basic) return this.systemClient(basic[1]!);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw unauthorized("Malformed Authorization header: expected 'Bearer <access token>'", 'malformed');
    const token = match[1]!;
    // Compared as digests, so the comparison takes the same time whatever the length or content.
    if (this.adminDigest && timingSafeEqual(digest(token), this.adminDigest)) return ADMIN_ACTOR;
    return this.tokens.verify(token);
  }

  /** The urn of the user a browser's session cookie names: the token in it, checked as any other. */
  async actorOfSession(token: string): Promise<string> {
    return this.tokens.verify(token);
  }

  private systemClient(credentials: string): string {
    if (!this.systemDigest)
      throw unauthorized(
        "Malformed Authorization header: expected 'Bearer <access token>' (Basic credentials are those of DataHub's system client, and none is configured: DATAHUB_SYSTEM_CLIENT_SECRET)",
        'system_client',
      );
    if (!timingSafeEqual(digest(credentials), this.systemDigest))
      throw unauthorized(
        'Provided credentials do not match known system client id & client secret. Check your configuration values...',
        'system_client',
      );
    return SYSTEM_ACTOR;
  }
}
