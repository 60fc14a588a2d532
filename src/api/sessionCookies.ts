/**
 * The two cookies of a browser session. `catalog_session` holds the session token the service
 * issued, out of scripts' reach; `actor` names the user for scripts, because DataHub's web app counts
 * itself signed in when it finds that cookie (it never reads the token). Both are SameSite=Lax: a
 * page of another site that posts here sends neither (crossSite.ts refuses what older browsers send).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'catalog_session';
export const ACTOR_COOKIE = 'actor';

const PATH = '/';

/**
 * Whether the browser reached us over https: the request's own protocol, or what a TLS-terminating
 * proxy says in front of us. Trusting the header is safe here: its only effect is a Secure cookie,
 * which a client that lies gets back on https only.
 */
function overHttps(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return request.protocol === 'https' || first === 'https';
}

/** Urns keep their colons, as DataHub's frontend writes the cookie; anything a cookie may not hold is escaped. */
const actorValue = (urn: string) => encodeURIComponent(urn).replace(/%3A/gi, ':');

/** Sets both cookies for a session of `actor` that lasts `lifetimeMs`. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, actor: string, lifetimeMs: number): void {
  const common = { path: PATH, sameSite: 'lax' as const, maxAge: Math.floor(lifetimeMs / 1000), secure: overHttps(request) };
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(ACTOR_COOKIE, actor, { ...common, httpOnly: false, encode: actorValue });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: PATH, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(ACTOR_COOKIE, { path: PATH, sameSite: 'lax' });
}

/** The session token the request's cookie holds, if any. */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[SESSION_COOKIE];
  return value ? value : undefined;
}
