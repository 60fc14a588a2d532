/**
 * Long work done in slices. Work on the thread that serves requests holds every other request, and
 * /health, until it is done, and SQLite's statements run synchronously (better-sqlite3 answers at
 * once, so awaiting one never lets other requests in): a 10,000-proposal batch, or an index of a
 * million documents being built, lets the event loop turn every SLICE_MS instead.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long work may hold the event loop before it lets other requests run. */
export const SLICE_MS = 10;

export class Slices {
  private began = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /**
   * Lets the event loop run when this slice has taken its time; cheap to call often. Bound, so it
   * can be handed on as it is (a snapshot's Breathe).
   */
  readonly pause = async (): Promise<void> => {
    if (performance.now() - this.began < this.sliceMs) return;
    await nextTurn();
    this.began = performance.now();
  };

  /** `fn` on each item in order, pausing between items as needed. */
  async each<T>(items: Iterable<T>, fn: (item: T) => void): Promise<void> {
    for (const item of items) {
      await this.pause();
      fn(item);
    }
  }

  /** `fn` of each item, in order, pausing between items as needed. */
  async map<T, U>(items: readonly T[], fn: (item: T) => U): Promise<U[]> {
    const out: U[] = [];
    for (const item of items) {
      await this.pause();
      out.push(fn(item));
    }
    return out;
  }
}
