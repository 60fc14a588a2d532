/**
 * Backoff after failed authentication: a password guessed for a user, or tokens and client secrets
 * tried from an address. A few failures are free; past them each one locks the key out for twice as
 * long as the last, up to a ceiling, and an attempt while locked is refused without being checked, so
 * a flood of guesses costs the service nothing and finds nothing, even the right password. Success
 * clears the key; a key with no failure for a while is forgotten.
 *
 * Request-rate libraries count requests in a window, not failures with growing locks, hence this. The
 * counts live in each process: N replicas let a guesser N times the attempts, and no more.
 */

export interface BackoffPolicy {
  /** Failures before the first lock. */
  free: number;
  /** The first lock, then doubled at each further failure, up to `maxLockMs`. */
  firstLockMs: number;
  maxLockMs: number;
  /** A key whose last failure is older than this starts again from nothing. */
  forgetAfterMs: number;
}

interface Failures {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

/** Keys tracked at most: past it, the least recently failed go first, so spraying keys cannot grow memory. */
const MAX_KEYS = 100_000;

export class FailedAttempts {
  private readonly records = new Map<string, Failures>();

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again: 0 when it may now. */
  lockedFor(key: string): number {
    const record = this.current(key);
    return record ? Math.max(0, record.lockedUntil - this.now()) : 0;
  }

  /** Counts a failure of `key`; answers its failures in a row and the lock it now has (0: none yet). */
  failed(key: string): { failures: number; lockMs: number } {
    const now = this.now();
    const record: Failures = this.current(key) ?? { failures: 0, lastFailure: now, lockedUntil: 0 };
    record.failures++;
    record.lastFailure = now;
    const over = record.failures - this.policy.free;
    const lockMs = over > 0 ? Math.min(this.policy.maxLockMs, this.policy.firstLockMs * 2 ** Math.min(over - 1, 30)) : 0;
    record.lockedUntil = now + lockMs;
    // Re-inserted at the end: eviction takes the least recently failed from the front.
    this.records.delete(key);
    this.records.set(key, record);
    if (this.records.size > MAX_KEYS) this.records.delete(this.records.keys().next().value!);
    return { failures: record.failures, lockMs };
  }

  succeeded(key: string): void {
    this.records.delete(key);
  }

  private current(key: string): Failures | undefined {
    const record = this.records.get(key);
    if (record && this.now() - record.lastFailure > Math.max(this.policy.forgetAfterMs, record.lockedUntil - record.lastFailure)) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }
}
