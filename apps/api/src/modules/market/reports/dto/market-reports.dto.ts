import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsLatitude, IsLongitude, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { AREA_LEVELS, PLAN_IDS, REPORT_GROUP_IDS, type AreaLevel, type PlanId, type ReportGroupId } from '@app/domain';
import { PageBodyDto } from '../../../../common/http/page-query.dto';
import { PaginationDto } from '../../../../common/http/common.dto';
import type { AreaRankMetric, MarketFigureUnit } from '../../market-contracts';
import { MARKET_KINDS, MARKET_OFFERS } from '../market-reports.service';

const UNITS: MarketFigureUnit[] = ['php', 'php_per_sqm', 'pct', 'count', 'days', 'ratio', 'persons', 'thousand_persons', 'per_100k', 'index', 'families', 'per_km2'];
const PSGC = /^\d{10}$/;
const psgcMessage = (field: string) => `${field} must be a 10-digit PSGC code, e.g. 1380300000`;
const RANK_METRICS: AreaRankMetric[] = ['median_price_per_sqm', 'active_count', 'new_30d', 'inquiries_per_listing', 'median_days_on_market'];

/* ------------------------------------------------------------------------------------------------
 * Answers
 * ---------------------------------------------------------------------------------------------- */

export class ReportAreaRefDto {
  @ApiProperty({ example: '1380300000' }) code!: string;
  @ApiProperty({ example: 'City of Makati' }) name!: string;
  @ApiProperty({ enum: AREA_LEVELS }) level!: AreaLevel;
}

export class MarketFigureDto {
  @ApiProperty() label!: string;
  @ApiProperty({ type: Number, nullable: true }) value!: number | null;
  @ApiProperty({ enum: UNITS }) unit!: MarketFigureUnit;
  @ApiProperty({ description: 'Where the number comes from' }) source!: string;
  @ApiProperty({ example: 'listings as of 2026-11-27' }) period!: string;
  @ApiProperty({ enum: AREA_LEVELS, description: 'The level the figure applies at' }) granularity!: AreaLevel;
  @ApiProperty() areaCode!: string;
  @ApiProperty() areaName!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Listings (or observations) behind it; null when the source does not say' }) sampleSize!: number | null;
  @ApiPropertyOptional({ description: 'A caveat ("Regional figure: …")' }) note?: string;
}

export class ChartPointDto {
  @ApiProperty({ description: 'YYYY-MM, YYYY-Qn or a category' }) x!: string;
  @ApiProperty({ type: Number, nullable: true }) y!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) sample?: number | null;
}

export class ReportChartSeriesDto {
  @ApiProperty() name!: string;
  @ApiProperty() source!: string;
  @ApiProperty({ enum: AREA_LEVELS }) granularity!: AreaLevel;
  @ApiProperty() areaName!: string;
  @ApiProperty({ type: [ChartPointDto] }) points!: ChartPointDto[];
}

export class ReportChartDto {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: ['line', 'bar'], description: 'line: a trend over time; bar: a mix or comparison' }) kind!: 'line' | 'bar';
  @ApiProperty({ enum: UNITS }) unit!: MarketFigureUnit;
  @ApiProperty({ type: [ReportChartSeriesDto] }) series!: ReportChartSeriesDto[];
  @ApiPropertyOptional() note?: string;
}

export class ReportTableColumnDto {
  @ApiProperty() key!: string;
  @ApiProperty() label!: string;
  @ApiPropertyOptional({ enum: [...UNITS, 'text'] }) unit?: MarketFigureUnit | 'text';
}

export class ReportTableDto {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: [ReportTableColumnDto] }) columns!: ReportTableColumnDto[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true } }, description: 'One object per row, keyed by the columns\' keys' })
  rows!: Record<string, string | number | null>[];
  @ApiProperty() source!: string;
  @ApiProperty() period!: string;
  @ApiProperty({ enum: AREA_LEVELS }) granularity!: AreaLevel;
  @ApiPropertyOptional() note?: string;
}

export class ReportSourceDto {
  @ApiProperty() name!: string;
  @ApiProperty() period!: string;
  @ApiProperty({ enum: AREA_LEVELS }) granularity!: AreaLevel;
}

export class ReportFallbackDto {
  @ApiProperty({ enum: ['not_enough_listings'] }) reason!: 'not_enough_listings';
  @ApiProperty({ type: ReportAreaRefDto, description: 'The area whose figures are shown instead (the city)' }) area!: ReportAreaRefDto;
  @ApiProperty({ description: 'Active listings in the barangay asked about' }) sampleSize!: number;
}

export class ReportMapPointDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Legend category: barangay, development, …' }) category!: string;
  @ApiProperty() lat!: number;
  @ApiProperty() lng!: number;
  @ApiPropertyOptional() detail?: string;
}

export class MarketReportDto {
  @ApiProperty({ enum: REPORT_GROUP_IDS }) group!: ReportGroupId;
  @ApiProperty() title!: string;
  @ApiProperty() summary!: string;
  @ApiProperty({ enum: [1, 2, 3] }) tier!: number;
  @ApiProperty({ type: ReportAreaRefDto }) area!: ReportAreaRefDto;
  @ApiProperty({ type: [ReportAreaRefDto], description: 'Parents, nearest first' }) parents!: ReportAreaRefDto[];
  @ApiProperty({ enum: MARKET_OFFERS }) offer!: 'sale' | 'rent';
  @ApiProperty({ enum: MARKET_KINDS }) kind!: string;
  @ApiProperty({ format: 'date-time' }) generatedAt!: string;
  @ApiProperty({ description: 'The listing figures come from the demo seed' }) demoData!: boolean;
  @ApiProperty({ type: [MarketFigureDto] }) figures!: MarketFigureDto[];
  @ApiProperty({ type: [ReportChartDto] }) charts!: ReportChartDto[];
  @ApiProperty({ type: [ReportTableDto] }) tables!: ReportTableDto[];
  @ApiProperty({ type: [String] }) notes!: string[];
  @ApiProperty({ type: [ReportSourceDto] }) sources!: ReportSourceDto[];
  @ApiProperty({ type: ReportFallbackDto, nullable: true }) fallback!: ReportFallbackDto | null;
  @ApiProperty({ type: [ReportMapPointDto] }) mapPoints!: ReportMapPointDto[];
}

export class ReportGroupInfoDto {
  @ApiProperty({ enum: REPORT_GROUP_IDS }) id!: ReportGroupId;
  @ApiProperty() title!: string;
  @ApiProperty() summary!: string;
  @ApiProperty({ enum: [1, 2, 3] }) tier!: number;
  @ApiProperty({ type: [String] }) sources!: string[];
  @ApiProperty({ example: 'reports.tier2' }) entitlement!: string;
  @ApiProperty({ enum: PLAN_IDS, description: 'The cheapest plan that unlocks it' }) requiredPlan!: PlanId;
  @ApiProperty() requiredPlanName!: string;
  @ApiProperty({ description: "The caller's plan does not unlock it (guests read as Free; staff see everything)" }) locked!: boolean;
}

export class ReportGroupListDto {
  @ApiProperty({ enum: PLAN_IDS }) currentPlan!: PlanId;
  @ApiProperty({ description: 'Listings an area needs before its own figures are shown' }) minSample!: number;
  @ApiProperty({ type: [ReportGroupInfoDto] }) groups!: ReportGroupInfoDto[];
}

export class PlaceHitDto {
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: AREA_LEVELS }) level!: AreaLevel;
  @ApiProperty({ type: String, nullable: true }) cityName!: string | null;
  @ApiProperty({ type: String, nullable: true }) provinceName!: string | null;
  @ApiProperty({ type: String, nullable: true }) regionName!: string | null;
  @ApiProperty({ description: 'Active listings (the offer asked, all kinds)' }) activeListings!: number;
  @ApiProperty({ description: 'At least the minimum sample of listings' }) enoughListings!: boolean;
}

export class PlaceSearchResultDto {
  @ApiProperty({ type: [PlaceHitDto] }) items!: PlaceHitDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

class CodeNameDto {
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
}
class CityOptionDto extends CodeNameDto {
  @ApiProperty() activeListings!: number;
}
class BarangayOptionDto extends CityOptionDto {
  @ApiProperty() enoughListings!: boolean;
}
class GroupOptionDto {
  @ApiProperty({ enum: REPORT_GROUP_IDS }) id!: ReportGroupId;
  @ApiProperty() title!: string;
  @ApiProperty() tier!: number;
}

export class DropdownValuesDto {
  @ApiProperty({ type: [CodeNameDto] }) regions!: CodeNameDto[];
  @ApiProperty({ type: [CityOptionDto], description: 'Cities and municipalities of `region` (empty without it)' }) cities!: CityOptionDto[];
  @ApiProperty({ type: [BarangayOptionDto], description: 'Barangays of `city` (empty without it)' }) barangays!: BarangayOptionDto[];
  @ApiProperty({ type: [String], enum: MARKET_KINDS }) kinds!: string[];
  @ApiProperty({ type: [String], enum: MARKET_OFFERS }) offers!: string[];
  @ApiProperty({ type: [String], description: 'Months (YYYY-MM) with listings in the country' }) months!: string[];
  @ApiProperty({ type: [GroupOptionDto] }) groups!: GroupOptionDto[];
  @ApiProperty() minSample!: number;
}

class TopAreaItemDto {
  @ApiProperty() rank!: number;
  @ApiProperty({ type: ReportAreaRefDto }) area!: ReportAreaRefDto;
  @ApiProperty({ type: String, nullable: true }) parentName!: string | null;
  @ApiProperty({ type: Number, nullable: true }) value!: number | null;
  @ApiProperty() sampleSize!: number;
  @ApiProperty() activeCount!: number;
}

export class TopAreasDto {
  @ApiProperty({ enum: AREA_LEVELS }) level!: AreaLevel;
  @ApiProperty({ enum: RANK_METRICS }) metric!: AreaRankMetric;
  @ApiProperty({ enum: MARKET_OFFERS }) offer!: string;
  @ApiProperty() kind!: string;
  @ApiProperty() source!: string;
  @ApiProperty() period!: string;
  @ApiProperty() minSample!: number;
  @ApiProperty() demoData!: boolean;
  @ApiProperty({ type: [TopAreaItemDto] }) items!: TopAreaItemDto[];
}

class PriceBandDto {
  @ApiProperty() min!: number;
  @ApiProperty({ type: Number, nullable: true }) max!: number | null;
  @ApiProperty() label!: string;
  @ApiProperty() count!: number;
}

export class PriceRangesDto {
  @ApiProperty({ type: ReportAreaRefDto }) area!: ReportAreaRefDto;
  @ApiProperty({ type: ReportAreaRefDto, description: 'The area counted (the city when the barangay has too few listings)' }) shownArea!: ReportAreaRefDto;
  @ApiProperty({ type: ReportFallbackDto, nullable: true }) fallback!: ReportFallbackDto | null;
  @ApiProperty({ enum: MARKET_OFFERS }) offer!: string;
  @ApiProperty() kind!: string;
  @ApiProperty() source!: string;
  @ApiProperty() period!: string;
  @ApiProperty({ enum: AREA_LEVELS }) granularity!: AreaLevel;
  @ApiProperty() sampleSize!: number;
  @ApiProperty() demoData!: boolean;
  @ApiProperty({ type: [PriceBandDto], description: "The spec's price bands (PRICE_BANDS), in pesos" }) bands!: PriceBandDto[];
  @ApiProperty({ type: [String] }) notes!: string[];
}

class OpportunityReasonDto {
  @ApiProperty({ enum: ['rising_price', 'high_yield', 'demand_above_supply', 'below_city_median'] }) factor!: string;
  @ApiProperty() points!: number;
  @ApiProperty() text!: string;
}
class OpportunityItemDto {
  @ApiProperty({ type: ReportAreaRefDto }) area!: ReportAreaRefDto;
  @ApiProperty({ type: String, nullable: true }) cityName!: string | null;
  @ApiProperty({ description: '0-100' }) score!: number;
  @ApiProperty({ type: [OpportunityReasonDto] }) reasons!: OpportunityReasonDto[];
  @ApiProperty() sampleSize!: number;
  @ApiProperty({ type: Number, nullable: true }) medianPricePerSqm!: number | null;
  @ApiProperty({ type: Number, nullable: true }) priceChangePct!: number | null;
  @ApiProperty({ type: Number, nullable: true }) grossYieldPct!: number | null;
}
export class OpportunitiesDto {
  @ApiProperty({ type: ReportAreaRefDto }) within!: ReportAreaRefDto;
  @ApiProperty() comparedWith!: string;
  @ApiProperty() source!: string;
  @ApiProperty() period!: string;
  @ApiProperty() minSample!: number;
  @ApiProperty() method!: string;
  @ApiProperty({ type: [OpportunityItemDto] }) items!: OpportunityItemDto[];
  @ApiProperty({ description: 'Barangays scored' }) considered!: number;
}

class CompareAreaDto {
  @ApiProperty({ type: ReportAreaRefDto }) area!: ReportAreaRefDto;
  @ApiProperty({ type: [ReportAreaRefDto] }) parents!: ReportAreaRefDto[];
  @ApiProperty() enoughListings!: boolean;
  @ApiProperty({ type: [MarketFigureDto] }) figures!: MarketFigureDto[];
}
export class CompareAreasDto {
  @ApiProperty({ enum: MARKET_OFFERS }) offer!: string;
  @ApiProperty() kind!: string;
  @ApiProperty() demoData!: boolean;
  @ApiProperty({ type: [CompareAreaDto] }) areas!: CompareAreaDto[];
  @ApiProperty({ type: ReportChartDto }) chart!: ReportChartDto;
}

class SimilarFeaturesDto {
  @ApiPropertyOptional({ type: Number, nullable: true }) pricePerSqm?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) densityPerKm2?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) familyIncome?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Places of the ten nearby categories within 1 km of the centroid (OpenStreetMap); null where none were imported' }) amenityCount?: number | null;
}
class SimilarItemDto {
  @ApiProperty({ type: ReportAreaRefDto }) area!: ReportAreaRefDto;
  @ApiProperty({ type: String, nullable: true }) cityName!: string | null;
  @ApiProperty({ description: 'Root mean square of the z-score differences' }) distance!: number;
  @ApiProperty({ type: [String] }) featuresUsed!: string[];
  @ApiProperty({ type: SimilarFeaturesDto }) features!: SimilarFeaturesDto;
  @ApiProperty() sampleSize!: number;
}
export class SimilarAreasDto {
  @ApiProperty({ type: ReportAreaRefDto }) area!: ReportAreaRefDto;
  @ApiProperty({ enum: MARKET_OFFERS }) offer!: string;
  @ApiProperty() kind!: string;
  @ApiProperty() method!: string;
  @ApiProperty({ type: [String] }) sources!: string[];
  @ApiProperty({ type: SimilarFeaturesDto }) features!: SimilarFeaturesDto;
  @ApiProperty({ type: [SimilarItemDto] }) items!: SimilarItemDto[];
}

export class LocationAnalysisDto {
  @ApiProperty({ type: ReportAreaRefDto }) barangay!: ReportAreaRefDto;
  @ApiProperty({ type: Number, nullable: true, description: 'From the point to the barangay centroid' }) distanceKm!: number | null;
  @ApiProperty() method!: string;
  @ApiProperty({ type: MarketReportDto }) summary!: MarketReportDto;
}

/* ------------------------------------------------------------------------------------------------
 * Queries and bodies
 * ---------------------------------------------------------------------------------------------- */

export class MarketOptionsQueryDto {
  @ApiPropertyOptional({ enum: MARKET_OFFERS, default: 'sale' })
  @IsOptional()
  @IsIn(MARKET_OFFERS, { message: `offer must be one of: ${MARKET_OFFERS.join(', ')}` })
  offer?: 'sale' | 'rent';

  @ApiPropertyOptional({ enum: MARKET_KINDS, default: 'all' })
  @IsOptional()
  @IsIn(MARKET_KINDS, { message: `kind must be one of: ${MARKET_KINDS.join(', ')}` })
  kind?: string;
}

export class AreaQueryDto extends MarketOptionsQueryDto {
  @ApiProperty({ example: '1380300000', description: 'PSGC code of a barangay, city or municipality, province or region' })
  @IsDefined({ message: 'area is required: a 10-digit PSGC code' })
  @Matches(PSGC, { message: psgcMessage('area') })
  area!: string;
}

export class RegionQueryDto {
  @ApiProperty({ example: '1300000000', description: 'PSGC code of a region' })
  @IsDefined({ message: 'region is required: a 10-digit PSGC code' })
  @Matches(PSGC, { message: psgcMessage('region') })
  region!: string;
}

export class ExportReportDto extends MarketOptionsQueryDto {
  @ApiProperty({ enum: REPORT_GROUP_IDS })
  @IsDefined({ message: `group is required: one of ${REPORT_GROUP_IDS.join(', ')}` })
  @IsIn(REPORT_GROUP_IDS, { message: `group must be one of: ${REPORT_GROUP_IDS.join(', ')}` })
  group!: ReportGroupId;

  @ApiProperty({ example: '1380300000' })
  @IsDefined({ message: 'area is required: a 10-digit PSGC code' })
  @Matches(PSGC, { message: psgcMessage('area') })
  area!: string;
}

export class DropdownQueryDto {
  @ApiPropertyOptional({ description: 'A region: its cities and municipalities are listed' })
  @IsOptional()
  @Matches(PSGC, { message: psgcMessage('region') })
  region?: string;

  @ApiPropertyOptional({ description: 'A city or municipality: its barangays are listed with their listing counts' })
  @IsOptional()
  @Matches(PSGC, { message: psgcMessage('city') })
  city?: string;

  @ApiPropertyOptional({ enum: MARKET_OFFERS, default: 'sale', description: 'The offer the listing counts are of' })
  @IsOptional()
  @IsIn(MARKET_OFFERS, { message: `offer must be one of: ${MARKET_OFFERS.join(', ')}` })
  offer?: 'sale' | 'rent';
}

export const SEARCH_LEVELS = ['barangay', 'city', 'province', 'region'] as const;

export class PlaceSearchDto extends PageBodyDto {
  @ApiProperty({ example: 'Poblacion', description: 'Part of a place name (at least 2 characters)' })
  @IsDefined({ message: 'text is required: part of a place name' })
  @IsString({ message: 'text must be a string' })
  @Matches(/\S.*\S|\S{2}/, { message: 'text must have at least 2 characters' })
  @MaxLength(100, { message: 'text must be at most 100 characters' })
  text!: string;

  @ApiPropertyOptional({ enum: SEARCH_LEVELS, isArray: true, description: 'Levels to search (default: all four)' })
  @IsOptional()
  @IsArray({ message: 'levels must be a list' })
  @ArrayMaxSize(4)
  @IsIn(SEARCH_LEVELS, { each: true, message: `each level must be one of: ${SEARCH_LEVELS.join(', ')}` })
  levels?: Array<(typeof SEARCH_LEVELS)[number]>;

  @ApiPropertyOptional({ enum: MARKET_OFFERS, default: 'sale', description: 'The offer the listing counts are of' })
  @IsOptional()
  @IsIn(MARKET_OFFERS, { message: `offer must be one of: ${MARKET_OFFERS.join(', ')}` })
  offer?: 'sale' | 'rent';
}

export class TopAreasQueryDto extends MarketOptionsQueryDto {
  @ApiPropertyOptional({ enum: ['barangay', 'city', 'province', 'region'], default: 'barangay' })
  @IsOptional()
  @IsIn(['barangay', 'city', 'province', 'region'], { message: 'level must be one of: barangay, city, province, region' })
  level?: AreaLevel;

  @ApiPropertyOptional({ description: 'A region, province or city to rank inside' })
  @IsOptional()
  @Matches(PSGC, { message: psgcMessage('within') })
  within?: string;

  @ApiPropertyOptional({ enum: RANK_METRICS, default: 'median_price_per_sqm' })
  @IsOptional()
  @IsIn(RANK_METRICS, { message: `metric must be one of: ${RANK_METRICS.join(', ')}` })
  metric?: AreaRankMetric;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc' })
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(100, { message: 'limit must be at most 100' })
  limit?: number;
}

export class WithinQueryDto extends MarketOptionsQueryDto {
  @ApiProperty({ example: '1380300000', description: 'A barangay (its city is searched), city, province or region' })
  @IsDefined({ message: 'within is required: a 10-digit PSGC code' })
  @Matches(PSGC, { message: psgcMessage('within') })
  within!: string;
}

export class CompareQueryDto extends MarketOptionsQueryDto {
  @ApiProperty({ example: '1380300000,1381300000', description: '2 to 4 PSGC codes separated by commas' })
  @IsDefined({ message: 'areas is required: 2 to 4 PSGC codes separated by commas' })
  @Transform(({ value }) => (typeof value === 'string' ? value.split(',').map((s: string) => s.trim()).filter(Boolean) : value))
  @IsArray({ message: 'areas must be PSGC codes separated by commas' })
  @Matches(PSGC, { each: true, message: psgcMessage('each of areas') })
  areas!: string[];
}

export class LocationQueryDto extends MarketOptionsQueryDto {
  @ApiProperty({ example: 14.5547 })
  @IsDefined({ message: 'lat is required' })
  @Type(() => Number)
  @IsLatitude({ message: 'lat must be a latitude between -90 and 90' })
  lat!: number;

  @ApiProperty({ example: 121.0244 })
  @IsDefined({ message: 'lng is required' })
  @Type(() => Number)
  @IsLongitude({ message: 'lng must be a longitude between -180 and 180' })
  lng!: number;
}

export class ProjectionQueryDto extends MarketOptionsQueryDto {
  @ApiPropertyOptional({ default: 12, minimum: 1, maximum: 24, description: 'Months past the last one to project' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'months must be a whole number' })
  @Min(1, { message: 'months must be at least 1' })
  @Max(24, { message: 'months must be at most 24' })
  months?: number;
}

export class ListingVsMedianDto {
  @ApiProperty({ type: Number, nullable: true, description: "The listing's price per m² (pesos)" }) pricePerSqm!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: "Its barangay's median (same offer, same kind), or null below the minimum sample" }) barangayMedianPerSqm!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: '(price per m² ÷ median − 1) × 100' }) diffPct!: number | null;
  @ApiProperty() sampleSize!: number;
  @ApiProperty() source!: string;
}
