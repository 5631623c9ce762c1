/**
 * The contracts between the parts of the market reports (issue 16), fixed first so each part is built
 * against them: `MarketListingsService` (this module: listing figures precomputed per area) and
 * `MarketDataService` (module `market-data`: public statistics and zonal values). The report
 * composer (`reports/`) and the routes read only through these.
 */
import type { AreaLevel } from '@app/domain';

export type MarketOffer = 'sale' | 'rent';
/** A listing kind (LISTING_KINDS) or 'all'. */
export type MarketKind = string;

/** Listing figures of one area, offer and kind, as the refresh job computed them. Prices in pesos. */
export interface AreaStatsView {
  areaCode: string;
  level: AreaLevel;
  offer: MarketOffer;
  kind: MarketKind;
  /** On the market now (public, not ended). */
  activeCount: number;
  /** Listed in the last 30 days. */
  new30d: number;
  /** Left the market in the last 90 days (sold, rented, archived or removed). */
  ended90d: number;
  /** Asking price (sale) or monthly rent (rent) of the active listings. */
  medianPrice: number | null;
  p25Price: number | null;
  p75Price: number | null;
  /** Listings with a price (the sample of the three above). */
  priceSample: number;
  /** Price ÷ floor area (or lot area for lots and farms) of the active listings with a size. */
  medianPricePerSqm: number | null;
  p25PricePerSqm: number | null;
  p75PricePerSqm: number | null;
  sqmSample: number;
  /** Median days from listed to ended, of the listings that ended in the last 365 days. */
  medianDaysOnMarket: number | null;
  domSample: number;
  /** Share (0-100) of the active listings whose price was cut at least once. */
  priceCutSharePct: number | null;
  /** Average saves and inquiries (message threads) per active listing. */
  savesPerListing: number | null;
  inquiriesPerListing: number | null;
  /** Active listings per PRICE_BANDS band (libs/domain), same order. */
  priceBandCounts: number[];
  computedAt: string;
}

export interface MonthlyPoint {
  /** YYYY-MM (Asia/Manila). */
  month: string;
  newCount: number;
  activeCount: number;
  endedCount: number;
  medianPrice: number | null;
  medianPricePerSqm: number | null;
  priceSample: number;
  sqmSample: number;
  /** Median days on market of the listings that ended that month (its sample: endedCount). */
  medianDaysOnMarket: number | null;
}

/** The key of an area's figures for an offer and kind in `areaStatsGrid`'s answer. */
export const statsKey = (areaCode: string, offer: MarketOffer, kind: MarketKind) => `${areaCode}|${offer}|${kind}`;

export type AreaRankMetric = 'median_price_per_sqm' | 'active_count' | 'new_30d' | 'inquiries_per_listing' | 'median_days_on_market';

export interface MarketListingsReader {
  /** The figures of an area (any level; 'PH' national), or null when it has no listings at all. */
  areaStats(areaCode: string, offer: MarketOffer, kind: MarketKind): Promise<AreaStatsView | null>;
  areaStatsMany(areaCodes: readonly string[], offer: MarketOffer, kind: MarketKind): Promise<AreaStatsView[]>;
  /** The figures of areas × offers × kinds in one read, keyed by `statsKey(area, offer, kind)`; absent keys have no listings. */
  areaStatsGrid(areaCodes: readonly string[], offers: readonly MarketOffer[], kinds: readonly MarketKind[]): Promise<Map<string, AreaStatsView>>;
  /** Months oldest first, the last `months` months up to the current one, empty months included (zeros, null medians). */
  monthly(areaCode: string, offer: MarketOffer, kind: MarketKind, months?: number): Promise<MonthlyPoint[]>;
  monthlyMany(areaCodes: readonly string[], offer: MarketOffer, kind: MarketKind, months?: number): Promise<Map<string, MonthlyPoint[]>>;
  /** Areas of a level (inside `withinCode`, a region, province or city code, when given) ranked by a metric, best first; only areas whose sample is at least `minSample`. */
  rankAreas(q: { level: AreaLevel; withinCode?: string; offer: MarketOffer; kind: MarketKind; metric: AreaRankMetric; order?: 'asc' | 'desc'; minSample?: number; limit?: number }): Promise<AreaStatsView[]>;
}

/** The statistics datasets the importers load (module `market-data`). */
export const STAT_DATASET_IDS = ['fies_2023', 'lfs_annual', 'lfs_occupation', 'lfs_industry', 'cpi', 'inflation', 'cpi_weights', 'rppi', 'crime'] as const;
export type StatDatasetId = (typeof STAT_DATASET_IDS)[number];

export interface StatPoint {
  dataset: StatDatasetId;
  /** PSGC code of the region, province or city, or 'PH'. */
  areaCode: string;
  areaLevel: 'national' | 'region' | 'province' | 'city';
  /** As the file names it. */
  areaName: string;
  indicator: string;
  breakdown: string;
  period: string;
  variant: string;
  value: number | null;
  unit: string;
}

export interface DatasetInfo {
  dataset: StatDatasetId;
  title: string;
  /** The attribution to show ("PSA, 2023 Family Income and Expenditure Survey"). */
  source: string;
  fileName: string;
  rows: number;
  periodFrom: string | null;
  periodTo: string | null;
  importedAt: string;
}

export interface ZonalValueView {
  barangayCode: string | null;
  barangayName: string;
  street: string;
  vicinity: string;
  classification: string;
  valuePerSqm: number;
  rdo: string;
  departmentOrder: string;
  effectiveDate: string | null;
}

export interface MarketDataReader {
  datasets(): Promise<DatasetInfo[]>;
  /**
   * The values of a dataset for the first of `areaCodes` (most specific first: city, province,
   * region, 'PH') that has any; `latest` keeps the newest period only; `variant` '' by default
   * except for the CPI files' NIR-affected areas, where the newest series ('with_NIR') is taken
   * unless one is named.
   */
  valuesFor(dataset: StatDatasetId, areaCodes: readonly string[], opts?: { indicators?: readonly string[]; breakdowns?: readonly string[]; latest?: boolean; variant?: string }): Promise<StatPoint[]>;
  zonalValues(barangayCode: string): Promise<ZonalValueView[]>;
}

/* ---------------------------------------------------------------------------------------------
 * A report as the API answers it (GET /bi/get/{group}?area=…), rendered generically by the web app
 * (figures as cards, charts, a table view of the same numbers) and written to PDF/CSV by the export.
 * The DTO classes in `reports/dto/` mirror these interfaces for OpenAPI.
 * ------------------------------------------------------------------------------------------- */

export interface ReportAreaRef {
  code: string;
  name: string;
  /** barangay, city (cities and municipalities), province, region or national. */
  level: AreaLevel;
}

export interface ReportChartSeries {
  name: string;
  /** Where these numbers come from, their granularity and area (a series may be the city or the nation beside the barangay). */
  source: string;
  granularity: AreaLevel;
  areaName: string;
  points: { x: string; y: number | null; sample?: number | null }[];
}

export interface ReportChart {
  id: string;
  title: string;
  /** line: a trend over time (x = YYYY-MM or YYYY-Qn); bar: a mix or a comparison (x = a category). */
  kind: 'line' | 'bar';
  unit: MarketFigureUnit;
  series: ReportChartSeries[];
  note?: string;
}

export interface ReportTableColumn {
  key: string;
  label: string;
  unit?: MarketFigureUnit | 'text';
}

export interface ReportTable {
  id: string;
  title: string;
  columns: ReportTableColumn[];
  rows: Record<string, string | number | null>[];
  source: string;
  period: string;
  granularity: AreaLevel;
  note?: string;
}

export type MarketFigureUnit = 'php' | 'php_per_sqm' | 'pct' | 'count' | 'days' | 'ratio' | 'persons' | 'thousand_persons' | 'per_100k' | 'index' | 'families' | 'per_km2';

export interface ReportMapPoint {
  id: string;
  name: string;
  /** A legend category: barangay, mall, residential, school, transport, restaurant, development. */
  category: string;
  lat: number;
  lng: number;
  detail?: string;
}

export interface MarketReport {
  group: import('@app/domain').ReportGroupId;
  title: string;
  summary: string;
  tier: number;
  area: ReportAreaRef;
  /** The area's parents, nearest first (city, province, region). */
  parents: ReportAreaRef[];
  offer: MarketOffer;
  kind: MarketKind;
  generatedAt: string;
  /** True when the listing figures come from the demo seed (SEED_DEMO): shown as "demo data". */
  demoData: boolean;
  /** Headline figures (import('@app/domain').MarketFigure). */
  figures: import('@app/domain').MarketFigure[];
  charts: ReportChart[];
  tables: ReportTable[];
  /** Plain-language caveats: thin data, regional figures, how a model works. */
  notes: string[];
  /** Every source used, with its period and granularity. */
  sources: { name: string; period: string; granularity: AreaLevel }[];
  /** When the barangay has fewer than MARKET_MIN_SAMPLE listings: the area whose figures are shown instead. */
  fallback: { reason: 'not_enough_listings'; area: ReportAreaRef; sampleSize: number } | null;
  /** Points for the report's map (developments, amenities), when it has one. */
  mapPoints: ReportMapPoint[];
}
