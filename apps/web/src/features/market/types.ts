/**
 * The market reports as the web app reads them (GET /api/bi/*): the report itself is the generated
 * `MarketReportDto` (rendered generically: figures as cards, charts, and a table view of the same
 * numbers); the picker's places, groups and comparisons below are this feature's own view of them.
 */
import type { AreaLevel, MarketFigure, PlanId, ReportGroupId } from '@app/domain';
import type {
  MarketReportDto,
  ReportAreaRefDto,
  ReportChartDto,
  ReportChartSeriesDto,
  ReportMapPointDto,
  ReportSourceDto,
  ReportTableColumnDto,
  ReportTableDto,
} from '../../lib/api/generated';

export type MarketOffer = 'sale' | 'rent';
/** A listing kind (LISTING_KINDS) or 'all'. */
export type MarketKind = string;
export type MarketFigureUnit = MarketFigure['unit'];

/** The report's parts, as the API's OpenAPI document types them (generated in lib/api/generated.ts). */
export type ReportAreaRef = ReportAreaRefDto;
export type ReportChartSeries = ReportChartSeriesDto;
export type ReportChart = ReportChartDto;
export type ReportTableColumn = ReportTableColumnDto;
export type ReportTable = ReportTableDto;
export type ReportMapPoint = ReportMapPointDto;
export type ReportSource = ReportSourceDto;
export type MarketReport = MarketReportDto;

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
