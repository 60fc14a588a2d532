import { describe, expect, it } from 'vitest';
import { FairShare } from './fairShare.js';

describe('FairShare', () => {
  it('runs a few per caller, queues a few more in order, refuses the rest, and keeps callers apart', async () => {
    const share = new FairShare(2, 1);
    const a1 = await share.enter('a')!;
    const a2 = await share.enter('a')!;
    const order: string[] = [];
    const a3 = share.enter('a')!.then((leave) => {
      order.push('a3');
      return leave;
    });
    expect(share.enter('a')).toBeUndefined();
    // Another caller is not held up by a's burst.
    const b1 = await share.enter('b')!;
    a1();
    const leaveA3 = await a3;
    expect(order).toEqual(['a3']);
    expect(share.enter('a')).toBeDefined();
    for (const leave of [a2, leaveA3, b1]) leave();
  });
});
