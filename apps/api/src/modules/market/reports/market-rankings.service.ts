import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  LISTINGS_SOURCE,
  MARKET_MIN_SAMPLE,
  NEARBY_CATEGORIES,
  OSM_SOURCE,
  PSA_PSGC_SOURCE,
  classifyMarketCycle,
  grossYieldPct,
  nearestSimilar,
  opportunityScore,
  pctChange,
  type AreaLevel,
  type SimilarityFeature,
} from '@app/domain';
import type { PlaceDetail } from '../../places/places.service';
import { POI_DENSITY_RADIUS_M, PoiDensityService } from '../../nearby/poi-density.service';
import { MarketDataService } from '../../market-data/market-data.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import type {
  AreaRankMetric,
  AreaStatsView,
  MarketKind,
  MarketOffer,
  MonthlyPoint,
  ReportAreaRef,
} from '../market-contracts';
import { DATASET_SOURCE, listingsPeriod, round } from './report-parts';
import { nearestInSet, standardise, type StandardisedSet } from './similar-features';
import { MarketAreasService, PLACE_CACHE_MS, type AreaContext, type ReportOptions } from './market-areas.service';

/**
 * How long a cached ranking is kept at most, whatever the listing figures: it also holds places (PSGC),
 * FIES incomes and points-of-interest counts, which change only when an operator imports newer files.
 */
export const RANKING_CACHE_MS = PLACE_CACHE_MS;
/** Rankings kept per process, per kind of ranking (least recently used dropped first). */
export const RANKING_CACHE_MAX = 400;
/**
 * City opportunity rankings kept per process: every city (1,655) for two kinds. With the 400 of the other
 * rankings, traffic spread over the country kept evicting them (docs/benchmarks.md, "Traffic spread").
 */
export const OPPORTUNITY_CACHE_MAX = 4_000;

/** Whether a call may use the ranking caches (tests compare with `{ cached: false }`, computed afresh). */
export interface RankingCacheOption {
  cached?: boolean;
}

/**
 * A per-process cache of computed rankings, each stored with the version it was computed for (the
 * `computed_at` of the area's listing figures, read per request from its one row): a request whose
 * version differs computes it again. Concurrent requests for a missing entry share one computation.
 */
export class VersionedCache<T> {
  private readonly entries: LRUCache<string, { version: string; value: Promise<T> }>;
  builds = 0;
  hits = 0;

  constructor(max: number, ttlMs: number) {
    this.entries = new LRUCache({ max, ttl: ttlMs });
  }

  get(key: string, version: string, build: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.hits++;
      return hit.value;
    }
    this.builds++;
    const value = build();
    const entry = { version, value };
    this.entries.set(key, entry);
    // a failed computation is not kept
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

type ScoredOpportunity = {
  area: { code: string; name: string; level: AreaLevel };
  cityName: string | null;
  score: number;
  reasons: ReturnType<typeof opportunityScore>['reasons'];
  sampleSize: number;
  medianPricePerSqm: number | null;
  priceChangePct: number | null;
  grossYieldPct: number | null;
};

interface OpportunityRanking {
  within: ReportAreaRef;
  withinComputedAt: string | undefined;
  scored: ScoredOpportunity[];
}

type SimilarFeatures = Record<SimilarityFeature, number | null>;

interface SimilarRow {
  code: string;
  name: string;
  cityName: string | null;
  features: SimilarFeatures;
  sampleSize: number;
}

/** The standardised-feature candidates of a region (offer, kind): its barangays with at least the minimum sample. */
interface RegionFeatureTable {
  rows: SimilarRow[];
  byCode: Map<string, SimilarRow>;
  /** FIES income by parent chain (city, province, region codes joined by '|'). */
  incomeByChain: Map<string, number | null>;
  /** The rows' z-scores, computed once: the nearest of a member is one pass. */
  standardised: StandardisedSet;
}

const chainKey = (d: PlaceDetail) => d.parents.map((p) => p.code).join('|');

/** Areas ranked against each other: top areas by a metric, opportunity scores, market-cycle classification, similar barangays. */
@Injectable()
export class MarketRankingsService {
  constructor(
    private readonly listings: MarketListingsService,
    private readonly data: MarketDataService,
    private readonly areas: MarketAreasService,
    private readonly poiDensity: PoiDensityService,
  ) {}

  /** Ranked areas of a level. */
  async topAreas(q: { level: AreaLevel; within?: string; metric: AreaRankMetric; offer?: MarketOffer; kind?: MarketKind; order?: 'asc' | 'desc'; limit?: number }) {
    const o = this.areas.options(q);
    if (q.within) await this.areas.area(q.within, 'within', ['region', 'province', 'city']);
    const rows = await this.listings.rankAreas({ level: q.level, withinCode: q.within, offer: o.offer, kind: o.kind, metric: q.metric, order: q.order, minSample: MARKET_MIN_SAMPLE, limit: q.limit ?? 20 });
    const details = new Map((await this.areas.placeDetailsByCodes(rows.map((x) => x.areaCode))).map((d) => [d.code, d]));
    const value = (s: AreaStatsView) =>
      q.metric === 'median_price_per_sqm' ? s.medianPricePerSqm : q.metric === 'active_count' ? s.activeCount : q.metric === 'new_30d' ? s.new30d : q.metric === 'inquiries_per_listing' ? s.inquiriesPerListing : s.medianDaysOnMarket;
    const sample = (s: AreaStatsView) => (q.metric === 'median_price_per_sqm' ? s.sqmSample : q.metric === 'median_days_on_market' ? s.domSample : s.activeCount);
    return {
      level: q.level,
      metric: q.metric,
      offer: o.offer,
      kind: o.kind,
      source: LISTINGS_SOURCE,
      period: listingsPeriod(rows[0]?.computedAt),
      minSample: MARKET_MIN_SAMPLE,
      demoData: this.listings.isDemo(),
      items: rows.map((s, i) => {
        const d = details.get(s.areaCode);
        return { rank: i + 1, area: { code: s.areaCode, name: d?.name ?? s.areaCode, level: s.level }, parentName: d?.cityName ?? d?.provinceName ?? d?.regionName ?? null, value: value(s), sampleSize: sample(s), activeCount: s.activeCount };
      }),
    };
  }

  private readonly opportunityCache = new VersionedCache<OpportunityRanking>(OPPORTUNITY_CACHE_MAX, RANKING_CACHE_MS);
  private readonly similarCache = new VersionedCache<RegionFeatureTable>(RANKING_CACHE_MAX, RANKING_CACHE_MS);

  /** Computations and hits of the ranking caches since the process started (tests, diagnostics). */
  cacheStats() {
    const { builds: opportunityBuilds, hits: opportunityHits } = this.opportunityCache;
    const { builds: similarBuilds, hits: similarHits } = this.similarCache;
    return { opportunityBuilds, opportunityHits, similarBuilds, similarHits };
  }

  clearCaches(): void {
    this.opportunityCache.clear();
    this.similarCache.clear();
  }

  /**
   * Barangays of the area's city (or the area's own barangays) scored for opportunity, best first.
   * The ranking of an area (and kind) is computed once per refresh of its figures: cached per process,
   * keyed by the `computed_at` of the area's own figures row (written after its barangays' rows).
   */
  async scoredOpportunities(withinCode: string, kind: MarketKind, limit = 20, opts: RankingCacheOption = {}) {
    const ctx = await this.areas.area(withinCode, 'within');
    const within = ctx.ref.level === 'barangay' ? (ctx.city ?? ctx.ref) : ctx.ref;
    const cityLevel = within.level === 'city';
    const build = () => this.opportunityRanking(within, kind);
    const ranking =
      opts.cached === false
        ? await build()
        : await this.opportunityCache.get(`${within.code}|${kind}`, String(await this.listings.figuresComputedAt(within.code, 'sale', kind)), build);
    return {
      within: ranking.within,
      comparedWith: cityLevel ? 'city' : within.level,
      source: LISTINGS_SOURCE,
      period: listingsPeriod(ranking.withinComputedAt),
      minSample: MARKET_MIN_SAMPLE,
      method:
        'Score 0-100 in four parts of 25: price per m² change over 12 months (+20 % scores 25), gross yield (8 % scores 25, 4 % or less 0), inquiries per listing against the area around (twice scores 25), median price per m² below the area around (20 % below scores 25). Every barangay of the area with at least the minimum sample of listings for sale.',
      items: ranking.scored.slice(0, limit),
      considered: ranking.scored.length,
    };
  }

  private async opportunityRanking(within: ReportAreaRef, kind: MarketKind): Promise<OpportunityRanking> {
    const candidates = await this.listings.barangaysWithin({ withinCode: within.code, offer: 'sale', kind, metric: 'active_count', minSample: MARKET_MIN_SAMPLE });
    const codes = candidates.map((c) => c.areaCode);
    const [rents, months, withinStats] = await Promise.all([
      this.listings.areaStatsMany(codes, 'rent', kind),
      this.listings.monthlyMany(codes, 'sale', kind, 13),
      this.listings.areaStats(within.code, 'sale', kind),
    ]);
    const rentBy = new Map(rents.map((s) => [s.areaCode, s]));
    const details = new Map((await this.areas.placeDetailsByCodes(codes)).map((d) => [d.code, d]));
    const scored = candidates.map((c): ScoredOpportunity => {
      const m = months.get(c.areaCode) ?? [];
      const rent = rentBy.get(c.areaCode);
      const priceChangePct = pctChange(m[0]?.medianPricePerSqm ?? null, m[m.length - 1]?.medianPricePerSqm ?? null);
      const gy = rent && rent.priceSample >= MARKET_MIN_SAMPLE && rent.medianPrice !== null ? grossYieldPct(rent.medianPrice * 12, c.medianPrice) : null;
      const demandRatio = withinStats?.inquiriesPerListing ? (c.inquiriesPerListing ?? 0) / withinStats.inquiriesPerListing : null;
      const priceVsCityPct = pctChange(withinStats?.medianPricePerSqm ?? null, c.medianPricePerSqm);
      const s = opportunityScore({ priceChangePct, grossYieldPct: gy, demandRatio, priceVsCityPct });
      const d = details.get(c.areaCode);
      return {
        area: { code: c.areaCode, name: d?.name ?? c.areaCode, level: 'barangay' as AreaLevel },
        cityName: d?.cityName ?? null,
        score: s.score,
        reasons: s.reasons,
        sampleSize: c.activeCount,
        medianPricePerSqm: c.medianPricePerSqm,
        priceChangePct: priceChangePct === null ? null : round(priceChangePct, 2),
        grossYieldPct: gy === null ? null : round(gy, 2),
      };
    });
    scored.sort((a, b) => b.score - a.score || a.area.code.localeCompare(b.area.code));
    return { within, withinComputedAt: withinStats?.computedAt, scored };
  }

  /** The market-cycle classification of a city from its monthly figures (15 months). */
  async cycleOf(city: ReportAreaRef, offer: MarketOffer, kind: MarketKind) {
    const months = await this.listings.monthly(city.code, offer, kind, 15);
    const now = months[months.length - 1];
    const then = months[months.length - 13];
    // the last 3 months against the same 3 months a year before (none without 15 months of history)
    const recent = months.slice(-3);
    const yearBefore = months.length >= 15 ? months.slice(-15, -12) : null;
    const absorption = (xs: MonthlyPoint[]) => {
      const active = xs.reduce((a, p) => a + p.activeCount, 0);
      return active > 0 ? xs.reduce((a, p) => a + p.endedCount, 0) / active : null;
    };
    // each month's median days on market, weighted by the listings that ended in it (null: none ended)
    const daysOnMarket = (xs: MonthlyPoint[]) => {
      const ended = xs.flatMap((p) => (p.medianDaysOnMarket === null ? [] : [{ days: p.medianDaysOnMarket, count: p.endedCount }]));
      const count = ended.reduce((a, p) => a + p.count, 0);
      return count > 0 ? ended.reduce((a, p) => a + p.days * p.count, 0) / count : null;
    };
    const result = classifyMarketCycle({
      activeNow: now?.activeCount ?? null,
      active12mAgo: then?.activeCount || null,
      demandChangePct: pctChange(yearBefore && absorption(yearBefore), absorption(recent)),
      pricePerSqmNow: now?.medianPricePerSqm ?? null,
      pricePerSqm12mAgo: then?.medianPricePerSqm ?? null,
      domNow: daysOnMarket(recent),
      dom12mAgo: yearBefore && daysOnMarket(yearBefore),
    });
    return { result, months };
  }

  /**
   * The barangays most like this one (same region), by price/m², density, FIES income and amenities.
   * The region's feature table (offer, kind) is computed once per refresh of the region's figures:
   * cached per process, keyed by the `computed_at` of the region's own figures row (written after its
   * barangays' rows); a request is then a nearest-neighbour pass over it.
   */
  async similar(barangayCode: string, opts: ReportOptions, k = 5, cache: RankingCacheOption = {}) {
    const o = this.areas.options(opts);
    const ctx = await this.areas.area(barangayCode, 'barangay', ['barangay']);
    const regionCode = ctx.region?.code ?? null;
    const build = () => this.regionFeatureTable(regionCode, o.offer, o.kind);
    const table =
      cache.cached === false || !regionCode
        ? await build()
        : await this.similarCache.get(`${regionCode}|${o.offer}|${o.kind}`, String(await this.listings.figuresComputedAt(regionCode, o.offer, o.kind)), build);
    const member = table.byCode.get(ctx.ref.code);
    const target = member ?? (await this.outsideRow(ctx, table, o.offer, o.kind));
    // a member: its region's z-scores as computed once; another barangay joins the set (its own z-scores)
    const near = member ? nearestInSet(table.standardised, member.code, k) : nearestSimilar(target, table.rows, k);
    return {
      area: ctx.ref,
      offer: o.offer,
      kind: o.kind,
      method:
        `Nearest barangays of the same region with at least the minimum sample of listings, in standardised features (z-scores): median asking price per m² (Tahanan listings), population density (PSA 2024 population ÷ area), average family income of the city or province (PSA FIES 2023), and amenities: the places of the ten nearby categories (${NEARBY_CATEGORIES.join(', ')}; a place in two categories counted once) within ${POI_DENSITY_RADIUS_M / 1000} km of the barangay's centroid, from OpenStreetMap (${OSM_SOURCE}). Points of interest are imported for Legazpi City only: elsewhere the amenities feature is missing (not zero) and left out. Distance = root mean square of the z-score differences over the features both have.`,
      sources: [LISTINGS_SOURCE, PSA_PSGC_SOURCE, DATASET_SOURCE.fies_2023, OSM_SOURCE],
      features: target.features,
      items: near.map((n) => {
        const r = table.byCode.get(n.code)!;
        return { area: { code: n.code, name: r.name, level: 'barangay' as AreaLevel }, cityName: r.cityName, distance: round(n.distance, 4), featuresUsed: n.featuresUsed, features: r.features, sampleSize: r.sampleSize };
      }),
    };
  }

  /** The candidates of a region: every barangay with at least the minimum sample of listings with a size, with its four features. */
  private async regionFeatureTable(regionCode: string | null, offer: MarketOffer, kind: MarketKind): Promise<RegionFeatureTable> {
    const ranked = regionCode ? await this.listings.barangaysWithin({ withinCode: regionCode, offer, kind, metric: 'median_price_per_sqm', minSample: MARKET_MIN_SAMPLE }) : [];
    const details = await this.areas.placeDetailsByCodes(ranked.map((x) => x.areaCode));
    const detailBy = new Map(details.map((d) => [d.code, d]));
    const [incomeByChain, amenities] = await Promise.all([this.incomesOf(details), this.poiDensity.countsAround(details)]);
    const rows = ranked.map((s): SimilarRow => {
      const d = detailBy.get(s.areaCode);
      return {
        code: s.areaCode,
        name: d?.name ?? s.areaCode,
        cityName: d?.cityName ?? null,
        features: this.featuresOf(d, s, incomeByChain, amenities.get(s.areaCode) ?? null),
        sampleSize: s.activeCount,
      };
    });
    return { rows, byCode: new Map(rows.map((r) => [r.code, r])), incomeByChain, standardised: standardise(rows) };
  }

  /** A barangay that is not among its region's candidates (too few listings): its features read now. */
  private async outsideRow(ctx: AreaContext, table: RegionFeatureTable, offer: MarketOffer, kind: MarketKind): Promise<SimilarRow> {
    const d = ctx.detail;
    const [own, incomes, amenities] = await Promise.all([
      this.listings.areaStats(ctx.ref.code, offer, kind),
      table.incomeByChain.has(chainKey(d)) ? table.incomeByChain : this.incomesOf([d]),
      this.poiDensity.countsAround([d]),
    ]);
    return { code: d.code, name: d.name, cityName: d.cityName ?? null, features: this.featuresOf(d, own, incomes, amenities.get(d.code) ?? null), sampleSize: own?.activeCount ?? 0 };
  }

  /** FIES income by the city (else province) of each barangay: every distinct parent chain in one query. */
  private async incomesOf(details: readonly PlaceDetail[]): Promise<Map<string, number | null>> {
    const chains = new Map<string, string[]>();
    for (const d of details) chains.set(chainKey(d), this.areas.contextOf(d).statCodes.filter((x) => x !== 'PH'));
    if (!chains.size) return new Map();
    const incomes = await this.data.valuesForEach('fies_2023', [...chains.values()], { latest: true, indicators: ['avg_income_thousand_php'] });
    return new Map([...chains.keys()].map((key, i) => [key, incomes[i][0]?.value ?? null]));
  }

  private featuresOf(d: PlaceDetail | undefined, s: AreaStatsView | null | undefined, incomeByChain: Map<string, number | null>, amenityCount: number | null): SimilarFeatures {
    return {
      pricePerSqm: s && s.sqmSample >= MARKET_MIN_SAMPLE ? s.medianPricePerSqm : null,
      densityPerKm2: d?.population && d.areaKm2 ? d.population / d.areaKm2 : null,
      familyIncome: d ? (incomeByChain.get(chainKey(d)) ?? null) : null,
      amenityCount,
    };
  }
}
