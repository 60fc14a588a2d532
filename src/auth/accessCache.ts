/**
 * What access checks load (policies, tokens, actors' groups and roles), kept for as long as the
 * access generation (accessGeneration.ts) stays the same. Each check reads the generation with one
 * lookup by key: a write through any replica bumps it in its own transaction, so a check that
 * begins after that write committed finds the new generation and loads afresh.
 *
 * Checks that begin together share one read of the generation (a DataLoader batch, sent once every
 * check in it has asked), so a read never answers a check that began after it was sent.
 */
import DataLoader from 'dataloader';
import type { GenerationStore } from '../store/types.js';
import { ACCESS_GENERATION } from './accessGeneration.js';

/** Entries one view keeps (tokens and actors are many); the least recently used go first. */
const MAX_ENTRIES = 20_000;

/** What was loaded for one generation; a view never holds anything older than its generation. */
export class AccessView {
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(readonly generation: number) {}

  /** What `load` answers for `key`, loaded once for this generation (again after a failure). */
  remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key) as Promise<T> | undefined;
    if (kept) {
      // Moved to the end: eviction takes from the front.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }

  /** Drops what was kept for `key`: for an answer no write bumps the generation for when it changes. */
  forget(key: string): void {
    this.entries.delete(key);
  }
}

export class AccessCache {
  private view = new AccessView(-1);
  private readonly generations: DataLoader<string, number>;

  constructor(store: GenerationStore) {
    this.generations = new DataLoader(
      async (names) => {
        const unique = [...new Set(names)];
        const values = new Map(await Promise.all(unique.map(async (n) => [n, await store.generation(n)] as const)));
        return names.map((n) => values.get(n)!);
      },
      // Never answered from memory: every batch reads the database.
      { cache: false },
    );
  }

  /** The view of the current generation: the one in hand when the generation has not moved. */
  async current(): Promise<AccessView> {
    const generation = await this.generations.load(ACCESS_GENERATION);
    if (this.view.generation !== generation) this.view = new AccessView(generation);
    return this.view;
  }
}
