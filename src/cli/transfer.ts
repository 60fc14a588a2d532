/** `catalog export` and `catalog import`: operator commands that open the database directly. */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Config } from '../config.js';
import { loadRegistry } from '../registry/registry.js';
import { exportCatalog, importCatalog, type TransferCounts } from '../domains/entities/transfer.js';
import { openStore } from '../store/index.js';

export async function exportToFile(config: Config, path?: string): Promise<TransferCounts> {
  const store = await openStore(config.databaseUrl, { poolSize: 2 });
  const out = path ? createWriteStream(path) : process.stdout;
  try {
    return await exportCatalog(store, async (line) => {
      if (!out.write(line)) await once(out, 'drain');
    });
  } finally {
    if (path)
      await new Promise<void>((done, fail) =>
        (out as ReturnType<typeof createWriteStream>).end((err?: Error | null) => (err ? fail(err) : done())),
      );
    await store.close();
  }
}

export async function importFromFile(config: Config, path: string): Promise<TransferCounts> {
  const store = await openStore(config.databaseUrl, { poolSize: 2 });
  try {
    const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
    return await importCatalog(store, loadRegistry(), lines);
  } finally {
    await store.close();
  }
}
