/**
 * Long work done in slices. A big batch runs synchronously on SQLite (better-sqlite3 answers at
 * once, so awaiting it never lets other requests in): without a pause now and then, one 10,000-
 * proposal batch would hold every read, and /health, for seconds.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long work may hold the event loop before it lets other requests run. */
export const SLICE_MS = 20;

export class Slices {
  private began = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Lets the event loop run when this slice has taken its time; cheap to call often. */
  async pause(): Promise<void> {
    if (performance.now() - this.began < this.sliceMs) return;
    await nextTurn();
    this.began = performance.now();
  }
}
