import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { savedItems, savedSearchAlertKeys, savedSearchMatches, type SavedItemRow } from '@app/db';
import type { SavedSearchAlert } from '@app/domain';
import { InjectDb, type Database } from '../../../common/db/database.module';
import { rowsOf } from '../../places/psgc';
import type { SavedSearchAlertFilters } from './saved-search-match';

/** A list of ids (or keys) as a PostgreSQL array literal, one parameter. */
const pgArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** A candidate as `candidates` packs it: a search id and a member id (36 characters each), then `i` (instant) or `d` (daily). */
const CANDIDATE_WIDTH = 73;

/** A saved search with alerts on, as the candidates' lookup finds it. */
export interface CandidateSearch {
  id: string;
  userId: string;
  alert: SavedSearchAlert;
}

/** A candidate that matched. */
export type AlertingSearch = CandidateSearch;

/** A saved search as an alert tells of it. */
export interface AlertedSearch {
  id: string;
  userId: string;
  name: string | null;
  query: string;
  alert: SavedSearchAlert;
}

/** A match an alert is about to tell of (claimed: marked notified in the caller's transaction). */
export interface ClaimedMatch {
  savedItemId: string;
  listingId: string;
}

/**
 * Saved-search alerts' reads and writes: the alert columns of saved_items and the matches
 * (saved_search_matches), both tables of the saved module.
 */
@Injectable()
export class SavedSearchAlertsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The member's own saved search (null when it is not theirs, not a search, or gone). */
  async ownSearch(userId: string, id: string): Promise<SavedItemRow | null> {
    const [row] = await this.db
      .select()
      .from(savedItems)
      .where(and(eq(savedItems.id, id), eq(savedItems.userId, userId), eq(savedItems.type, 'search')))
      .limit(1);
    return row ?? null;
  }

  /** Sets a search's alert columns; answers the row. */
  async setAlert(id: string, values: { alert: SavedSearchAlert; alertSince: Date | null; alertFilters: SavedSearchAlertFilters | null }): Promise<SavedItemRow> {
    const [row] = await this.db
      .update(savedItems)
      .set({ ...values, alertFilters: values.alertFilters as unknown as Record<string, unknown> | null })
      .where(eq(savedItems.id, id))
      .returning();
    return row;
  }

  /** Puts a search in the index of alerting searches under its keys (replacing what it had), or takes it out (no keys). */
  async indexSearch(search: { id: string; userId: string; alert: SavedSearchAlert; alertSince: Date | null }, keys: string[]): Promise<void> {
    await this.db.delete(savedSearchAlertKeys).where(eq(savedSearchAlertKeys.savedItemId, search.id));
    if (search.alert === 'off' || !search.alertSince || !keys.length) return;
    await this.db.insert(savedSearchAlertKeys).values(
      [...new Set(keys)].map((key) => ({ key, savedItemId: search.id, userId: search.userId, alert: search.alert as 'instant' | 'daily', alertSince: search.alertSince! })),
    );
  }

  /** A search's keys in the index (tests). */
  async keysOf(savedItemId: string): Promise<string[]> {
    const rows = await this.db.select({ key: savedSearchAlertKeys.key }).from(savedSearchAlertKeys).where(eq(savedSearchAlertKeys.savedItemId, savedItemId));
    return rows.map((r) => r.key).sort();
  }

  /** Forgets a search's matches nobody was told of yet (its alerts were turned off). */
  async dropPending(savedItemId: string): Promise<void> {
    await this.db.delete(savedSearchMatches).where(and(eq(savedSearchMatches.savedItemId, savedItemId), isNull(savedSearchMatches.notifiedAt)));
  }

  /**
   * The searches with alerts on that share a key with `probes` (saved_search_alert_keys, read from its
   * covering index alone), of members other than `ownerId`, whose alerts were on by `at`. Only these
   * are tested against the listing. A search is under one of a listing's keys at most (a listing has
   * one value of each facet), but each is answered once all the same.
   *
   * A listing in a busy city has thousands of candidates. PostgreSQL finds them in about a millisecond;
   * decoding as many rows of three columns through the driver took ten times that, so they come as one
   * string, 73 characters per candidate (search id, member id, the alert's first letter), cut up here.
   */
  async candidates(probes: string[], ownerId: string, at: Date): Promise<CandidateSearch[]> {
    const k = savedSearchAlertKeys;
    const [row] = rowsOf<{ c: string | null }>(
      await this.db.execute(sql`
        select string_agg(${k.savedItemId}::text || ${k.userId}::text || left(${k.alert}, 1), '') as c
        from ${k}
        where ${k.key} = any(${pgArray(probes)}::text[]) and ${k.userId} <> ${ownerId}::uuid and ${k.alertSince} <= ${at.toISOString()}::timestamptz`),
    );
    const packed = row?.c ?? '';
    const seen = new Set<string>();
    const out: CandidateSearch[] = [];
    for (let i = 0; i + CANDIDATE_WIDTH <= packed.length; i += CANDIDATE_WIDTH) {
      const id = packed.slice(i, i + 36);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ id, userId: packed.slice(i + 36, i + 72), alert: packed[i + 72] === 'i' ? 'instant' : 'daily' });
    }
    return out;
  }

  /** The alert filters of these searches (those with alerts on). */
  async filtersOf(ids: string[]): Promise<Map<string, SavedSearchAlertFilters>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: savedItems.id, filters: savedItems.alertFilters })
      .from(savedItems)
      .where(sql`${savedItems.id} = any(${pgArray(ids)}::uuid[])`);
    return new Map(rows.flatMap((r) => (r.filters ? [[r.id, r.filters as unknown as SavedSearchAlertFilters]] : [])));
  }

  /**
   * Records a listing's matches once per search and listing; answers the searches whose match is new.
   * One statement with two array parameters however many searches matched (a listing in a busy city
   * matches thousands: thousands of bound values would cost more to send and parse than to insert).
   */
  async recordMatches(listingId: string, searches: Array<{ id: string; userId: string }>): Promise<string[]> {
    if (!searches.length) return [];
    const rows = rowsOf<{ saved_item_id: string }>(
      await this.db.execute(sql`
        insert into ${savedSearchMatches} (saved_item_id, listing_id, user_id)
        select s, ${listingId}::uuid, u from unnest(${pgArray(searches.map((m) => m.id))}::uuid[], ${pgArray(searches.map((m) => m.userId))}::uuid[]) as t(s, u)
        on conflict do nothing
        returning saved_item_id`),
    );
    return rows.map((r) => r.saved_item_id);
  }

  /** The searches, as an alert tells of them. */
  async searches(ids: string[]): Promise<AlertedSearch[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({ id: savedItems.id, userId: savedItems.userId, name: savedItems.name, data: savedItems.data, alert: savedItems.alert })
      .from(savedItems)
      .where(inArray(savedItems.id, ids));
    return rows.map(({ data, ...r }) => ({ ...r, query: typeof data.query === 'string' ? data.query.replace(/^\?/, '') : '' }));
  }

  /**
   * Marks a search's untold matches told and answers them, oldest first, in the caller's transaction:
   * a second claim running at the same time waits for this one and then finds nothing.
   */
  async claimPending(savedItemId: string): Promise<ClaimedMatch[]> {
    const rows = await this.db
      .update(savedSearchMatches)
      .set({ notifiedAt: sql`now()` })
      .where(and(eq(savedSearchMatches.savedItemId, savedItemId), isNull(savedSearchMatches.notifiedAt)))
      .returning({ savedItemId: savedSearchMatches.savedItemId, listingId: savedSearchMatches.listingId, matchedAt: savedSearchMatches.matchedAt });
    return rows.sort((a, b) => a.matchedAt.getTime() - b.matchedAt.getTime()).map(({ savedItemId: s, listingId }) => ({ savedItemId: s, listingId }));
  }

  /** Like claimPending, for every daily search of a member. */
  async claimDaily(userId: string): Promise<ClaimedMatch[]> {
    const rows = rowsOf<{ saved_item_id: string; listing_id: string }>(
      await this.db.execute(sql`
        update ${savedSearchMatches} m set notified_at = now()
        from ${savedItems} s
        where s.id = m.saved_item_id and s.alert = 'daily' and m.user_id = ${userId} and m.notified_at is null
        returning m.saved_item_id, m.listing_id, m.matched_at`),
    );
    return rows.map((r) => ({ savedItemId: r.saved_item_id, listingId: r.listing_id }));
  }

  /** Forgets matches (of listings the public no longer sees: should one come back, it may match again). */
  async forget(matches: ClaimedMatch[]): Promise<void> {
    if (!matches.length) return;
    await this.db
      .delete(savedSearchMatches)
      .where(or(...matches.map((m) => and(eq(savedSearchMatches.savedItemId, m.savedItemId), eq(savedSearchMatches.listingId, m.listingId)))));
  }

  async markNotified(savedItemIds: string[], at: Date): Promise<void> {
    if (!savedItemIds.length) return;
    await this.db.update(savedItems).set({ lastNotifiedAt: at }).where(inArray(savedItems.id, savedItemIds));
  }

  /** Marks every daily search of a member as told today (its digest went out). */
  async markDigested(userId: string, at: Date): Promise<void> {
    await this.db
      .update(savedItems)
      .set({ lastNotifiedAt: at })
      .where(and(eq(savedItems.userId, userId), eq(savedItems.type, 'search'), eq(savedItems.alert, 'daily')));
  }

  /**
   * Members with untold matches of a daily search not told of since `since` (when today's digest was
   * due): those whose digest is due. At most `limit`, by member id after `after`.
   */
  async dueForDigest(since: Date, after: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ userId: savedSearchMatches.userId })
      .from(savedSearchMatches)
      .innerJoin(savedItems, eq(savedItems.id, savedSearchMatches.savedItemId))
      .where(
        and(
          isNull(savedSearchMatches.notifiedAt),
          eq(savedItems.alert, 'daily'),
          or(isNull(savedItems.lastNotifiedAt), lt(savedItems.lastNotifiedAt, since)),
          after ? gt(savedSearchMatches.userId, after) : undefined,
        ),
      )
      .orderBy(asc(savedSearchMatches.userId))
      .limit(limit);
    return rows.map((r) => r.userId);
  }

  /** Instant searches with a match untold since before `before` (its alert job was lost: Redis was down). */
  async overdueInstant(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: savedSearchMatches.savedItemId })
      .from(savedSearchMatches)
      .innerJoin(savedItems, eq(savedItems.id, savedSearchMatches.savedItemId))
      .where(and(isNull(savedSearchMatches.notifiedAt), lt(savedSearchMatches.matchedAt, before), eq(savedItems.alert, 'instant')))
      .limit(limit);
    return rows.map((r) => r.id);
  }
}
