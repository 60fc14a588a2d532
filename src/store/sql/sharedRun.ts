/**
 * Runs of one task shared by their callers: a call settles after a run that began after it, so
 * what was committed before the call is seen; callers arriving during a run share the next one.
 */
export class SharedRun {
  private current: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(private readonly task: () => Promise<void>) {}

  run(): Promise<void> {
    if (!this.current) {
      this.current = this.task().finally(() => (this.current = undefined));
      return this.current;
    }
    this.next ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.run();
      });
    return this.next;
  }

  /** The run in progress, if any. */
  get running(): Promise<void> | undefined {
    return this.current;
  }
}
