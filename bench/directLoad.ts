/**
 * Loads the generated catalog into a database through the service's own write path, in this
 * process: the start-up writes `catalog serve` makes, then the same batches as the HTTP load
 * (100 proposals, four writers at a time), each validated and applied as `ingestProposalBatch`
 * applies it, as the admin user. The database holds what the service writes; leaving out HTTP and
 * JSON makes a large catalog load about 1.4 times as fast.
 */
import { ADMIN_ACTOR } from '../src/actors.js';
import { defaultSearchIndexSnapshot } from '../src/config.js';
import { bootstrapAccess } from '../src/domains/access/bootstrap.js';
import { bootstrapCatalog } from '../src/domains/builtIns/firstStart.js';
import { parseProposals } from '../src/write/proposals.js';
import { createServices } from '../src/domains/services.js';
import { openStore } from '../src/store/index.js';
import { catalogProposals, type WireProposal } from './catalog.js';

const BATCH = 100;
const WRITERS = 4;
/** Entities of each part, after which `done` is told. */
const PART = 20_000;

/**
 * Loads entities [from, to); after each part, `done(loaded, proposalsPerSecond)`. Commits are not
 * synced one by one (synchronous = NORMAL): a half-loaded database is loaded again from its last part.
 */
export async function directLoad(
  databaseUrl: string,
  from: number,
  to: number,
  done: (loaded: number, rate: number) => void,
): Promise<void> {
  // The search index kept as served: with its snapshot beside the database, a large index is made
  // flat after it is built (without one it stayed in maps, and the load slowed as they grew).
  const snapshot = defaultSearchIndexSnapshot(databaseUrl);
  const store = await openStore(databaseUrl, { synchronous: 'NORMAL', ...(snapshot ? { searchIndexBuild: { snapshot } } : {}) });
  try {
    const services = createServices(store);
    await bootstrapAccess(services);
    await bootstrapCatalog(services);
    for (let start = from; start < to; start += PART) {
      const end = Math.min(to, start + PART);
      const proposals = catalogProposals(start, end);
      const next = (): WireProposal[] => {
        const batch: WireProposal[] = [];
        for (let p = proposals.next(); !p.done; p = proposals.next()) if (batch.push(p.value) === BATCH) break;
        return batch;
      };
      let count = 0;
      const began = performance.now();
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          for (let batch = next(); batch.length > 0; batch = next()) {
            await services.writePath.apply(await parseProposals(services.registry, batch), { actor: ADMIN_ACTOR });
            count += batch.length;
          }
        }),
      );
      done(end, count / ((performance.now() - began) / 1000));
    }
  } finally {
    await store.close();
  }
}
