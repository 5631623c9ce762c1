import { forwardRef, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NotificationRow, SavedItemRow } from '@app/db';
import type { SavedSearchAlert } from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { Transactions } from '../../../common/db/transactions';
import { ListingsService, type ListingForAlerts } from '../../listings/listings.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { digestDay, digestNotification, instantNotification, uuidOfKey } from './alert-notifications';
import { SavedSearchAlertQueue } from './saved-search-alert.queue';
import { SavedSearchAlertsRepository, type AlertingSearch, type ClaimedMatch } from './saved-search-alerts.repository';
import {
  alertFiltersOf,
  alertKeysOf,
  filtersOfSavedQuery,
  hasSearchWords,
  keyWordOf,
  matchesPrepared,
  prepareAlert,
  probeKeysOf,
  type PreparedAlert,
  type SavedSearchAlertFilters,
} from './saved-search-match';

export const ALERT_SEARCH_NOT_FOUND = 'Saved search not found';
/**
 * Parsed filters of this many searches are kept per process. A saved search's query never changes
 * (there is no route to edit one), so its filters, once read, hold for as long as it exists.
 */
const FILTERS_KEPT = 200_000;
/** Members whose digest is due are read this many at a time. */
const DIGEST_PAGE = 200;

/** Thrown inside a digest's transaction when the member already had today's: rolls the claim back. */
class AlreadyDigested extends Error {}

/**
 * Saved-search alerts (issue 12). A member turns alerts on for a saved search (instant or a daily
 * digest); when a listing becomes public (SavedSearchAlertsSubscriber), the searches it matches are
 * found without running them (see saved-search-match.ts: an index of the searches by their most
 * selective facets, then an in-memory test of the few candidates) and recorded once per search and
 * listing. Instant searches are told at the end of their batch window (SavedSearchAlertQueue), daily
 * ones in one digest per member per day (SavedSearchAlertsTask). Only listings the public sees, never
 * the member's own, never twice for one search and listing; in-app always, e-mailed per the member's
 * choice for 'saved_search' (NotificationsService).
 */
@Injectable()
export class SavedSearchAlertsService {
  private readonly logger = new Logger('SavedSearchAlerts');
  /** Prepared alert filters by search id (see FILTERS_KEPT): the candidates' lookup then reads three narrow columns. */
  private readonly filters = new Map<string, PreparedAlert>();

  constructor(
    private readonly repo: SavedSearchAlertsRepository,
    @Inject(forwardRef(() => ListingsService)) private readonly listings: ListingsService,
    private readonly notifications: NotificationsService,
    private readonly transactions: Transactions,
    private readonly queue: SavedSearchAlertQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A saved search's query string compiled for alerts: its filters (400 when the search page's API would
   * refuse them), its words as PostgreSQL parses them, and its index keys.
   */
  async compile(query: string): Promise<{ filters: SavedSearchAlertFilters; keys: string[] }> {
    const parsed = filtersOfSavedQuery(query);
    const words = hasSearchWords(parsed.text) ? await this.listings.lexemesOf(parsed.text) : null;
    // the rarest word keys the search (fewest listings now; a word no listing has yet, rarest of all)
    const filters = alertFiltersOf(parsed, words, keyWordOf(words, await this.listings.wordCounts(words ?? [])));
    return { filters, keys: alertKeysOf(filters) };
  }

  /**
   * The alert columns of a search saved with `alert`, and its index keys (for SavedItemsService.save,
   * which inserts the row and then calls `indexSaved` in the same transaction).
   */
  async columnsFor(query: string, alert: SavedSearchAlert, now = new Date()) {
    if (alert === 'off') return { columns: { alert, alertSince: null, alertFilters: null }, keys: [] };
    const { filters, keys } = await this.compile(query);
    return { columns: { alert, alertSince: now, alertFilters: filters as unknown as Record<string, unknown> }, keys };
  }

  /** Puts a search just saved with alerts on in the index of alerting searches. */
  indexSaved(row: SavedItemRow, keys: string[]): Promise<void> {
    return this.repo.indexSearch(row, keys);
  }

  /**
   * PUT /user/save/search/:id/alert: the caller's own saved search only (404 otherwise). Turning alerts
   * on starts from now (earlier listings are not new to it); switching between instant and daily keeps
   * that start and the untold matches (from daily to instant they go at the end of the current batch
   * window); turning them off forgets the untold matches.
   */
  async setAlert(caller: AuthUser, id: string, alert: SavedSearchAlert): Promise<SavedItemRow> {
    const search = await this.repo.ownSearch(caller.id, id);
    if (!search) throw new NotFoundException(ALERT_SEARCH_NOT_FOUND);
    const query = typeof search.data.query === 'string' ? search.data.query : '';
    const compiled = alert === 'off' ? null : await this.compile(query);
    return this.transactions.run(async () => {
      if (!compiled) {
        await this.repo.dropPending(id);
        await this.repo.indexSearch(search, []);
        return this.repo.setAlert(id, { alert, alertSince: null, alertFilters: null });
      }
      const row = await this.repo.setAlert(id, {
        alert,
        alertSince: search.alert !== 'off' && search.alertSince ? search.alertSince : new Date(),
        alertFilters: compiled.filters,
      });
      await this.repo.indexSearch(row, compiled.keys);
      // daily to instant: the matches waiting for the digest go at the end of this window instead
      if (alert === 'instant' && search.alert === 'daily') this.transactions.afterCommit(() => this.queue.schedule([id]));
      return row;
    });
  }

  /**
   * The alerting searches a listing matches: the candidates that share an index key with it (other
   * members' searches whose alerts were on by `at`), tested in memory. `tested` is how many candidates
   * there were (the benchmark reports it).
   */
  async matchesOf(listing: ListingForAlerts, at: Date): Promise<{ tested: number; matched: AlertingSearch[] }> {
    const candidates = await this.repo.candidates(probeKeysOf(listing), listing.ownerId, at);
    const missing = candidates.filter((c) => !this.filters.has(c.id)).map((c) => c.id);
    if (missing.length) {
      for (const [id, f] of await this.repo.filtersOf(missing)) {
        if (this.filters.size >= FILTERS_KEPT) this.filters.delete(this.filters.keys().next().value!);
        this.filters.set(id, prepareAlert(f));
      }
    }
    const matched: AlertingSearch[] = [];
    for (const c of candidates) {
      const filters = this.filters.get(c.id);
      if (filters && matchesPrepared(listing, filters)) matched.push(c);
    }
    return { tested: candidates.length, matched };
  }

  /**
   * A listing may just have become public (created, shown, or made active): records the alerting
   * searches it matches, once per search, and schedules their instant alerts after the commit. With
   * `onlyActive` (a change of status) only an active listing counts: one sold or rented is not new.
   * Answers how many searches it newly matched.
   */
  async listingPublished(listingId: string, at: Date, onlyActive = false): Promise<number> {
    const [listing] = await this.listings.forAlerts([listingId]);
    if (!listing?.isPublic || (onlyActive && listing.status !== 'active')) return 0;
    const { matched } = await this.matchesOf(listing, at);
    const fresh = new Set(await this.repo.recordMatches(listingId, matched));
    const instant = matched.filter((s) => s.alert === 'instant' && fresh.has(s.id)).map((s) => s.id);
    // a lost job (Redis down) is found by the sweep (SavedSearchAlertsTask)
    if (instant.length) this.transactions.afterCommit(() => this.queue.schedule(instant));
    return fresh.size;
  }

  /**
   * An instant search's alert (its batch window ended): one notification of every match not told yet
   * that the public still sees, in one transaction with marking them told. Nothing when the search is
   * gone, no longer instant (a daily search's matches wait for the digest) or has nothing new.
   */
  async sendInstant(savedItemId: string): Promise<NotificationRow | null> {
    return this.transactions.run(async () => {
      const [search] = await this.repo.searches([savedItemId]);
      if (search?.alert !== 'instant') return null;
      const shown = await this.stillPublic(await this.repo.claimPending(savedItemId));
      if (!shown.length) return null;
      const now = new Date();
      const [row] = await this.notifications.notify({ id: randomUUID(), occurredAt: now.toISOString() }, [
        instantNotification(search, shown.map((m) => m.listing)),
      ]);
      await this.repo.markNotified([savedItemId], now);
      return row ?? null;
    });
  }

  /**
   * The daily digests due at `now` (from SAVED_SEARCH_DIGEST_HOUR, Asia/Manila): one notification per
   * member per day with the untold matches of each of their daily searches. Answers how many went out.
   */
  async sendDailyDigests(now = new Date()): Promise<number> {
    const { day, dueAt, due } = digestDay(now, this.config.savedSearchAlerts.digestHour);
    if (!due) return 0;
    let sent = 0;
    let after: string | null = null;
    for (;;) {
      const members = await this.repo.dueForDigest(dueAt, after, DIGEST_PAGE);
      for (const userId of members) if (await this.sendDigest(userId, day, now)) sent++;
      if (members.length < DIGEST_PAGE) return sent;
      after = members[members.length - 1];
    }
  }

  private async sendDigest(userId: string, day: string, now: Date): Promise<boolean> {
    try {
      return await this.transactions.run(async () => {
        const shown = await this.stillPublic(await this.repo.claimDaily(userId));
        if (!shown.length) return false;
        const searches = new Map((await this.repo.searches([...new Set(shown.map((m) => m.savedItemId))])).map((s) => [s.id, s]));
        const parts = [...searches.values()].map((search) => ({
          search,
          listings: shown.filter((m) => m.savedItemId === search.id).map((m) => m.listing),
        }));
        // one per member and day, whatever the retries and however many workers run the task
        const written = await this.notifications.notify({ id: uuidOfKey(`digest:${userId}:${day}`), occurredAt: now.toISOString() }, [
          digestNotification(userId, day, parts),
        ]);
        if (!written.length) throw new AlreadyDigested();
        await this.repo.markDigested(userId, now);
        return true;
      });
    } catch (err) {
      if (err instanceof AlreadyDigested) return false;
      throw err;
    }
  }

  /**
   * Schedules the alerts of instant searches with matches untold for longer than two batch windows
   * (their job was lost: Redis was down when the match committed). Answers how many.
   */
  async sweep(now = new Date()): Promise<number> {
    const overdue = await this.repo.overdueInstant(new Date(now.getTime() - 2 * this.config.savedSearchAlerts.batchMs), 1000);
    if (overdue.length) {
      this.logger.warn(`${overdue.length} instant saved-search alerts were overdue; scheduling them again`);
      await this.queue.schedule(overdue, now.getTime());
    }
    return overdue.length;
  }

  /**
   * The claimed matches whose listing the public still sees, with the listing; the others are forgotten
   * (should one be shown again, it may match again).
   */
  private async stillPublic(claimed: ClaimedMatch[]): Promise<Array<ClaimedMatch & { listing: ListingForAlerts }>> {
    if (!claimed.length) return [];
    const listings = new Map((await this.listings.forAlerts([...new Set(claimed.map((c) => c.listingId))])).map((l) => [l.id, l]));
    await this.repo.forget(claimed.filter((c) => !listings.get(c.listingId)?.isPublic));
    return claimed.flatMap((c) => {
      const listing = listings.get(c.listingId);
      return listing?.isPublic ? [{ ...c, listing }] : [];
    });
  }
}
