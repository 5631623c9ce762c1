import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { isPublicListing } from '../listing-access';
import type { ListingFilters } from '../listing-search';
import { ListingSearchIndex, type IndexedListing, type IndexOrder, type WordGroups } from './listing-search-index';
import { ListingSearchIndexRepository, RELOAD_ALL, type IndexedRow } from './listing-search-index.repository';

/** Listings read per statement while loading (keyset by id). */
const LOAD_BATCH = 2_000;
/** Listings put into the index between two turns of the event loop while loading, so requests are answered meanwhile. */
const PUTS_PER_TURN = 250;
/** Ids read per fetch of an order's cursor (ids only: cheap rows). */
const ORDER_FETCH = 100_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Changed listings re-read per statement. */
const APPLY_BATCH = 1_000;
/** Changes are read this often even when nobody searches, so a search rarely has many to apply. */
const SYNC_EVERY_MS = 2_000;
/** Changes older than this are deleted (a process that was away longer reloads anyway). */
const KEEP_CHANGES_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Search texts whose words PostgreSQL parsed, remembered. */
const TEXTS_REMEMBERED = 10_000;

const toIndexed = (r: IndexedRow): IndexedListing => ({ ...r, price: Number(r.price), rating: Number(r.rating), lexemes: r.lexemes ?? [] });

/**
 * Keeps every listing the public sees in memory for search (ListingSearchIndex) in step with
 * PostgreSQL: loads them at start (searches ask PostgreSQL meanwhile), then before each search applies
 * what changed since it last looked (listing_search_changes, written by triggers in the same
 * transaction as the change), so a search sees every change committed before it began, whichever API
 * process made it. Concurrent searches share one read of the changes. Off with LISTING_SEARCH_INDEX=false
 * and in the worker role.
 */
@Injectable()
export class ListingSearchIndexService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('ListingSearchIndex');
  private index: ListingSearchIndex | null = null;
  /** Bumped by every (re)load: a read of changes begun for an older index does not move the newer one's mark. */
  private generation = 0;
  /** Changes of transactions from this id on may not have been applied yet. */
  private fromXid = '0';
  /** The changes (by seq) at or after fromXid already applied. */
  private applied = new Set<number>();
  private syncing: Promise<void> | null = null;
  private nextSync: Promise<void> | null = null;
  private loading: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private readonly texts = new Map<string, string[]>();

  constructor(
    private readonly repo: ListingSearchIndexRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.listingSearchIndex && this.config.role !== 'worker';
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    void this.reload();
    this.timers.push(
      setInterval(() => void this.sync().catch((e) => this.log.warn(`Reading listing changes failed: ${(e as Error).message}`)), SYNC_EVERY_MS),
      setInterval(() => void this.repo.pruneChanges(KEEP_CHANGES_MS).catch(() => undefined), PRUNE_EVERY_MS),
    );
    for (const t of this.timers) t.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
  }

  /** Resolves when the first load has finished (tests and benchmarks wait for it). */
  async whenLoaded(): Promise<void> {
    while (this.enabled && !this.index) await (this.loading ?? this.reload());
  }

  /**
   * The index with every change committed before this call applied, or null while it loads (or when
   * it is off): the caller then asks PostgreSQL.
   */
  async current(): Promise<ListingSearchIndex | null> {
    if (!this.index) return null;
    await this.sync();
    return this.index;
  }

  /**
   * The index as it is, without reading the changes, and what it had applied then: a search answers
   * from it and reads its page's listings together with the changes (`changeSeqsSince`), then asks
   * `isCurrent`; only when something changed does it bring the index up to date and answer again.
   * One round trip for a search instead of two. Null while it loads (or when it is off).
   */
  peek(): IndexSnapshot | null {
    const index = this.index;
    return index ? { index, revision: index.revision, fromXid: this.fromXid, applied: this.applied } : null;
  }

  /**
   * Whether a snapshot's answer holds for a statement that saw the changes `seqs` (those of
   * transactions from its fromXid on): every one of them was applied when it was taken, and nothing
   * was applied (nor reloaded) since. Then the answer saw everything committed before the statement.
   */
  isCurrent(snapshot: IndexSnapshot, seqs: number[]): boolean {
    return this.index === snapshot.index && snapshot.index.revision === snapshot.revision && seqs.every((q) => snapshot.applied.has(q));
  }

  /**
   * Whether a snapshot's answer still holds now, by reading the changes committed since it was taken
   * (for an answer with no page to read them with: an empty page).
   */
  async stillCurrent(snapshot: IndexSnapshot): Promise<boolean> {
    const { seqs } = await this.repo.changesSince(snapshot.fromXid);
    return this.isCurrent(snapshot, seqs);
  }

  /** How many listings the index holds (null while it loads). */
  get size(): number | null {
    return this.index?.size ?? null;
  }

  /**
   * A search's words for the index: the corrected query's groups (`(a | pre:*) & b`, see
   * correctedTsQuery), or the text as PostgreSQL parses it; null without words.
   */
  async wordGroups(f: ListingFilters): Promise<WordGroups | null> {
    if (f.wordsQuery !== undefined) {
      return f.wordsQuery.split(' & ').map((term) => term.replace(/^\(|\)$/g, '').split(' | '));
    }
    if (!f.text) return null;
    const lexemes = await this.lexemesOf(f.text);
    return lexemes.length ? lexemes.map((l) => [l]) : null;
  }

  /** A text's lexemes as plainto_tsquery('simple') has them (one statement per new text). */
  async lexemesOf(text: string): Promise<string[]> {
    // plain ASCII letters and digits between spaces: PostgreSQL's parser splits them at the spaces, as is
    if (/^[a-z0-9 ]*$/.test(text)) return text.split(' ').filter((w) => w.length > 0);
    let lexemes = this.texts.get(text);
    if (!lexemes) {
      lexemes = await this.repo.lexemesOf(text);
      if (this.texts.size >= TEXTS_REMEMBERED) this.texts.delete(this.texts.keys().next().value!);
      this.texts.set(text, lexemes);
    }
    return lexemes;
  }

  /** Loads every public listing into a new index, then swaps it in (the old one serves meanwhile). */
  reload(): Promise<void> {
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(): Promise<void> {
    const started = Date.now();
    try {
      // transactions from here on are re-read after the load: the load may have missed them
      const fromXid = await this.repo.oldestRunning();
      const built = new ListingSearchIndex(Math.max(1024, (this.index?.size ?? 0) + 1024));
      let after: string | null = null;
      for (;;) {
        if (this.stopped) return;
        const rows = await this.repo.publicBatch(after, LOAD_BATCH);
        for (let i = 0; i < rows.length; i++) {
          built.put(toIndexed(rows[i]));
          if (i % PUTS_PER_TURN === PUTS_PER_TURN - 1) await nextTurn();
        }
        if (rows.length < LOAD_BATCH) break;
        after = rows[rows.length - 1].id;
      }
      // the orders' permutations, sorted by PostgreSQL (sorting them here would stall every request for seconds)
      for (const field of ['createdAt', 'price', 'name'] as const) {
        if (this.stopped) return;
        built.setOrder(field, await this.repo.publicIdsInOrder(field, ORDER_FETCH));
        await nextTurn();
      }
      built.prepare();
      built.remember = this.config.listingSearchRemember;
      this.generation++;
      this.index = built;
      this.fromXid = fromXid;
      this.applied = new Set();
      await this.sync();
      this.log.log(`Loaded ${built.size} public listings for search in ${Date.now() - started} ms`);
    } catch (e) {
      this.log.error(`Loading listings for search failed (searches ask PostgreSQL): ${(e as Error).message}`);
      if (!this.stopped) setTimeout(() => void this.reload(), 5_000).unref();
    }
  }

  /** Applies the changes committed since the last read; shares a read begun after this call with other callers. */
  private sync(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.applyChanges().finally(() => (this.syncing = null));
      return this.syncing;
    }
    // a read is under way, begun before this call: wait for it, then for one begun after it
    this.nextSync ??= this.syncing.then(
      () => {
        this.nextSync = null;
        return this.sync();
      },
      () => {
        this.nextSync = null;
        return this.sync();
      },
    );
    return this.nextSync;
  }

  private async applyChanges(): Promise<void> {
    const index = this.index;
    if (!index) return;
    const generation = this.generation;
    const { ids, seqs, xmin } = await this.repo.changesSince(this.fromXid);
    const applied = new Set<number>();
    const todo = new Set<string>();
    for (let i = 0; i < ids.length; i++) {
      applied.add(seqs[i]);
      if (!this.applied.has(seqs[i])) todo.add(ids[i]);
    }
    if (todo.has(RELOAD_ALL)) {
      // the table was truncated: nothing held is right any more
      if (generation === this.generation) this.index = null;
      void this.reload();
      return;
    }
    const list = [...todo];
    for (let i = 0; i < list.length; i += APPLY_BATCH) {
      const chunk = list.slice(i, i + APPLY_BATCH);
      const rows = await this.repo.byIds(chunk);
      if (generation !== this.generation) return;
      const found = new Set<string>();
      for (const r of rows) {
        found.add(r.id);
        if (isPublicListing(r)) index.put(toIndexed(r));
        else index.remove(r.id);
      }
      for (const id of chunk) if (!found.has(id)) index.remove(id);
    }
    if (generation !== this.generation) return;
    this.applied = applied;
    this.fromXid = xmin;
    // listings that changed leave dead slots behind: reload once they are a quarter of the index
    if (index.deadSlots > Math.max(10_000, index.size / 4)) void this.reload();
  }
}

/** An index as a search found it (ListingSearchIndexService.peek). */
export interface IndexSnapshot {
  index: ListingSearchIndex;
  revision: number;
  fromXid: string;
  applied: ReadonlySet<number>;
}

/** Pages deeper than this (limit + skip) are left to PostgreSQL: the index keeps a page's listings in a heap. */
export const INDEX_MAX_PAGE_ROWS = 10_000;

/** The index's order for a search's sort, or null when PostgreSQL answers it (relevance, views, saves, rating, several keys). */
export function indexOrderOf(sort: { field: string; direction: 'asc' | 'desc' }[] | 'relevance'): IndexOrder | null {
  if (sort === 'relevance' || sort.length !== 1) return null;
  const [s] = sort;
  return s.field === 'createdAt' || s.field === 'price' || s.field === 'name' ? { field: s.field, direction: s.direction } : null;
}

/**
 * Whether a search sees exactly what the index holds: the public listings (not an admin, nor a member
 * searching their own listings with their drafts; a listing code is one lookup in PostgreSQL).
 */
export function searchesPublic(viewer: { id?: string; isAdmin: boolean }, f: ListingFilters): boolean {
  return (
    !viewer.isAdmin &&
    !(f.ownerId !== undefined && f.ownerId === viewer.id) &&
    f.code === undefined &&
    // staff filters the index does not hold (ownership documents, open reports, visibility): PostgreSQL answers
    f.hasDocuments === undefined &&
    f.reported === undefined &&
    f.visible === undefined
  );
}
