import { Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import { GRID_BLOCK_LEVELS, gridCellOf, listings, users } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import { rowsOf } from '../places/psgc';
import type { ListingFilters } from './listing-search';
import type { Box, BoxPlan, Segment } from './listing-map';
import type { ListingWithOwner } from './listing.mapper';
import { ListingsRepository, type Viewer } from './listings.repository';

/** A cluster as read: its level's cell, its listings, where they are (count-weighted) and their extent. */
export interface ClusterRow {
  cluster: number;
  count: number;
  lat: number;
  lng: number;
  south: number;
  north: number;
  west: number;
  east: number;
}

export interface PinRow {
  id: string;
  lat: number;
  lng: number;
  price: number;
  currency: string;
  name: string;
  offer: string;
}

/** listing_box_clusters (migration 0016) called with a planned box, as a FROM item. */
function boxClusters(plan: BoxPlan, level: number) {
  const b = plan.box;
  const rows = columns(plan.rows);
  const cols = columns(plan.columns);
  const strip = (key: keyof BoxPlan['strips'][number]) => int8Array(plan.strips.map((s) => s[key]));
  return sql`listing_box_clusters(${int8Array(rows.levels)}::int[], ${int8Array(rows.lo)}::int8[], ${int8Array(rows.hi)}::int8[],
    ${int8Array(cols.levels)}::int[], ${int8Array(cols.lo)}::int8[], ${int8Array(cols.hi)}::int8[],
    ${strip('south')}::float8[], ${strip('north')}::float8[], ${strip('west')}::float8[], ${strip('east')}::float8[],
    ${strip('r0')}::int8[], ${strip('r1')}::int8[], ${strip('c0')}::int8[], ${strip('c1')}::int8[],
    ${b.south}::float8, ${b.north}::float8, ${b.west}::float8, ${b.east}::float8, ${level}::int)`;
}

/** A PostgreSQL array literal of numbers (ids, cells, degrees). */
const int8Array = (values: number[]) => `{${values.join(',')}}`;
/** The visibility of the public, as literals (the partial grid index's own condition, so the planner can use it). */
const PUBLIC_ONLY = sql`${listings.isVisible} and ${listings.status} <> 'draft'`;
const inBox = (b: Box) => sql`${listings.lat} between ${b.south} and ${b.north} and ${listings.lng} between ${b.west} and ${b.east}`;

const toClusters = (rows: Record<string, string | number>[]): ClusterRow[] =>
  rows.map((r) => ({
    cluster: Number(r.cluster),
    count: Number(r.count),
    lat: Number(r.lat),
    lng: Number(r.lng),
    south: Number(r.south),
    north: Number(r.north),
    west: Number(r.west),
    east: Number(r.east),
  }));

/**
 * The map's queries: clusters of a box (from the grid blocks, or from the matching listings), its pins,
 * and the newest-first page of a large public box. Visibility for anything filtered goes through
 * `ListingsRepository.whereOf`; the block counts and the grid index hold only what the public sees.
 */
@Injectable()
export class ListingMapRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    private readonly listingsRepo: ListingsRepository,
  ) {}

  /**
   * Runs map statements in a transaction without JIT compilation. Their row estimates are poor (a run of
   * cells per row of the box, each estimated at a range's default share of the table), so their costs
   * pass jit_above_cost and PostgreSQL would spend 10-30 ms compiling a statement that runs in 2-5 ms.
   */
  private withoutJit<T>(read: (db: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return read(tx as unknown as Database);
    });
  }

  /**
   * The public listings of a planned box by cluster at `level`: the whole blocks' counts (placed at
   * their centres), plus the listings of the edge strips that lie inside the box (at their own
   * coordinates). Reads four runs of blocks per level and the strips' point-index entries, whatever
   * the box holds. The statement is the function listing_box_clusters (migration 0016): a plan cached per
   * connection, no JIT.
   */
  async publicClusters(plan: BoxPlan, level: number): Promise<ClusterRow[]> {
    const result = await this.db.execute(sql`
      select cluster, listings as count, lat, lng, south, north, west, east from ${boxClusters(plan, level)}`);
    return toClusters(rowsOf(result));
  }

  /**
   * A public box's newest-first page with its exact total, in one statement: the total from
   * listing_box_clusters (in a CTE, run once), and the page's ids by whichever walk the total chooses
   * (the other is cut off by its one-time condition before it reads a row): a newest-first walk of
   * every listing with the box as a filter when `limit + skip` × `all` ÷ total ≤ `walkBudget`, else
   * listing_box_newest over the box's rows of cells. Empty when the page is (the caller asks for the
   * total alone then).
   */
  async boxPageWithTotal(plan: BoxPlan, rows: Segment[], viewer: Viewer, limit: number, skip: number, all: number, walkBudget: number) {
    const box = plan.box;
    const { lo, hi } = columns(rows);
    const boxTotal = this.db
      .$with('box_total', { total: sql`total` })
      .as(sql`select coalesce(sum(listings), 0)::int8 as total from ${boxClusters(plan, GRID_BLOCK_LEVELS)}`);
    const walks = sql`(select (select total from box_total) > 0 and ${(limit + skip) * all}::float8 / (select total from box_total) <= ${walkBudget})`;
    const ids = sql`(select ${listings.id} from ${listings}
        where ${and(this.listingsRepo.whereOf({}, viewer), inBox(box))} and ${walks}
        order by ${listings.createdAt} desc, ${listings.id} desc limit ${limit} offset ${skip})
      union all
      (select id from listing_box_newest(${int8Array(lo)}::int8[], ${int8Array(hi)}::int8[],
        ${box.south}::float8, ${box.north}::float8, ${box.west}::float8, ${box.east}::float8, ${limit}::int, ${skip}::int)
        where not ${walks})`;
    const found = await this.db
      .with(boxTotal)
      .select({ ...this.listingsRepo.selection(), total: sql<string>`(select total from box_total)` })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.ownerId))
      .where(sql`${listings.id} in (${ids})`)
      .orderBy(desc(listings.createdAt), desc(listings.id));
    return found as (ListingWithOwner & { total: string })[];
  }

  /**
   * The listings matching a search (its filters and the box) by cluster at `level`, read listing by
   * listing through `whereOf`. With `cap`, reads at most cap + 1 matches (the caller learns whether
   * that was all of them from the counts); with `boxAsFilter`, the box is a condition on the rows found
   * by the other filters' indexes rather than an index scan itself.
   */
  async matchingClusters(
    f: ListingFilters & { bounds: Box },
    viewer: Viewer,
    level: number,
    options: { cap?: number; boxAsFilter?: boolean } = {},
  ): Promise<ClusterRow[]> {
    // the box through the point index (whereOf's own), or, for a text found in the full-text index, as
    // a plain filter on the rows it finds (an index scan of a wide box would read every listing in it)
    const { bounds, ...rest } = f;
    const where = options.boxAsFilter ? and(this.listingsRepo.whereOf(rest, viewer, 'count'), inBox(bounds)) : this.listingsRepo.whereOf(f, viewer, 'count');
    const source = sql`select ${listings.lat} as lat, ${listings.lng} as lng from ${listings} where ${where}${
      options.cap !== undefined ? sql` limit ${options.cap + 1}` : sql``
    }`;
    const result = await this.withoutJit((db) => db.execute(sql`
      select ((floor((lat + 90) * 200)::int8 >> ${sql.raw(String(level))}) * 72000 + (floor((lng + 180) * 200)::int8 >> ${sql.raw(String(level))})) as cluster,
        count(*) as count, avg(lat) as lat, avg(lng) as lng, min(lat) as south, max(lat) as north, min(lng) as west, max(lng) as east
      from (${source}) m group by 1 order by 1`));
    return toClusters(rowsOf(result));
  }

  /**
   * The planner's estimate of a search's matches anywhere (its box aside): no scan, only statistics
   * (for a text, the full-text index's most common words and their frequencies).
   */
  async estimatedMatches(f: ListingFilters, viewer: Viewer): Promise<number> {
    const { bounds: _box, ...anywhere } = f;
    const query = this.db.select({ one: sql`1` }).from(listings).where(this.listingsRepo.whereOf(anywhere, viewer, 'count'));
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(await this.db.execute(sql`explain (format json) ${query}`));
    return row['QUERY PLAN'][0].Plan['Plan Rows'];
  }

  /**
   * How many of a sample of the public listings in a box match a search: the listings of the given rows
   * of cells whose id's last byte is below `share` (of 256), chosen from the grid index alone (id, lat
   * and lng are in it), then only those read by id and tested with `whereOf`.
   */
  async sampleShare(f: ListingFilters & { bounds: Box }, viewer: Viewer, rows: Segment[], share: number): Promise<{ sampled: number; matched: number }> {
    const cell = gridCellOf(listings.lat, listings.lng);
    const { lo, hi } = columns(rows);
    const result = await this.withoutJit((db) =>
      db.execute(sql`
        select count(*) as sampled, count(found.id) as matched
        from unnest(${int8Array(lo)}::int8[], ${int8Array(hi)}::int8[]) as s(lo, hi)
        cross join lateral (
          select ${listings.id} as id from ${listings}
          where ${cell} between s.lo and s.hi and ${PUBLIC_ONLY} and ${inBox(f.bounds)}
            and get_byte(uuid_send(${listings.id}), 15) < ${share} offset 0
        ) inside
        left join lateral (
          select ${listings.id} as id from ${listings} where ${listings.id} = inside.id and ${this.listingsRepo.whereOf(f, viewer, 'count')} offset 0
        ) found on true`),
    );
    const [row] = rowsOf<{ sampled: string; matched: string }>(result);
    return { sampled: Number(row.sampled), matched: Number(row.matched) };
  }

  /** The matches of a search (filters and box) as map pins, newest first (the caller knows there are few). */
  async pins(f: ListingFilters & { bounds: Box }, viewer: Viewer, limit: number, boxAsFilter: boolean): Promise<PinRow[]> {
    // a rare search's matches come from its own indexes, the box a filter on them (see matchingClusters)
    const { bounds, ...rest } = f;
    const where = boxAsFilter ? and(this.listingsRepo.whereOf(rest, viewer, 'count'), inBox(bounds)) : this.listingsRepo.whereOf(f, viewer, 'count');
    const rows = await this.db
      .select({
        id: listings.id,
        lat: listings.lat,
        lng: listings.lng,
        price: listings.price,
        currency: listings.currency,
        name: listings.name,
        offer: listings.offer,
      })
      .from(listings)
      .where(where)
      .orderBy(sql`${listings.createdAt} desc, ${listings.id} desc`)
      .limit(limit);
    return rows.map((r) => ({ ...r, price: Number(r.price) }));
  }

  /**
   * The ids of a public box page, newest first, by walking every listing newest first
   * (`listings_created_at_idx`) and keeping those in the box: about `(limit + skip) × all / in box`
   * rows, so only for boxes that hold a good share of all listings. Visibility from `whereOf`.
   */
  async boxPageIdsByWalk(box: Box, viewer: Viewer, limit: number, skip: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(this.listingsRepo.whereOf({}, viewer), inBox(box)))
      .orderBy(sql`${listings.createdAt} desc, ${listings.id} desc`)
      .limit(limit)
      .offset(skip);
    return rows.map((r) => r.id);
  }

  /**
   * The ids of a public box page, newest first, from the grid index one row of cells at a time (a
   * range of cells each; the function listing_box_newest, migration 0016): every listing in the box is
   * read from the index, so only for boxes that hold few.
   */
  async boxPageIdsByRows(box: Box, rows: Segment[], limit: number, skip: number): Promise<string[]> {
    const { lo, hi } = columns(rows);
    const result = await this.db.execute(sql`
      select id from listing_box_newest(${int8Array(lo)}::int8[], ${int8Array(hi)}::int8[],
        ${box.south}::float8, ${box.north}::float8, ${box.west}::float8, ${box.east}::float8, ${limit}::int, ${skip}::int)`);
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }

}

function columns(segments: Segment[]) {
  return { levels: segments.map((s) => s.level), lo: segments.map((s) => s.lo), hi: segments.map((s) => s.hi) };
}
