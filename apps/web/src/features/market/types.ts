/**
 * The market reports as the web app reads them (GET /api/bi/*). They mirror the API's contract
 * (apps/api/src/modules/market/market-contracts.ts, `MarketReport`): a report is rendered generically,
 * figures as cards, charts, and a table view of the same numbers.
 */
import type { AreaLevel, MarketFigure, PlanId, ReportGroupId } from '@app/domain';

export type MarketOffer = 'sale' | 'rent';
/** A listing kind (LISTING_KINDS) or 'all'. */
export type MarketKind = string;
export type MarketFigureUnit = MarketFigure['unit'];

export interface ReportAreaRef {
  code: string;
  name: string;
  level: AreaLevel;
}

export interface ReportChartSeries {
  name: string;
  source: string;
  granularity: AreaLevel;
  areaName: string;
  points: { x: string; y: number | null; sample?: number | null }[];
}

export interface ReportChart {
  id: string;
  title: string;
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

export interface ReportMapPoint {
  id: string;
  name: string;
  category: string;
  lat: number;
  lng: number;
  detail?: string;
}

export interface ReportSource {
  name: string;
  period: string;
  granularity: AreaLevel;
}

export interface MarketReport {
  group: ReportGroupId;
  title: string;
  summary: string;
  tier: number;
  area: ReportAreaRef;
  /** The area's parents, nearest first (city, province, region). */
  parents: ReportAreaRef[];
  offer: MarketOffer;
  kind: MarketKind;
  generatedAt: string;
  demoData: boolean;
  figures: MarketFigure[];
  charts: ReportChart[];
  tables: ReportTable[];
  notes: string[];
  sources: ReportSource[];
  fallback: { reason: 'not_enough_listings'; area: ReportAreaRef; sampleSize: number } | null;
  mapPoints: ReportMapPoint[];
}

/** A report group in the picker (GET /bi/get/all): locked when the caller's plan does not unlock it. */
export interface ReportGroupEntry {
  id: ReportGroupId;
  title: string;
  summary: string;
  tier: number;
  sources: readonly string[];
  locked: boolean;
  requiredPlan: PlanId | null;
}

/** A place the picker offers (POST /bi/search, GET /bi/dropdownvalue). */
export interface MarketPlace {
  code: string;
  name: string;
  level: AreaLevel;
  /** "Makati City, Metro Manila" */
  context?: string;
  /** Listings in the area, when the API tells. */
  listings?: number;
}

/** GET /bi/dropdownvalue?region=&city=: the cascading selects' values. */
export interface MarketDropdowns {
  regions: MarketPlace[];
  cities: MarketPlace[];
  barangays: MarketPlace[];
  kinds: string[];
}

/** GET /bi/areas/compare?areas=…: the figures of each area side by side and charts with a series per area. */
export interface MarketComparison {
  areas: ReportAreaRef[];
  figures: MarketFigure[];
  charts: ReportChart[];
  notes: string[];
  sources: ReportSource[];
  demoData: boolean;
}
