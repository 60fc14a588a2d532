/**
 * Long work done in slices. Work on the thread that serves requests holds every other request, and
 * /health, until it is done (SQLite's reads run there too, synchronously: awaiting one never lets
 * other requests in): a 10,000-proposal batch, or an index of a million documents being built, lets
 * the event loop turn every SLICE_MS instead.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long work may hold the event loop before it lets other requests run. */
export const SLICE_MS = 5;

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

  /** Lets the event loop run now, and begins a new slice: before long work whose start cannot pause (a big body just parsed). */
  async turn(): Promise<void> {
    await nextTurn();
    this.began = performance.now();
  }

  /** `fn` on each item in order, pausing between items as needed. */
  async each<T>(items: Iterable<T>, fn: (item: T) => void): Promise<void> {
    for (const item of items) {
      await this.pause();
      fn(item);
    }
  }

  /** The items `keep` holds for, in order, pausing between items as needed. */
  async filter<T>(items: readonly T[], keep: (item: T) => boolean): Promise<T[]> {
    const out: T[] = [];
    for (const item of items) {
      await this.pause();
      if (keep(item)) out.push(item);
    }
    return out;
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
