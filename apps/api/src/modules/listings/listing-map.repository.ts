import { Injectable } from '@nestjs/common';
import { and, sql, type SQL } from 'drizzle-orm';
import { gridCellOf, listingGridBlocks, listings } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import { rowsOf } from '../places/psgc';
import type { ListingFilters } from './listing-search';
import type { Box, BoxPlan, Segment } from './listing-map';
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

const int8Array = (values: number[]) => `{${values.join(',')}}`;
/** The visibility of the public, as literals (the partial grid index's own condition, so the planner can use it). */
const PUBLIC_ONLY = sql`${listings.isVisible} and ${listings.status} <> 'draft'`;
const inBox = (b: Box) => sql`${listings.lat} between ${b.south} and ${b.north} and ${listings.lng} between ${b.west} and ${b.east}`;
/** A listing's cluster at a level, from its coordinates: its level-0 cell's row and column shifted. */
const clusterOfPoint = (level: number) =>
  sql`((floor((${listings.lat} + 90) * 200)::int8 >> ${sql.raw(String(level))}) * 72000 + (floor((${listings.lng} + 180) * 200)::int8 >> ${sql.raw(String(level))}))`;

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
   * their centres), plus the listings in the edge cells that lie inside the box (at their own
   * coordinates). Reads a few blocks per level and the edge cells' index entries, whatever the box holds.
   */
  async publicClusters(plan: BoxPlan, level: number): Promise<ClusterRow[]> {
    const g = listingGridBlocks;
    const cell = gridCellOf(listings.lat, listings.lng);
    const b = plan.box;
    const { levels, lo, hi } = columns(plan.blocks);
    const edge = columns(plan.edge);
    const result = await this.withoutJit((db) => db.execute(sql`
      with blocks as (
        select s.level, found.block, found.listings
        from unnest(${int8Array(levels)}::int[], ${int8Array(lo)}::int8[], ${int8Array(hi)}::int8[]) as s(level, lo, hi)
        cross join lateral (
          select ${g.block} as block, ${g.listings} as listings from ${g}
          where ${g.level} = s.level and ${g.block} between s.lo and s.hi and ${g.listings} > 0 offset 0
        ) found
      ),
      parts as (
        select ((block / 72000) >> (${level} - level)) * 72000 + ((block % 72000) >> (${level} - level)) as cluster,
          listings as n,
          ((block / 72000) + 0.5) * (1 << level) / 200.0 - 90 as lat,
          ((block % 72000) + 0.5) * (1 << level) / 200.0 - 180 as lng,
          (block / 72000) * (1 << level) / 200.0 - 90 as south,
          ((block / 72000) + 1) * (1 << level) / 200.0 - 90 as north,
          (block % 72000) * (1 << level) / 200.0 - 180 as west,
          ((block % 72000) + 1) * (1 << level) / 200.0 - 180 as east
        from blocks
        union all
        select found.cluster, 1, found.lat, found.lng, found.lat, found.lat, found.lng, found.lng
        from unnest(${int8Array(edge.lo)}::int8[], ${int8Array(edge.hi)}::int8[]) as s(lo, hi)
        cross join lateral (
          select ${clusterOfPoint(level)} as cluster, ${listings.lat} as lat, ${listings.lng} as lng from ${listings}
          where ${cell} between s.lo and s.hi and ${PUBLIC_ONLY} and ${inBox(b)} offset 0
        ) found
      )
      select cluster, sum(n) as count, sum(n * lat) / sum(n) as lat, sum(n * lng) / sum(n) as lng,
        greatest(min(south), ${b.south}) as south, least(max(north), ${b.north}) as north,
        greatest(min(west), ${b.west}) as west, least(max(east), ${b.east}) as east
      from parts group by cluster order by cluster`));
    return toClusters(rowsOf(result));
  }

  /**
   * The listings matching a search (its filters and the box) by cluster at `level`, read listing by
   * listing through `whereOf`. With `cap`, reads at most cap + 1 matches (the caller learns whether
   * that was all of them from the counts); with `sample` (1-255 of 256), only the listings whose id
   * falls in that share, chosen from the grid index before any row is read (the caller scales up).
   */
  async matchingClusters(
    f: ListingFilters,
    viewer: Viewer,
    level: number,
    options: { cap?: number; sample?: { share: number; rows: Segment[] } } = {},
  ): Promise<ClusterRow[]> {
    const where = this.listingsRepo.whereOf(f, viewer, 'count');
    const cell = gridCellOf(listings.lat, listings.lng);
    let source: SQL;
    if (options.sample) {
      const { lo, hi } = columns(options.sample.rows);
      // the sample's ids come from the grid index alone (id, lat and lng are in it); only they are read
      source = sql`select ${listings.lat} as lat, ${listings.lng} as lng from (
          select found.id from unnest(${int8Array(lo)}::int8[], ${int8Array(hi)}::int8[]) as s(lo, hi)
          cross join lateral (
            select ${listings.id} as id from ${listings}
            where ${cell} between s.lo and s.hi and ${PUBLIC_ONLY} and ${inBox(f.bounds!)}
              and get_byte(uuid_send(${listings.id}), 15) < ${options.sample.share} offset 0
          ) found offset 0
        ) sampled join ${listings} on ${listings.id} = sampled.id where ${where}`;
    } else {
      source = sql`select ${listings.lat} as lat, ${listings.lng} as lng from ${listings} where ${where}${
        options.cap !== undefined ? sql` limit ${options.cap + 1}` : sql``
      }`;
    }
    const result = await this.withoutJit((db) => db.execute(sql`
      select ((floor((lat + 90) * 200)::int8 >> ${sql.raw(String(level))}) * 72000 + (floor((lng + 180) * 200)::int8 >> ${sql.raw(String(level))})) as cluster,
        count(*) as count, avg(lat) as lat, avg(lng) as lng, min(lat) as south, max(lat) as north, min(lng) as west, max(lng) as east
      from (${source}) m group by 1 order by 1`));
    return toClusters(rowsOf(result));
  }

  /** The matches of a search (filters and box) as map pins, newest first (the caller knows there are few). */
  async pins(f: ListingFilters, viewer: Viewer, limit: number): Promise<PinRow[]> {
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
      .where(this.listingsRepo.whereOf(f, viewer, 'count'))
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
   * range of cells each): every listing in the box is read from the index, so only for boxes that hold few.
   */
  async boxPageIdsByRows(box: Box, rows: Segment[], limit: number, skip: number): Promise<string[]> {
    const cell = gridCellOf(listings.lat, listings.lng);
    const { lo, hi } = columns(rows);
    const result = await this.withoutJit((db) => db.execute(sql`
      select found.id from unnest(${int8Array(lo)}::int8[], ${int8Array(hi)}::int8[]) as s(lo, hi)
      cross join lateral (
        select ${listings.id} as id, ${listings.createdAt} as created_at from ${listings}
        where ${cell} between s.lo and s.hi and ${PUBLIC_ONLY} and ${inBox(box)}
        order by ${listings.createdAt} desc, ${listings.id} desc limit ${limit + skip}
      ) found
      order by found.created_at desc, found.id desc limit ${limit} offset ${skip}`));
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }
}

function columns(segments: Segment[]) {
  return { levels: segments.map((s) => s.level), lo: segments.map((s) => s.lo), hi: segments.map((s) => s.hi) };
}
