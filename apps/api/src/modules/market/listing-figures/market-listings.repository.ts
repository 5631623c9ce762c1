import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { PRICE_BANDS, type AreaLevel } from '@app/domain';
import { InjectDb, type Database } from '../../../common/db/database.module';
import type { AreaRankMetric, AreaStatsView, MarketKind, MarketOffer, MonthlyPoint } from '../market-contracts';
import type { EndReason, StoredMarketListing } from './market-figures';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The months of history kept per area (market_area_monthly). */
export const MONTHLY_HISTORY_MONTHS = 24;

/** The levels the refresh computes, each with the market_listings column that names its area ('PH' for the nation). */
const LEVEL_COLUMNS: Record<AreaLevel, SQL> = {
  barangay: sql.raw('barangay_code'),
  city: sql.raw('city_code'),
  province: sql.raw('province_code'),
  region: sql.raw('region_code'),
  national: sql.raw(`'PH'::text`),
};

/** A market life as written in one statement (JSON rows; dates as ISO strings). */
export interface MarketListingWrite extends Omit<StoredMarketListing, 'listedAt' | 'endedAt' | 'updatedAt'> {
  listedAt: string;
  endedAt: string | null;
  updatedAt: string;
}

export interface PriceChangeWrite {
  listingId: string;
  changedAt: string;
  oldPricePhp: number;
  newPricePhp: number;
  eventId: string | null;
}

const STORED_COLUMNS = sql.raw(`listing_id as "listingId", region_code as "regionCode", province_code as "provinceCode", city_code as "cityCode",
  barangay_code as "barangayCode", type, kind, offer, price_php::float8 as "pricePhp", first_price_php::float8 as "firstPricePhp",
  floor_size::float8 as "floorSize", lot_size::float8 as "lotSize", status, is_public as "isPublic", listed_at as "listedAt",
  ended_at as "endedAt", end_reason as "endReason", price_cuts as "priceCuts", saves, inquiries, updated_at as "updatedAt"`);

const RECORDSET = sql.raw(`(listing_id uuid, region_code text, province_code text, city_code text, barangay_code text, type text, kind text,
  offer text, price_php numeric, first_price_php numeric, floor_size numeric, lot_size numeric, status text, is_public boolean,
  listed_at timestamptz, ended_at timestamptz, end_reason text, price_cuts integer, saves integer, inquiries integer, updated_at timestamptz)`);

const toRecord = (r: MarketListingWrite) => ({
  listing_id: r.listingId,
  region_code: r.regionCode,
  province_code: r.provinceCode,
  city_code: r.cityCode,
  barangay_code: r.barangayCode,
  type: r.type,
  kind: r.kind,
  offer: r.offer,
  price_php: r.pricePhp,
  first_price_php: r.firstPricePhp,
  floor_size: r.floorSize,
  lot_size: r.lotSize,
  status: r.status,
  is_public: r.isPublic,
  listed_at: r.listedAt,
  ended_at: r.endedAt,
  end_reason: r.endReason,
  price_cuts: r.priceCuts,
  saves: r.saves,
  inquiries: r.inquiries,
  updated_at: r.updatedAt,
});

interface StatsRow {
  area_code: string;
  level: AreaLevel;
  offer: MarketOffer;
  kind: string;
  active_count: number;
  median_price: string | null;
  median_price_per_sqm: string | null;
  figures: Record<string, unknown>;
  computed_at: Date;
}

const RANK_EXPRESSIONS: Record<AreaRankMetric, { value: SQL; sample: SQL }> = {
  median_price_per_sqm: { value: sql.raw('median_price_per_sqm'), sample: sql.raw(`(figures->>'sqmSample')::int`) },
  active_count: { value: sql.raw('active_count'), sample: sql.raw('active_count') },
  new_30d: { value: sql.raw(`(figures->>'new30d')::int`), sample: sql.raw('active_count') },
  inquiries_per_listing: { value: sql.raw(`(figures->>'inquiriesPerListing')::float8`), sample: sql.raw('active_count') },
  median_days_on_market: { value: sql.raw(`(figures->>'medianDaysOnMarket')::float8`), sample: sql.raw(`(figures->>'domSample')::int`) },
};

/** The queries of the listing figures (module `market`: market_listings, market_price_changes, market_dirty_areas, market_area_stats, market_area_monthly). */
@Injectable()
export class MarketListingsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /* ---------------------------------------------- market lives ---------------------------------------------- */

  /** The stored market life of a listing, locked until the transaction ends (parallel handlers of one listing take turns). */
  async lockListing(listingId: string): Promise<StoredMarketListing | null> {
    const rows = rowsOf<StoredMarketListing>(await this.db.execute(sql`select ${STORED_COLUMNS} from market_listings where listing_id = ${listingId} for update`));
    return rows[0] ? normaliseStored(rows[0]) : null;
  }

  async find(listingIds: string[]): Promise<StoredMarketListing[]> {
    if (!listingIds.length) return [];
    const rows = rowsOf<StoredMarketListing>(
      await this.db.execute(sql`select ${STORED_COLUMNS} from market_listings where listing_id = any(${`{${listingIds.join(',')}}`}::uuid[])`),
    );
    return rows.map(normaliseStored);
  }

  /** Inserts market lives that are not stored yet; answers the ids inserted. */
  async insertAbsent(rows: MarketListingWrite[]): Promise<string[]> {
    if (!rows.length) return [];
    const result = await this.db.execute(sql`
      insert into market_listings (listing_id, region_code, province_code, city_code, barangay_code, type, kind, offer, price_php,
        first_price_php, floor_size, lot_size, status, is_public, listed_at, ended_at, end_reason, price_cuts, saves, inquiries, updated_at)
      select * from jsonb_to_recordset(${JSON.stringify(rows.map(toRecord))}::jsonb) as r ${RECORDSET}
      on conflict (listing_id) do nothing
      returning listing_id`);
    return rowsOf<{ listing_id: string }>(result).map((r) => r.listing_id);
  }

  /** Writes market lives as given (inserted or replaced): the event handler's planned row, and imported history. */
  async upsert(rows: MarketListingWrite[]): Promise<void> {
    if (!rows.length) return;
    await this.db.execute(sql`
      insert into market_listings (listing_id, region_code, province_code, city_code, barangay_code, type, kind, offer, price_php,
        first_price_php, floor_size, lot_size, status, is_public, listed_at, ended_at, end_reason, price_cuts, saves, inquiries, updated_at)
      select * from jsonb_to_recordset(${JSON.stringify(rows.map(toRecord))}::jsonb) as r ${RECORDSET}
      on conflict (listing_id) do update set region_code = excluded.region_code, province_code = excluded.province_code,
        city_code = excluded.city_code, barangay_code = excluded.barangay_code, type = excluded.type, kind = excluded.kind,
        offer = excluded.offer, price_php = excluded.price_php, first_price_php = excluded.first_price_php,
        floor_size = excluded.floor_size, lot_size = excluded.lot_size, status = excluded.status, is_public = excluded.is_public,
        listed_at = excluded.listed_at, ended_at = excluded.ended_at, end_reason = excluded.end_reason,
        price_cuts = excluded.price_cuts, saves = excluded.saves, inquiries = excluded.inquiries, updated_at = excluded.updated_at`);
  }

  async setSaves(listingId: string, saves: number): Promise<void> {
    await this.db.execute(sql`update market_listings set saves = ${saves} where listing_id = ${listingId} and saves <> ${saves}`);
  }

  /** The listing was deleted: it leaves the market now unless it had already (sold, rented or archived before). */
  async markRemoved(listingId: string, at: Date): Promise<string | null> {
    const rows = rowsOf<{ barangay_code: string }>(
      await this.db.execute(sql`
        update market_listings set is_public = false,
          ended_at = coalesce(ended_at, ${at.toISOString()}::timestamptz),
          end_reason = coalesce(end_reason, 'removed'),
          updated_at = greatest(updated_at, ${at.toISOString()}::timestamptz)
        where listing_id = ${listingId}
        returning barangay_code`),
    );
    return rows[0]?.barangay_code ?? null;
  }

  /** One more inquiry (message thread) about a listing; answers its barangay, or null when its market life is not stored. */
  async addInquiry(listingId: string): Promise<string | null> {
    const rows = rowsOf<{ barangay_code: string }>(
      await this.db.execute(sql`update market_listings set inquiries = inquiries + 1 where listing_id = ${listingId} returning barangay_code`),
    );
    return rows[0]?.barangay_code ?? null;
  }

  /** Records price changes; one per event id (a redelivered event records nothing twice). Answers how many were new. */
  async insertPriceChanges(changes: PriceChangeWrite[]): Promise<number> {
    if (!changes.length) return 0;
    const result = await this.db.execute(sql`
      insert into market_price_changes (listing_id, changed_at, old_price_php, new_price_php, event_id)
      select listing_id, changed_at, old_price_php, new_price_php, event_id
      from jsonb_to_recordset(${JSON.stringify(changes.map((c) => ({ listing_id: c.listingId, changed_at: c.changedAt, old_price_php: c.oldPricePhp, new_price_php: c.newPricePhp, event_id: c.eventId })))}::jsonb)
        as r (listing_id uuid, changed_at timestamptz, old_price_php numeric, new_price_php numeric, event_id uuid)
      on conflict (event_id) do nothing`);
    return (result as { rowCount?: number | null }).rowCount ?? 0;
  }

  async deletePriceChanges(listingIds: string[]): Promise<void> {
    if (!listingIds.length) return;
    await this.db.execute(sql`delete from market_price_changes where listing_id = any(${`{${listingIds.join(',')}}`}::uuid[])`);
  }

  async priceChangesOf(listingId: string): Promise<{ changedAt: Date; oldPricePhp: number; newPricePhp: number; eventId: string | null }[]> {
    return rowsOf(
      await this.db.execute(sql`select changed_at as "changedAt", old_price_php::float8 as "oldPricePhp", new_price_php::float8 as "newPricePhp", event_id as "eventId"
        from market_price_changes where listing_id = ${listingId} order by changed_at, id`),
    );
  }

  async anyMarketListing(): Promise<boolean> {
    return rowsOf(await this.db.execute(sql`select 1 from market_listings limit 1`)).length > 0;
  }

  /* ---------------------------------------------- dirty areas ---------------------------------------------- */

  async markDirty(barangayCodes: string[]): Promise<void> {
    const codes = [...new Set(barangayCodes.filter(Boolean))].sort();
    if (!codes.length) return;
    await this.db.execute(sql`
      insert into market_dirty_areas (barangay_code)
      select unnest(${textArray(codes)}::text[])
      on conflict (barangay_code) do update set marked_at = now()`);
  }

  /** Every barangay with a market life is to be computed again (after a backfill, a full refresh). */
  async markAllDirty(): Promise<number> {
    const result = await this.db.execute(sql`
      insert into market_dirty_areas (barangay_code) select distinct barangay_code from market_listings
      on conflict (barangay_code) do update set marked_at = now()`);
    return (result as { rowCount?: number | null }).rowCount ?? 0;
  }

  /** Takes (deletes and answers) the dirty barangays, up to `limit`, oldest marks first. */
  async takeDirty(limit: number): Promise<string[]> {
    const rows = rowsOf<{ barangay_code: string }>(
      await this.db.execute(sql`
        delete from market_dirty_areas where barangay_code in (
          select barangay_code from market_dirty_areas order by marked_at limit ${limit} for update skip locked)
        returning barangay_code`),
    );
    return rows.map((r) => r.barangay_code);
  }

  async dirtyCount(): Promise<number> {
    return Number(rowsOf<{ n: string }>(await this.db.execute(sql`select count(*) as n from market_dirty_areas`))[0].n);
  }

  /** The city, province and region codes of barangays (from their market lives). */
  async parentsOf(barangayCodes: string[]): Promise<{ cities: string[]; provinces: string[]; regions: string[] }> {
    if (!barangayCodes.length) return { cities: [], provinces: [], regions: [] };
    const rows = rowsOf<{ cities: string[] | null; provinces: string[] | null; regions: string[] | null }>(
      await this.db.execute(sql`
        select array_agg(distinct city_code) as cities, array_agg(distinct province_code) filter (where province_code is not null) as provinces,
          array_agg(distinct region_code) as regions
        from market_listings where barangay_code = any(${textArray(barangayCodes)}::text[])`),
    );
    return { cities: rows[0]?.cities ?? [], provinces: rows[0]?.provinces ?? [], regions: rows[0]?.regions ?? [] };
  }

  /* ---------------------------------------------- the refresh ---------------------------------------------- */

  /**
   * Computes the figures of areas of one level (`codes`; null: every area of the level) from their
   * market lives in one statement: offer × ('all' and each kind) by grouping sets; rows of those areas
   * that no longer have listings are deleted.
   */
  async refreshStats(level: AreaLevel, codes: string[] | null): Promise<number> {
    const area = LEVEL_COLUMNS[level];
    const filter = codes === null ? (level === 'province' ? sql`province_code is not null` : sql`true`) : sql`${area} = any(${textArray(codes)}::text[])`;
    const scope = codes === null ? sql`s.level = ${level}` : sql`s.area_code = any(${textArray(codes)}::text[])`;
    const bands = sql.join(
      PRICE_BANDS.map((b) => sql`count(*) filter (where active and price >= ${b.min}${b.max === null ? sql`` : sql` and price < ${b.max}`})`),
      sql`, `,
    );
    const result = await this.db.execute(sql`
      with base as (
        select ${area} as area_code, offer, kind, city_code, province_code, region_code,
          (is_public and ended_at is null) as active, (is_public or ended_at is not null) as counted,
          price_php::float8 as price,
          (price_php / nullif(case when kind in ('lot', 'farm') or type = 'land' then lot_size else floor_size end, 0))::float8 as ppsqm,
          listed_at, ended_at, price_cuts, saves, inquiries
        from market_listings where ${filter}
      ), agg as (
        select area_code, offer, case when grouping(kind) = 1 then 'all' else kind end as kind,
          min(city_code) as city_code, min(province_code) as province_code, min(region_code) as region_code,
          count(*) filter (where active)::int as active_count,
          count(*) filter (where counted and listed_at >= now() - interval '30 days')::int as new30d,
          count(*) filter (where ended_at >= now() - interval '90 days')::int as ended90d,
          percentile_cont(array[0.25, 0.5, 0.75]) within group (order by price) filter (where active and price is not null) as pq,
          count(*) filter (where active and price is not null)::int as price_sample,
          percentile_cont(array[0.25, 0.5, 0.75]) within group (order by ppsqm) filter (where active and ppsqm is not null) as sq,
          count(*) filter (where active and ppsqm is not null)::int as sqm_sample,
          percentile_cont(0.5) within group (order by extract(epoch from ended_at - listed_at) / 86400.0)
            filter (where ended_at >= now() - interval '365 days') as dom,
          count(*) filter (where ended_at >= now() - interval '365 days')::int as dom_sample,
          count(*) filter (where active and price_cuts > 0)::int as cut_count,
          sum(saves) filter (where active)::float8 as saves, sum(inquiries) filter (where active)::float8 as inquiries,
          array[${bands}]::int[] as bands
        from base
        group by grouping sets ((area_code, offer, kind), (area_code, offer))
        having not (grouping(kind) = 0 and kind is null)
      ), gone as (
        delete from market_area_stats s where ${scope}
          and not exists (select 1 from agg a where a.area_code = s.area_code and a.offer = s.offer and a.kind = s.kind)
      )
      insert into market_area_stats (area_code, level, offer, kind, active_count, median_price, median_price_per_sqm, figures, city_code, province_code, region_code, computed_at)
      select area_code, ${level}, offer, kind, active_count, round(pq[2]::numeric, 2), round(sq[2]::numeric, 2),
        jsonb_build_object(
          'new30d', new30d, 'ended90d', ended90d,
          'p25Price', round(pq[1]::numeric, 2), 'p75Price', round(pq[3]::numeric, 2), 'priceSample', price_sample,
          'p25PricePerSqm', round(sq[1]::numeric, 2), 'p75PricePerSqm', round(sq[3]::numeric, 2), 'sqmSample', sqm_sample,
          'medianDaysOnMarket', round(dom::numeric, 1), 'domSample', dom_sample,
          'priceCutSharePct', case when active_count > 0 then round(100.0 * cut_count / active_count, 1) end,
          'savesPerListing', case when active_count > 0 then round((saves / active_count)::numeric, 2) end,
          'inquiriesPerListing', case when active_count > 0 then round((inquiries / active_count)::numeric, 2) end,
          'priceBandCounts', to_jsonb(bands),
          'cityCode', city_code, 'provinceCode', province_code, 'regionCode', region_code),
        city_code, province_code, region_code, now()
      from agg
      on conflict (area_code, offer, kind) do update set level = excluded.level, active_count = excluded.active_count,
        median_price = excluded.median_price, median_price_per_sqm = excluded.median_price_per_sqm, figures = excluded.figures,
        city_code = excluded.city_code, province_code = excluded.province_code, region_code = excluded.region_code,
        computed_at = excluded.computed_at`);
    return (result as { rowCount?: number | null }).rowCount ?? 0;
  }

  /**
   * The last 24 months of areas of one level, in one statement: new listings per month (by the month
   * listed, Asia/Manila) with the median of their first asking price and price per m², listings that
   * ended in the month, and those on the market at the month's end (a running count of listings in
   * and out: listed before the window counts from its first month). Sparse: a row per month in which
   * listings came or went (and the window's first month); `fillMonths` fills the others.
   */
  async refreshMonthly(level: AreaLevel, codes: string[] | null): Promise<number> {
    const area = LEVEL_COLUMNS[level];
    const filter = codes === null ? (level === 'province' ? sql`province_code is not null` : sql`true`) : sql`${area} = any(${textArray(codes)}::text[])`;
    const scope =
      codes === null
        ? level === 'national'
          ? sql`t.area_code = 'PH'`
          : sql`t.area_code in (select area_code from market_area_stats where level = ${level})`
        : sql`t.area_code = any(${textArray(codes)}::text[])`;
    const result = await this.db.execute(sql`
      with m0 as (
        select (date_trunc('month', now() at time zone 'Asia/Manila') - interval '${sql.raw(String(MONTHLY_HISTORY_MONTHS - 1))} months')::date as start,
          date_trunc('month', now() at time zone 'Asia/Manila')::date as cur
      ), base as (
        select ${area} as area_code, offer, kind,
          date_trunc('month', listed_at at time zone 'Asia/Manila')::date as lm,
          date_trunc('month', ended_at at time zone 'Asia/Manila')::date as em,
          first_price_php::float8 as price,
          (first_price_php / nullif(case when kind in ('lot', 'farm') or type = 'land' then lot_size else floor_size end, 0))::float8 as ppsqm,
          extract(epoch from ended_at - listed_at)::float8 / 86400.0 as dom
        from market_listings where ${filter} and (is_public or ended_at is not null)
      ), ev as (
        select b.area_code, b.offer, b.kind, greatest(b.lm, m0.start) as month, 1 as delta, b.lm >= m0.start as is_new, false as is_end, b.price, b.ppsqm, null::float8 as dom
        from base b, m0 where b.em is null or b.em >= m0.start
        union all
        select b.area_code, b.offer, b.kind, b.em, -1, false, true, null, null, b.dom
        from base b, m0 where b.em >= m0.start
      ), agg as (
        select area_code, offer, case when grouping(kind) = 1 then 'all' else kind end as kind, month,
          sum(delta)::int as delta, count(*) filter (where is_new)::int as new_count, count(*) filter (where is_end)::int as ended_count,
          percentile_cont(0.5) within group (order by price) filter (where is_new and price is not null) as median_price,
          count(*) filter (where is_new and price is not null)::int as price_sample,
          percentile_cont(0.5) within group (order by ppsqm) filter (where is_new and ppsqm is not null) as median_ppsqm,
          count(*) filter (where is_new and ppsqm is not null)::int as sqm_sample,
          percentile_cont(0.5) within group (order by dom) filter (where is_end) as median_dom
        from ev
        group by grouping sets ((area_code, offer, kind, month), (area_code, offer, month))
        having not (grouping(kind) = 0 and kind is null)
      ), filled as (
        -- only months with listings in or out (and the window's first, carrying those listed before it): the reader fills the rest
        select area_code, offer, kind, month, new_count,
          sum(delta) over (partition by area_code, offer, kind order by month)::int as active_count,
          ended_count, median_price, median_ppsqm, price_sample, sqm_sample, median_dom
        from agg
      ), gone as (
        delete from market_area_monthly t where ${scope}
          and not exists (select 1 from filled f where f.area_code = t.area_code and f.offer = t.offer and f.kind = t.kind and f.month = t.month)
      )
      insert into market_area_monthly (area_code, offer, kind, month, new_count, active_count, ended_count, median_price, median_price_per_sqm, price_sample, sqm_sample, median_days_on_market)
      select area_code, offer, kind, month, new_count, active_count, ended_count, round(median_price::numeric, 2), round(median_ppsqm::numeric, 2), price_sample, sqm_sample,
        round(median_dom::numeric, 1)
      from filled
      on conflict (area_code, offer, kind, month) do update set new_count = excluded.new_count, active_count = excluded.active_count,
        ended_count = excluded.ended_count, median_price = excluded.median_price, median_price_per_sqm = excluded.median_price_per_sqm,
        price_sample = excluded.price_sample, sqm_sample = excluded.sqm_sample, median_days_on_market = excluded.median_days_on_market
      -- most months do not change in a refresh: rewriting them would only make dead rows
      where (market_area_monthly.new_count, market_area_monthly.active_count, market_area_monthly.ended_count, market_area_monthly.median_price,
             market_area_monthly.median_price_per_sqm, market_area_monthly.price_sample, market_area_monthly.sqm_sample, market_area_monthly.median_days_on_market)
        is distinct from (excluded.new_count, excluded.active_count, excluded.ended_count, excluded.median_price,
             excluded.median_price_per_sqm, excluded.price_sample, excluded.sqm_sample, excluded.median_days_on_market)`);
    return (result as { rowCount?: number | null }).rowCount ?? 0;
  }

  /* ---------------------------------------------- reads ---------------------------------------------- */

  async stats(areaCodes: readonly string[], offer: MarketOffer, kind: MarketKind): Promise<AreaStatsView[]> {
    return this.statsGrid(areaCodes, [offer], [kind]);
  }

  /** The figures of several areas for several offers and kinds in one read (the primary key's index). */
  async statsGrid(areaCodes: readonly string[], offers: readonly MarketOffer[], kinds: readonly MarketKind[]): Promise<AreaStatsView[]> {
    if (!areaCodes.length || !offers.length || !kinds.length) return [];
    const rows = rowsOf<StatsRow>(
      await this.db.execute(sql`select area_code, level, offer, kind, active_count, median_price, median_price_per_sqm, figures, computed_at
        from market_area_stats where area_code = any(${textArray([...areaCodes])}::text[])
          and offer = any(${textArray([...offers])}::text[]) and kind = any(${textArray([...kinds])}::text[])`),
    );
    return rows.map(toView);
  }

  /** When the figures of an area were last computed (its one row: the primary key), or null when it has none for the offer and kind. */
  async computedAt(areaCode: string, offer: MarketOffer, kind: MarketKind): Promise<string | null> {
    const rows = rowsOf<{ at: string }>(
      await this.db.execute(sql`select to_char(computed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
        from market_area_stats where area_code = ${areaCode} and offer = ${offer} and kind = ${kind}`),
    );
    return rows[0]?.at ?? null;
  }

  async rank(q: { level: AreaLevel; withinCode?: string; offer: MarketOffer; kind: MarketKind; metric: AreaRankMetric; order: 'asc' | 'desc'; minSample: number; limit: number }): Promise<AreaStatsView[]> {
    const { value, sample } = RANK_EXPRESSIONS[q.metric];
    const within = q.withinCode
      ? sql`and (city_code = ${q.withinCode} or province_code = ${q.withinCode} or region_code = ${q.withinCode})`
      : sql``;
    const rows = rowsOf<StatsRow>(
      await this.db.execute(sql`select area_code, level, offer, kind, active_count, median_price, median_price_per_sqm, figures, computed_at
        from market_area_stats
        where level = ${q.level} and offer = ${q.offer} and kind = ${q.kind} ${within}
          and ${value} is not null and ${sample} >= ${q.minSample}
        order by ${value} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')}, area_code
        limit ${q.limit}`),
    );
    return rows.map(toView);
  }

  async monthly(areaCodes: readonly string[], offer: MarketOffer, kind: MarketKind, fromMonth: string): Promise<(MonthlyPoint & { areaCode: string })[]> {
    if (!areaCodes.length) return [];
    return rowsOf<MonthlyPoint & { areaCode: string }>(
      await this.db.execute(sql`
        select area_code as "areaCode", to_char(month, 'YYYY-MM') as month, new_count as "newCount", active_count as "activeCount",
          ended_count as "endedCount", median_price::float8 as "medianPrice", median_price_per_sqm::float8 as "medianPricePerSqm",
          price_sample as "priceSample", sqm_sample as "sqmSample", median_days_on_market::float8 as "medianDaysOnMarket"
        from market_area_monthly
        where area_code = any(${textArray([...areaCodes])}::text[]) and offer = ${offer} and kind = ${kind} and month >= ${fromMonth}::date
        order by area_code, month`),
    );
  }
}

/** A text[] literal of codes (PSGC codes and 'PH': digits and letters). */
function textArray(codes: string[]): string {
  return `{${codes.map((c) => `"${c.replace(/["\\]/g, '')}"`).join(',')}}`;
}

function normaliseStored(r: StoredMarketListing): StoredMarketListing {
  return {
    ...r,
    listedAt: new Date(r.listedAt),
    endedAt: r.endedAt ? new Date(r.endedAt) : null,
    endReason: (r.endReason as EndReason | null) ?? null,
    updatedAt: new Date(r.updatedAt),
  };
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toView(r: StatsRow): AreaStatsView {
  const f = r.figures;
  return {
    areaCode: r.area_code,
    level: r.level,
    offer: r.offer,
    kind: r.kind,
    activeCount: Number(r.active_count),
    new30d: Number(f.new30d ?? 0),
    ended90d: Number(f.ended90d ?? 0),
    medianPrice: num(r.median_price),
    p25Price: num(f.p25Price),
    p75Price: num(f.p75Price),
    priceSample: Number(f.priceSample ?? 0),
    medianPricePerSqm: num(r.median_price_per_sqm),
    p25PricePerSqm: num(f.p25PricePerSqm),
    p75PricePerSqm: num(f.p75PricePerSqm),
    sqmSample: Number(f.sqmSample ?? 0),
    medianDaysOnMarket: num(f.medianDaysOnMarket),
    domSample: Number(f.domSample ?? 0),
    priceCutSharePct: num(f.priceCutSharePct),
    savesPerListing: num(f.savesPerListing),
    inquiriesPerListing: num(f.inquiriesPerListing),
    priceBandCounts: Array.isArray(f.priceBandCounts) ? (f.priceBandCounts as unknown[]).map(Number) : [],
    computedAt: new Date(r.computed_at).toISOString(),
  };
}
