/**
 * GMS's `/auth/*` endpoints (DataHub's AuthServiceController), through which DataHub's frontend
 * server logs people in: it authenticates as the system client (`Basic <id>:<secret>`) and asks for
 * session tokens, signs up and checks native users, and resets their passwords. Only the system
 * client may call them, except `/auth/track`, which records usage events for its caller.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SYSTEM_ACTOR } from '../../actors.js';
import { refuseMintingUnlessAuthenticated } from '../authentication.js';
import { COUNTED_TRACKING, trackedActor } from './tracking.js';
import { isPlainObject } from '../../json.js';
import { badRequest, unauthorized } from '../../errors.js';
import type { ApiServices } from '../../domains/services.js';

/** The string fields an endpoint's JSON body must carry; a 400 names the ones missing or not strings. */
function fields<K extends string>(endpoint: string, body: unknown, names: readonly K[]): Record<K, string> {
  if (!isPlainObject(body)) throw badRequest(`${endpoint} takes a JSON object with ${names.join(', ')}`);
  const missing = names.filter((n) => body[n] === undefined || body[n] === null);
  if (missing.length > 0) throw badRequest(`${endpoint} needs ${missing.join(', ')}`);
  const wrong = names.filter((n) => typeof body[n] !== 'string');
  if (wrong.length > 0) throw badRequest(`${endpoint}: ${wrong.join(', ')} must be ${wrong.length > 1 ? 'strings' : 'a string'}`);
  return Object.fromEntries(names.map((n) => [n, body[n]])) as Record<K, string>;
}

export function authRoutes(services: ApiServices) {
  const users = services.nativeUsers;
  /** Only DataHub's system client may act for others, as GMS allows only it to mint session tokens. */
  const requireSystemClient = (request: FastifyRequest): void => {
    if (request.actor === SYSTEM_ACTOR) return;
    services.metrics.authenticationFailed('system_client');
    throw unauthorized(`${request.actor} unauthorized to perform this action.`, 'system_client');
  };
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/auth/generateSessionTokenForUser', async (request) => {
      requireSystemClient(request);
      refuseMintingUnlessAuthenticated(request);
      const { userId } = fields('generateSessionTokenForUser', request.body, ['userId']);
      if (userId.trim() === '') throw badRequest('generateSessionTokenForUser: userId must not be empty');
      return { accessToken: await services.tokens.mintSession(userId) };
    });

    app.post('/auth/signUp', async (request) => {
      requireSystemClient(request);
      const body = fields('signUp', request.body, ['userUrn', 'fullName', 'email', 'title', 'password', 'inviteToken']);
      await users.signUp(body);
      return { isNativeUserCreated: true };
    });

    app.post('/auth/verifyNativeUserCredentials', async (request) => {
      requireSystemClient(request);
      const { userUrn, password } = fields('verifyNativeUserCredentials', request.body, ['userUrn', 'password']);
      // The frontend server asks for everyone, from its one address: its users are counted, not it.
      const attempt = { user: userUrn };
      app.authThrottle.check(attempt);
      const doesPasswordMatch = await users.verifyCredentials(userUrn, password);
      if (doesPasswordMatch) app.authThrottle.succeeded(attempt);
      else {
        // The frontend server signs people in through this check: a mismatch is a failed sign-in.
        app.authThrottle.failed(attempt, request.log);
        services.metrics.authenticationFailed('password');
      }
      return { doesPasswordMatch };
    });

    app.post('/auth/resetNativeUserCredentials', async (request) => {
      requireSystemClient(request);
      const { userUrn, password, resetToken } = fields('resetNativeUserCredentials', request.body, ['userUrn', 'password', 'resetToken']);
      await users.resetPassword(userUrn, password, resetToken);
      return { areNativeUserCredentialsReset: true };
    });

    // The system client reports events for the user named in them; anyone else, for themselves.
    app.post('/auth/track', COUNTED_TRACKING, async (request, reply) => {
      await services.usage.record(trackedActor(request), request.body);
      return reply.code(200).send();
    });

    // Single sign-on is DataHub's frontend's own configuration, which this service does not hold:
    // GMS's answer for "no SSO settings" is a 404 with no body. The frontend POSTs; GET is for people.
    const noSsoSettings = async (request: FastifyRequest, reply: FastifyReply) => {
      requireSystemClient(request);
      return reply.code(404).send();
    };
    app.post('/auth/getSsoSettings', noSsoSettings);
    app.get('/auth/getSsoSettings', noSsoSettings);
  };
}
