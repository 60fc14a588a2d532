/**
 * WAL checkpoints on a worker thread. Copying committed pages from the write-ahead log into the
 * database file (and syncing it) is otherwise done by whichever commit crosses the WAL size limit,
 * on the one thread that serves requests; here a second connection does it in the background,
 * on another core. The writer keeps a high limit of its own in case the worker falls behind.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints. */
const INTERVAL_MS = 250;

/**
 * The worker's code, evaluated as a script so it runs the same from dist/ and from the sources
 * under test; it loads better-sqlite3 from the path resolved here.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export class Checkpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(path: string, onError: (message: string) => void = () => undefined) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver, intervalMs: INTERVAL_MS } });
    this.worker.on('message', (m: { error?: string }) => m.error && onError(m.error));
    this.worker.on('error', (err) => onError(err.message));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    // It must not keep the process alive on its own.
    this.worker.unref();
  }

  /** Checkpoints once more, closes the worker's connection and waits for the thread to end. */
  async stop(): Promise<void> {
    // Waiting for the thread must keep the process alive (an unref'd worker would let it exit here).
    this.worker.ref();
    this.worker.postMessage('stop');
    await this.exited;
  }
}
