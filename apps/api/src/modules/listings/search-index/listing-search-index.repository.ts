import { Injectable } from '@nestjs/common';
import { and, asc, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { listingSearchChanges, listings } from '@app/db';
import { InjectDb, type Database } from '../../../common/db/database.module';
import { preparedStatement } from '../../../common/db/prepared-statement';
import { rowsOf } from '../../places/psgc';
import { PUBLIC_LISTINGS } from '../listing-access';
import type { IndexedListing } from './listing-search-index';

/** The nil id a TRUNCATE of listings writes to listing_search_changes: reload everything. */
export const RELOAD_ALL = '00000000-0000-0000-0000-000000000000';

/** What the index reads of a listing (its public visibility decided by `PUBLIC_LISTINGS` or `canSeeListing`). */
const INDEXED_COLUMNS = {
  id: listings.id,
  createdAt: sql<number>`(extract(epoch from ${listings.createdAt}) * 1000000)::float8`,
  name: listings.name,
  price: listings.price,
  currency: listings.currency,
  lotSize: listings.lotSize,
  floorSize: listings.floorSize,
  bedrooms: listings.bedrooms,
  bathrooms: listings.bathrooms,
  parkingSlots: listings.parkingSlots,
  type: listings.type,
  offer: listings.offer,
  kind: listings.kind,
  furnishing: listings.furnishing,
  status: listings.status,
  tags: listings.tags,
  verified: listings.verified,
  rating: listings.ratingAverage,
  lat: listings.lat,
  lng: listings.lng,
  ownerId: listings.ownerId,
  cityCode: listings.cityCode,
  cityName: listings.cityName,
  barangayCode: listings.barangayCode,
  lexemes: sql<string[]>`tsvector_to_array(${listings.searchVector})`,
  isVisible: listings.isVisible,
};

export type IndexedRow = IndexedListing & { isVisible: boolean };

/**
 * The changes (their seq numbers) of transactions from `fromXid` on that a statement sees, as a
 * column another statement can carry (`fromXid` a placeholder or value): the page's listings are read
 * with it, so a search learns in the same round trip whether anything changed (see
 * ListingSearchIndexService.isCurrent).
 */
export function changeSeqsSince(fromXid: SQL): SQL<number[] | string> {
  return sql<number[] | string>`(select coalesce(array_agg(${listingSearchChanges.seq}), '{}') from ${listingSearchChanges}
    where ${listingSearchChanges.xid} >= ${fromXid}::text::xid8)`;
}

/** Seq numbers as the driver gives an int array (parsed, or PostgreSQL's text form). */
export function seqsOf(value: number[] | string): number[] {
  return pgArray(value as string[] | string).map(Number);
}

/**
 * The in-memory search index's reads: the public listings in batches (by id), the listings named by
 * changes, the changes themselves (listing_search_changes, owned here) and PostgreSQL's parse of a text.
 */
@Injectable()
export class ListingSearchIndexRepository {
  private changesStatement?: ReturnType<typeof preparedStatement<{ fromXid: string }>>;

  constructor(@InjectDb() private readonly db: Database) {}

  /** The next `limit` public listings after `afterId` (by id): the initial load, batch by batch. */
  async publicBatch(afterId: string | null, limit: number): Promise<IndexedRow[]> {
    const rows = await this.db
      .select(INDEXED_COLUMNS)
      .from(listings)
      .where(and(PUBLIC_LISTINGS, afterId ? gt(listings.id, afterId) : undefined))
      .orderBy(asc(listings.id))
      .limit(limit);
    return rows as IndexedRow[];
  }

  /**
   * Every public listing's id in an order's ascending order (ties: id descending, as the search's SQL;
   * names in code-point order, `COLLATE "C"`, as the index compares them), through a cursor `batch` at a
   * time: PostgreSQL sorts, in its own process, while this one keeps answering.
   */
  async publicIdsInOrder(field: 'createdAt' | 'price' | 'name', batch: number): Promise<string[]> {
    const key = { createdAt: sql`${listings.createdAt}`, price: sql`${listings.price}`, name: sql`${listings.name} collate "C"` }[field];
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`declare listing_order no scroll cursor for
        select ${listings.id}::text as id from ${listings} where ${PUBLIC_LISTINGS} order by ${key}, ${listings.id} desc`);
      const ids: string[] = [];
      for (;;) {
        const rows = rowsOf<{ id: string }>(await tx.execute(sql.raw(`fetch ${Math.max(1, Math.floor(batch))} from listing_order`)));
        for (const r of rows) ids.push(r.id);
        if (rows.length < batch) return ids;
      }
    });
  }

  /** These listings as they are now (visible or not: the caller decides; a deleted one is absent). */
  async byIds(ids: string[]): Promise<IndexedRow[]> {
    if (!ids.length) return [];
    return (await this.db.select(INDEXED_COLUMNS).from(listings).where(inArray(listings.id, ids))) as IndexedRow[];
  }

  /**
   * The oldest transaction still running (the snapshot's xmin, as text): every transaction below it
   * has finished, so its changes are visible to any statement from now on.
   */
  async oldestRunning(): Promise<string> {
    const [row] = rowsOf<{ xmin: string }>(await this.db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`));
    return row.xmin;
  }

  /**
   * The listings changed by transactions at or after `fromXid` that have committed (all that this
   * statement can see), and the xmin of its snapshot: the next read starts there. A change can be
   * read twice (its transaction was below the next xmin only later); re-reading a listing is harmless.
   */
  async changesSince(fromXid: string): Promise<{ ids: string[]; seqs: number[]; xmin: string }> {
    // every search reads this (usually to find nothing): a statement built and prepared once
    this.changesStatement ??= preparedStatement<{ fromXid: string }>(
      this.db,
      'listing_search_changes_since',
      sql`select (select pg_snapshot_xmin(pg_current_snapshot())::text) as xmin,
        coalesce(array_agg(${listingSearchChanges.listingId}::text order by ${listingSearchChanges.seq}), '{}') as ids,
        coalesce(array_agg(${listingSearchChanges.seq} order by ${listingSearchChanges.seq}), '{}') as seqs
      from ${listingSearchChanges} where ${listingSearchChanges.xid} >= ${sql.placeholder('fromXid')}::text::xid8`,
    );
    const [row] = (await this.changesStatement({ fromXid })) as { xmin: string; ids: string[] | string; seqs: (string | number)[] | string }[];
    return { xmin: row.xmin, ids: pgArray(row.ids), seqs: pgArray(row.seqs).map(Number) };
  }

  /** Forgets changes older than `olderThanMs` (every process has long read them, or reloads). */
  async pruneChanges(olderThanMs: number): Promise<void> {
    await this.db
      .delete(listingSearchChanges)
      .where(lt(listingSearchChanges.changedAt, sql`now() - ${`${Math.round(olderThanMs)} milliseconds`}::interval`));
  }

  /** A search text's words as PostgreSQL parses them for `plainto_tsquery('simple', …)` (the listings' lexemes were parsed alike). */
  async lexemesOf(text: string): Promise<string[]> {
    const [row] = rowsOf<{ q: string }>(await this.db.execute(sql`select plainto_tsquery('simple', ${text})::text as q`));
    return parseTsQueryLexemes(row?.q ?? '');
  }
}

/** An array as the driver gives it: already parsed, or PostgreSQL's text form `{a,b}` (PGlite, some types). */
function pgArray(value: string[] | (string | number)[] | string): string[] {
  if (Array.isArray(value)) return value.map(String);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

/** The lexemes of a tsquery's text (`'a' & 'b' & 'it''s'`): every quoted term, unescaped. */
export function parseTsQueryLexemes(query: string): string[] {
  const out: string[] = [];
  const re = /'((?:[^']|'')*)'/g;
  for (let m = re.exec(query); m; m = re.exec(query)) out.push(m[1].replace(/''/g, "'"));
  return out;
}
