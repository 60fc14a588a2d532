/**
 * Throttling of failed authentication at the edge: wrong passwords per user and per address, bad
 * tokens and system-client secrets per address (auth/failedAttempts.ts keeps the counts). A caller
 * locked out gets 429 with `Retry-After`, before its credentials are looked at. Each lock is logged
 * with the failures that led to it.
 *
 * A user's count is the one a guesser of that user's password cannot spread; an address's count
 * catches one address trying many users or tokens, so its free failures are more.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type BackoffPolicy, FailedAttempts } from '../auth/failedAttempts.js';
import { TooManyRequests } from '../errors.js';

const MINUTE = 60_000;

export interface AuthThrottlePolicies {
  user: BackoffPolicy;
  address: BackoffPolicy;
}

export const DEFAULT_AUTH_THROTTLE: AuthThrottlePolicies = {
  user: { free: 5, firstLockMs: 1_000, maxLockMs: 15 * MINUTE, forgetAfterMs: 15 * MINUTE },
  address: { free: 50, firstLockMs: 1_000, maxLockMs: 15 * MINUTE, forgetAfterMs: 15 * MINUTE },
};

/** Who failed: the user whose password was tried, and the address it came from, either or both. */
export interface Attempt {
  user?: string;
  address?: string;
}

export class AuthThrottle {
  private readonly users: FailedAttempts;
  private readonly addresses: FailedAttempts;

  constructor(policies: AuthThrottlePolicies = DEFAULT_AUTH_THROTTLE, now: () => number = Date.now) {
    this.users = new FailedAttempts(policies.user, now);
    this.addresses = new FailedAttempts(policies.address, now);
  }

  /** A 429 saying when to try again, when the user or the address is locked out. */
  check(attempt: Attempt): void {
    const userWait = attempt.user === undefined ? 0 : this.users.lockedFor(attempt.user);
    const addressWait = attempt.address === undefined ? 0 : this.addresses.lockedFor(attempt.address);
    const wait = Math.max(userWait, addressWait);
    if (wait === 0) return;
    const seconds = Math.ceil(wait / 1000);
    const who = userWait >= addressWait ? `for ${attempt.user}` : `from ${attempt.address}`;
    throw new TooManyRequests(`Too many failed sign-in attempts ${who}: try again in ${seconds} s`, seconds, 'lockout');
  }

  failed(attempt: Attempt, log: FastifyBaseLogger): void {
    for (const [kind, key, attempts] of [
      ['user', attempt.user, this.users],
      ['address', attempt.address, this.addresses],
    ] as const) {
      if (key === undefined) continue;
      const { failures, lockMs } = attempts.failed(key);
      if (lockMs > 0)
        log.warn(
          { [kind]: key, failures, lockMs },
          `authentication failed ${failures} times in a row for ${kind} ${key}: locked out for ${lockMs} ms`,
        );
    }
  }

  /** A user who signed in starts again from nothing; an address keeps its count, or one good password would clear a guesser's. */
  succeeded(attempt: Attempt): void {
    if (attempt.user !== undefined) this.users.succeeded(attempt.user);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one throttle of failed authentication, shared by every route that checks credentials. */
    authThrottle: AuthThrottle;
  }
}

/** The address a request comes from, as the throttle counts it. */
export const addressOf = (request: FastifyRequest): string => request.ip;
