import { describe, expect, it } from 'vitest';
import { FailedAttempts } from './failedAttempts.js';

describe('FailedAttempts', () => {
  it('lets a few failures pass, then locks for twice as long at each one, up to the ceiling', () => {
    let now = 0;
    const attempts = new FailedAttempts({ free: 2, firstLockMs: 1000, maxLockMs: 5000, forgetAfterMs: 60_000 }, () => now);
    expect([attempts.failed('k'), attempts.failed('k')].map((f) => f.lockMs)).toEqual([0, 0]);
    expect(attempts.lockedFor('k')).toBe(0);
    const locks = [3, 4, 5, 6].map(() => attempts.failed('k').lockMs);
    expect(locks).toEqual([1000, 2000, 4000, 5000]);
    expect(attempts.lockedFor('k')).toBe(5000);
    now += 4000;
    expect(attempts.lockedFor('k')).toBe(1000);
    expect(attempts.lockedFor('other')).toBe(0);
  });

  it('clears a key on success, and forgets one whose failures are old', () => {
    let now = 0;
    const attempts = new FailedAttempts({ free: 1, firstLockMs: 1000, maxLockMs: 5000, forgetAfterMs: 10_000 }, () => now);
    attempts.failed('a');
    attempts.failed('a');
    attempts.succeeded('a');
    expect(attempts.failed('a').lockMs).toBe(0);
    attempts.failed('b');
    now += 10_001;
    expect(attempts.failed('b')).toEqual({ failures: 1, lockMs: 0 });
  });
});
