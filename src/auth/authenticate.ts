/**
 * Who a request comes from, from its `Authorization` header: a personal access token, or the
 * configured ADMIN_TOKEN. Anything else is a 401 that says what is wrong.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_ACTOR } from '../actors.js';
import { unauthorized } from '../service/errors.js';
import type { TokenService } from './tokens.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

export class Authenticator {
  private readonly adminDigest?: Buffer;

  constructor(
    private readonly tokens: TokenService,
    adminToken?: string,
  ) {
    if (adminToken) this.adminDigest = digest(adminToken);
  }

  /** The urn of the user the request acts as. */
  async actorOf(authorization: string | undefined): Promise<string> {
    if (authorization === undefined || authorization.trim() === '') {
      throw unauthorized("Authentication required: send the header 'Authorization: Bearer <access token>'");
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw unauthorized("Malformed Authorization header: expected 'Bearer <access token>'");
    const token = match[1];
    // Compared as digests, so the comparison takes the same time whatever the length or content.
    if (this.adminDigest && timingSafeEqual(digest(token), this.adminDigest)) return ADMIN_ACTOR;
    return this.tokens.verify(token);
  }
}
