/**
 * Browser sessions, at the paths DataHub's frontend server serves them, so that DataHub's web app
 * (through scripts/webapp-proxy.mjs) and our own UI sign in against this service directly: a native
 * user's name and password, or an invite or a reset link, become a session token in an HttpOnly
 * cookie (sessionCookies.ts), which authentication.ts accepts in place of an Authorization header.
 *
 * Every route is public: they are how one gets credentials. Those that set cookies refuse a request
 * another site's page made (crossSite.ts), so nobody can sign a visitor in as someone else.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SYSTEM_ACTOR } from '../actors.js';
import type { Authenticator } from '../auth/authenticate.js';
import { isPlainObject } from '../json.js';
import { badRequest, forbidden, ServiceError, unauthorized } from '../errors.js';
import { resolveUrn } from '../registry/resolve.js';
import type { ApiServices } from '../domains/services.js';
import { addressOf } from './authThrottle.js';
import { credentialsOf, refuseMintingUnlessAuthenticated } from './authentication.js';
import { crossSiteRefusal } from './crossSite.js';
import { queryParam } from './rest/restli.js';
import { clearSessionCookies, sessionCookie, setSessionCookies } from './sessionCookies.js';

const USER_PREFIX = 'urn:li:corpuser:';
/** One answer for every failed sign-in, so it tells nobody which users exist or are suspended. */
const INVALID_CREDENTIALS = 'Invalid Credentials';
/** Where DataHub's web app (and ours) shows its sign-in page. */
const LOGIN_PAGE = '/login';

const PUBLIC = { config: { public: true } };

/** A field the body must carry as a non-blank string; a 400 naming it otherwise. */
function required(body: Record<string, unknown>, name: string, label: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`${label} must not be empty.`);
  return value;
}

function objectBody(request: FastifyRequest, endpoint: string, fields: string): Record<string, unknown> {
  if (!isPlainObject(request.body)) throw badRequest(`${endpoint} takes a JSON object with ${fields}`);
  return request.body;
}

function refuseCrossSite(request: FastifyRequest): void {
  const refusal = crossSiteRefusal(request);
  if (refusal) throw forbidden(refusal);
}

/**
 * Where a redirect may send the browser: a path on this origin. `//host` and `/\host` are other
 * sites to a browser, and a header can hold printable ASCII only (a path from a browser is
 * percent-encoded already); anything else goes home.
 */
export function localPath(uri: string | undefined): string {
  return uri !== undefined && /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(uri) ? uri : '/';
}

export interface WebSessionOptions {
  authEnabled: boolean;
  authenticator: Authenticator;
}

export function webSessionRoutes(services: ApiServices, { authEnabled, authenticator }: WebSessionOptions) {
  const { tokens, nativeUsers } = services;

  /** Starts a session of the user: its token in the cookies. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, userUrn: string) => {
    const token = await tokens.mintSession(userUrn.slice(USER_PREFIX.length));
    setSessionCookies(request, reply, token, userUrn, tokens.sessionDurationMs);
    return reply.code(200).send({});
  };

  /**
   * Who is signed in: with authentication off, whoever the request acts as; with it on, whom its
   * credentials name, or null. Cookies that no longer sign anyone in are cleared, so DataHub's web
   * app, which trusts the `actor` cookie, stops counting itself signed in.
   */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    if (!authEnabled) return request.actor;
    try {
      return (await credentialsOf(request, authenticator)).actor;
    } catch (err) {
      if (!(err instanceof ServiceError && err.kind === 'unauthorized')) throw err;
      if (request.headers.authorization === undefined && sessionCookie(request) !== undefined) clearSessionCookies(reply);
      return null;
    }
  };

  return async (app: FastifyInstance): Promise<void> => {
    app.post('/logIn', PUBLIC, async (request, reply) => {
      refuseCrossSite(request);
      refuseMintingUnlessAuthenticated(request);
      const body = objectBody(request, 'logIn', 'username and password');
      const username = required(body, 'username', 'User name').trim();
      const given = username.startsWith(USER_PREFIX) ? username : USER_PREFIX + username;
      if (given === USER_PREFIX) throw badRequest('User name must not be empty.');
      const password = typeof body.password === 'string' ? body.password : '';
      const attempt = { user: given, address: addressOf(request) };
      app.authThrottle.check(attempt);
      // A name that makes no user urn is refused as a wrong password is, after as long (nativeUsers.ts).
      const valid = await nativeUsers.verifyCredentials(given, password).catch((err: unknown) => {
        if (err instanceof ServiceError && err.kind === 'bad_request') return false;
        throw err;
      });
      const userUrn = valid ? resolveUrn(services.registry, given).urnString : undefined;
      // The system's actor has no password to check, whatever the store holds: it would bypass every policy.
      if (userUrn === undefined || userUrn === SYSTEM_ACTOR) {
        app.authThrottle.failed(attempt, request.log);
        services.metrics.authenticationFailed('password');
        throw unauthorized(INVALID_CREDENTIALS, 'password');
      }
      app.authThrottle.succeeded(attempt);
      return signIn(request, reply, userUrn);
    });

    // DataHub's app links to GET /logOut and lands on the sign-in page; a script may POST.
    app.get('/logOut', PUBLIC, async (_request, reply) => {
      clearSessionCookies(reply);
      return reply.redirect(LOGIN_PAGE, 302);
    });
    app.post('/logOut', PUBLIC, async (_request, reply) => {
      clearSessionCookies(reply);
      return reply.code(200).send({});
    });

    app.post('/signUp', PUBLIC, async (request, reply) => {
      refuseCrossSite(request);
      refuseMintingUnlessAuthenticated(request);
      const body = objectBody(request, 'signUp', 'fullName, email, title, password and inviteToken');
      const fullName = required(body, 'fullName', 'Full name');
      const email = required(body, 'email', 'Email').trim();
      const title = required(body, 'title', 'Title');
      const password = required(body, 'password', 'Password');
      const inviteToken = required(body, 'inviteToken', 'Invite token');
      const userUrn = resolveUrn(services.registry, USER_PREFIX + email).urnString;
      await nativeUsers.signUp({ userUrn, fullName, email, title, password, inviteToken });
      // A link for a role gives it at once, as accepting the invite in the app would.
      if (typeof (await nativeUsers.inviteRole(inviteToken)) === 'string') await services.roles.accept(userUrn, inviteToken);
      return signIn(request, reply, userUrn);
    });

    app.post('/resetNativeUserCredentials', PUBLIC, async (request, reply) => {
      refuseCrossSite(request);
      refuseMintingUnlessAuthenticated(request);
      const body = objectBody(request, 'resetNativeUserCredentials', 'email, password and resetToken');
      const email = required(body, 'email', 'Email').trim();
      const password = required(body, 'password', 'Password');
      const resetToken = required(body, 'resetToken', 'Reset token');
      const userUrn = resolveUrn(services.registry, USER_PREFIX + email).urnString;
      await nativeUsers.resetPassword(userUrn, password, resetToken, { mustBeActive: true });
      return signIn(request, reply, userUrn);
    });

    // Where DataHub's web app sends the browser when a call says it is not signed in.
    app.get('/authenticate', PUBLIC, async (request, reply) => {
      const target = localPath(queryParam(request, 'redirect_uri'));
      if (await signedIn(request, reply)) return reply.redirect(target, 302);
      return reply.redirect(`${LOGIN_PAGE}?redirect_uri=${encodeURIComponent(target)}`, 302);
    });

    app.get('/session', PUBLIC, async (request, reply) => ({ authEnabled, actor: await signedIn(request, reply) }));
  };
}
