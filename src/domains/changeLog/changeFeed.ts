/**
 * The change log as consumers read it: MetadataChangeLog events in commit order, each with its
 * offset, from any offset on. Aspects travel as DataHub's GenericAspect (`{value: <JSON text>,
 * contentType}`), as in a proposal. Followers wait for a local commit, or poll for the commits of
 * other replicas sharing the database.
 */
import { explained, type Authorizer } from '../../auth/authorizer.js';
import { hiddenFrom } from '../../auth/hidden.js';
import { onPlatform } from '../../auth/requirements.js';
import type { Registry } from '../../registry/registry.js';
import type { StoredChangeLogEvent, Store } from '../../store/types.js';
import { TooManyRequests } from '../../errors.js';

/** DataHub's privilege to read the Metadata Change Log through its events API. */
export const READ_CHANGE_LOG = onPlatform('GET_METADATA_CHANGE_LOG_EVENTS');

export interface GenericAspect {
  value: string;
  contentType: 'application/json';
}

export interface FeedEvent extends Omit<StoredChangeLogEvent, 'aspect' | 'previousAspectValue'> {
  aspect?: GenericAspect;
  previousAspectValue?: GenericAspect;
}

export const MAX_FEED_PAGE = 10_000;

/**
 * Events a follower reads at a time, in pages that start at a multiple of this offset, and the
 * pages kept for other followers (the ones used last, up to a number and a size: an event can carry
 * a schema of megabytes): followers walking the log each take a page read and decoded once, where
 * each read and inflated every event for itself.
 */
export const STREAM_PAGE = 100;
const STREAM_PAGES_KEPT = 32;
/** Characters of aspect values the kept pages hold at most. */
const STREAM_PAGES_CHARS = 8 * 2 ** 20;

/** About the memory a page takes: its aspect values' characters. */
const charsOf = (events: readonly FeedEvent[]) =>
  events.reduce((n, e) => n + (e.aspect?.value.length ?? 0) + (e.previousAspectValue?.value.length ?? 0), 0);

export interface FeedPage {
  /** The events the reader may see, oldest first. */
  events: FeedEvent[];
  /** The offset of the last event read, seen or not: where the next page starts. */
  lastOffset: number;
  /** How many events were read, seen or not: fewer than asked means the end of the log for now. */
  read: number;
}

/** One reader's view of the change log: which events it may see. */
export interface FeedReader {
  page(after: number, limit: number): Promise<FeedPage>;
  /** A follower's next events after `after` (at most STREAM_PAGE); `more` when more are there to read at once. */
  next(after: number): Promise<FeedPage & { more: boolean }>;
}

/** How often a follower looks for commits made by other processes. */
const POLL_MS = 250;

export interface FollowerLimits {
  /** Followers one caller may hold open at once. */
  perCaller: number;
  /** Followers held open at once, over all callers. */
  total: number;
  /** A follower that has not taken what it was sent for this long is dropped; it resumes from where it was by reconnecting. */
  stallMs: number;
}

export const DEFAULT_FOLLOWER_LIMITS: FollowerLimits = { perCaller: 5, total: 500, stallMs: 30_000 };

const generic = (value: Record<string, unknown>): GenericAspect => ({ value: JSON.stringify(value), contentType: 'application/json' });

export class ChangeFeed {
  private readonly waiting = new Set<() => void>();
  private readonly followers = new Set<AbortController>();
  private readonly followersOf = new Map<string, number>();
  /**
   * Reads under way, by where they start and how many they take: followers woken by one commit are
   * mostly at the same offset, and share one read instead of each parsing the same events. A read is
   * shared only while it runs; a finished page may have grown since.
   */
  private readonly reading = new Map<string, Promise<FeedEvent[]>>();
  /** Full pages of STREAM_PAGE events, by the offset they follow, with their size; in the order they were last used. */
  private readonly pages = new Map<number, { events: FeedEvent[]; chars: number }>();
  private pagesChars = 0;

  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
    readonly limits: FollowerLimits = DEFAULT_FOLLOWER_LIMITS,
  ) {}

  /** Followers of this process now (`/events/stream` connections). */
  get followerCount(): number {
    return this.followers.size;
  }

  /**
   * The feed as `actor` may read it: with GET_METADATA_CHANGE_LOG_EVENTS, every event but those of
   * entity types and aspects the actor may not see (access tokens, policies, password hashes,
   * without their privilege).
   */
  async reader(actor: string): Promise<FeedReader> {
    await this.authorizer.require(actor, [READ_CHANGE_LOG], explained(actor));
    const hidden = await hiddenFrom(this.authorizer, this.registry, actor);
    const seen = (events: FeedEvent[]) => (hidden.none ? events : events.filter((e) => !hidden.hides(e.entityType, e.aspectName)));
    return {
      page: async (after, limit) => {
        const events = await this.read(after, limit);
        return { events: seen(events), lastOffset: events.at(-1)?.offset ?? after, read: events.length };
      },
      next: async (after) => {
        const { events, full } = await this.streamPage(after);
        const mine = events.filter((e) => e.offset > after);
        return { events: seen(mine), lastOffset: mine.at(-1)?.offset ?? after, read: mine.length, more: full };
      },
    };
  }

  /**
   * The page holding the events after `after`: the STREAM_PAGE events after the multiple of
   * STREAM_PAGE at or below it. Offsets only grow and commit in their order, so a page read full is
   * what it will always be, and is kept; a page that is not yet full is read again. With gaps in the
   * offsets a page reaches further, and still holds the events just after `after`.
   */
  private async streamPage(after: number): Promise<{ events: FeedEvent[]; full: boolean }> {
    const start = after - (after % STREAM_PAGE);
    const kept = this.pages.get(start);
    if (kept) {
      this.pages.delete(start);
      this.pages.set(start, kept);
      return { events: kept.events, full: true };
    }
    const events = await this.read(start, STREAM_PAGE);
    const full = events.length === STREAM_PAGE;
    if (full && !this.pages.has(start)) {
      const chars = charsOf(events);
      this.pages.set(start, { events, chars });
      this.pagesChars += chars;
      for (const [oldest, page] of this.pages) {
        if (this.pages.size <= STREAM_PAGES_KEPT && this.pagesChars <= STREAM_PAGES_CHARS) break;
        this.pages.delete(oldest);
        this.pagesChars -= page.chars;
      }
    }
    return { events, full };
  }

  /** Called by the write path after each commit: wakes the followers of this process. */
  committed(): void {
    for (const wake of [...this.waiting]) wake();
  }

  /** Events after `after`, oldest first, at most `limit`, whoever they are about. Shared by readers who ask the same at once: not to be changed. */
  private read(after: number, limit: number): Promise<FeedEvent[]> {
    const key = `${after} ${Math.min(limit, MAX_FEED_PAGE)}`;
    const running = this.reading.get(key);
    if (running) return running;
    const read = this.store.readChangeLog(after, Math.min(limit, MAX_FEED_PAGE)).then((events) =>
      events.map(({ aspect, previousAspectValue, ...rest }) => ({
        ...rest,
        ...(aspect ? { aspect: generic(aspect) } : {}),
        ...(previousAspectValue ? { previousAspectValue: generic(previousAspectValue) } : {}),
      })),
    );
    this.reading.set(key, read);
    const done = () => this.reading.delete(key);
    read.then(done, done);
    return read;
  }

  /**
   * A follower's lifetime: aborted when it leaves, or when the service stops (`stopFollowers`). A
   * 429 when `caller` holds as many as it may, or the service as many as it takes.
   */
  follow(caller: string): { signal: AbortSignal; leave(): void } {
    const mine = this.followersOf.get(caller) ?? 0;
    if (mine >= this.limits.perCaller)
      throw new TooManyRequests(
        `You are following the change log ${mine} times already, the most one caller may; close one, or share one stream among your consumers`,
        5,
        'concurrency',
      );
    if (this.followers.size >= this.limits.total)
      throw new TooManyRequests(
        `The change log has ${this.followers.size} followers already, the most it takes; retry later`,
        5,
        'concurrency',
      );
    const controller = new AbortController();
    this.followers.add(controller);
    this.followersOf.set(caller, mine + 1);
    let left = false;
    return {
      signal: controller.signal,
      leave: () => {
        if (left) return;
        left = true;
        this.followers.delete(controller);
        const now = (this.followersOf.get(caller) ?? 1) - 1;
        if (now > 0) this.followersOf.set(caller, now);
        else this.followersOf.delete(caller);
        controller.abort();
      },
    };
  }

  /** Ends every follower, so the HTTP server can close. */
  stopFollowers(): void {
    for (const f of this.followers) f.abort();
    this.followers.clear();
  }

  /** Resolves at the next local commit, after the poll interval, or when `signal` aborts. */
  wait(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      this.waiting.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
