import { expect, it } from 'vitest';
import { collectGarbage } from './collectGarbage.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A reference to an object nothing else refers to, made and looked at in turns of their own (a look keeps it for the turn). */
async function letGo(size: number): Promise<WeakRef<object>> {
  const ref = await (async () => new WeakRef({ items: new Array(size).fill('x') }))();
  await turn();
  const alive = ref.deref() !== undefined;
  await turn();
  expect(alive).toBe(true);
  return ref;
}

it('collects what nothing refers to any longer, at once', async () => {
  for (const size of [100_000, 10]) {
    const ref = await letGo(size);
    collectGarbage();
    await turn();
    expect(ref.deref() === undefined).toBe(true);
  }
});
