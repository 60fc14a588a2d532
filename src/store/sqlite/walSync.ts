/**
 * Durable commits without holding the event loop. SQLite's own sync of a commit (`synchronous =
 * FULL`) is an fsync on the thread that serves requests: ~100 ms after a 10,000-proposal batch, while
 * nothing else is answered. The writer runs at `synchronous = NORMAL` (consistent, as SQLite
 * documents for WAL mode), and after each COMMIT the write-ahead log is synced here, on libuv's
 * thread pool, before any transaction of the group is answered: an acknowledged write is on disk.
 * Unlike FULL, a reader may see a commit a moment before it is on disk, and a commit whose sync
 * fails stays in the database although its writer is told it failed.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

export class WalSync {
  private handle: FileHandle | undefined;

  constructor(private readonly walPath: string) {}

  /** Syncs what the log holds so far (the last COMMIT's frames included). */
  async sync(): Promise<void> {
    if (!this.handle) {
      // The log exists once a transaction has committed, and stays (same file) while the database is
      // open. It is made afresh at each start: its name in the folder must be on disk too.
      this.handle = await open(this.walPath, 'r+');
      const folder = await open(dirname(this.walPath), 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    }
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
  }
}
