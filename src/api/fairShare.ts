/**
 * A fair share of concurrent work per caller: each caller runs at most a few requests of a kind at
 * once, and queues a bounded number more; past that it is refused. One caller's burst then waits
 * behind its own requests, never in front of everyone else's.
 */
export class FairShare {
  private readonly callers = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {}

  /**
   * Resolves, once the caller may start, to the function that ends its turn (to be called exactly
   * once, however the work ends); undefined at once when the caller's queue is full.
   */
  enter(caller: string): Promise<() => void> | undefined {
    let mine = this.callers.get(caller);
    if (!mine) {
      mine = { running: 0, waiting: [] };
      this.callers.set(caller, mine);
    }
    const turn = mine;
    const leave = () => {
      const next = turn.waiting.shift();
      if (next) return next();
      turn.running--;
      if (turn.running === 0) this.callers.delete(caller);
    };
    if (turn.running < this.maxRunning) {
      turn.running++;
      return Promise.resolve(leave);
    }
    if (turn.waiting.length >= this.maxWaiting) return undefined;
    return new Promise((start) => turn.waiting.push(() => start(leave)));
  }
}
