/**
 * A full garbage collection, now. Loading the snapshot of a large index leaves what it decoded the
 * index from to collect: 1.1 GB of heap at 1,000,000 entities. Left to V8, that is collected while
 * searches run, in full collections that mark the whole index (about 300 ms each, at that size):
 * searches had a p99 of 286 ms in the first minute after such a load, against 24 ms after a build.
 * Collected once before the index is put to use, the pause falls in the load, which takes seconds.
 *
 * V8 offers `gc` only to contexts made after the flag is set, so it is taken from a fresh one.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
