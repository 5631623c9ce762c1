import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExtension,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiProperty,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { buildPagination, MARKET_MIN_SAMPLE, PAGINATION, REPORT_GROUP_IDS } from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, Public } from '../../../common/auth/decorators';
import { ErrorResponseDto } from '../../../common/http/common.dto';
import { pageWindow } from '../../../common/http/page-query.dto';
import { ListingSearchDto } from '../../listings/dto/listing-input.dto';
import { ListingDto, ListingListDto } from '../../listings/dto/listing-output.dto';
import { Entitled } from '../../subscriptions/entitlements';
import {
  AreaQueryDto,
  CompareAreasDto,
  CompareQueryDto,
  DropdownQueryDto,
  DropdownValuesDto,
  ExportReportDto,
  ListingVsMedianDto,
  LocationAnalysisDto,
  LocationQueryDto,
  MarketOptionsQueryDto,
  MarketReportDto,
  OpportunitiesDto,
  PlaceSearchDto,
  PlaceSearchResultDto,
  PriceRangesDto,
  ProjectionQueryDto,
  RegionQueryDto,
  ReportGroupListDto,
  SEARCH_LEVELS,
  SimilarAreasDto,
  TopAreasDto,
  TopAreasQueryDto,
  WithinQueryDto,
} from './dto/market-reports.dto';
import { REPORT_EXPORT_FORMATS, type ReportExportFormat } from './market-report-export';
import { MarketReportExportsService } from './market-report-exports.service';
import { MarketAreaAnalysisService } from './market-area-analysis.service';
import { MarketAreasService } from './market-areas.service';
import { MarketRankingsService } from './market-rankings.service';
import { MarketReportsService } from './market-reports.service';
import { PropertiesSearchService } from './properties-search.service';
import { IsOptional, Matches } from 'class-validator';

/**
 * Tier 1 is for everyone, guests included: the entitlement guard (which answers 402 to any guest) is not
 * used; OpenAPI still documents `x-entitlement` like @Entitled does.
 */
const TierOne = () => ApiExtension('x-entitlement', { entitlement: 'reports.tier1', plan: 'free' });
const barangayParam = () => ApiParam({ name: 'barangay', description: 'PSGC code of the barangay (10 digits)', example: '1380300001' });
const errors = () => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A malformed code or option (the message says which)' })(target, key, descriptor);
  ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No place has this PSGC code' })(target, key, descriptor);
};

/**
 * The spec's business-intelligence routes (issue 16). `/bi/get/all` and `/bi/get/{id}` are the 13
 * report definitions and the reports; `/bi/search` searches places with data for the picker (not
 * saved reports). Reports are public: a guest reads tier 1 as Free; locked groups answer 402 with
 * `upgrade`. Thin: MarketReportsService composes the 13 groups, MarketAreasService resolves areas and
 * the picker, MarketRankingsService ranks areas, MarketAreaAnalysisService answers the fixed routes.
 */
@ApiTags('market reports')
@Controller('bi')
export class MarketReportsController {
  constructor(
    private readonly reports: MarketReportsService,
    private readonly areas: MarketAreasService,
    private readonly rankings: MarketRankingsService,
    private readonly analysis: MarketAreaAnalysisService,
    private readonly exportsService: MarketReportExportsService,
  ) {}

  @Public()
  @Get('get/all')
  @ApiOperation({ summary: 'The 13 report groups with their tier, sources and whether the caller\'s plan unlocks them' })
  @ApiOkResponse({ type: ReportGroupListDto })
  getAllReports(@CurrentUser() caller: AuthUser | undefined): Promise<ReportGroupListDto> {
    return this.reports.groups(caller);
  }

  @Public()
  @Get('get/:id')
  @ApiOperation({ summary: `A report of one group for an area (barangay, city, province or region). Below ${MARKET_MIN_SAMPLE} listings in a barangay its city's listing figures are shown with \`fallback\` set.` })
  @ApiParam({ name: 'id', enum: REPORT_GROUP_IDS, description: 'The report group' })
  @ApiOkResponse({ type: MarketReportDto })
  @ApiResponse({ status: 402, type: ErrorResponseDto, description: "The caller's plan does not unlock the group (body.upgrade names the plan)" })
  @errors()
  getReport(@CurrentUser() caller: AuthUser | undefined, @Param('id') id: string, @Query() q: AreaQueryDto): Promise<MarketReportDto> {
    return this.reports.report(id, q.area, q, caller);
  }

  @Public()
  @Post('search')
  @HttpCode(200)
  @ApiOperation({ summary: 'Places for the report picker by name (barangays, cities and municipalities, provinces, regions), with their parents and active listing counts. Searches places, not saved reports.' })
  @ApiOkResponse({ type: PlaceSearchResultDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async searchPlaces(@Body() body: PlaceSearchDto): Promise<PlaceSearchResultDto> {
    const { limit, skip } = pageWindow(body);
    const found = await this.areas.searchPlaces(body.text, body.levels?.length ? body.levels : [...SEARCH_LEVELS], body.offer ?? 'sale', limit, skip);
    return { items: found.items, pagination: buildPagination(found.total, found.items.length, limit, skip) };
  }

  @Public()
  @Get('dropdownvalue')
  @ApiOperation({ summary: "The picker's values: regions; the cities of `region`; the barangays of `city` with listing counts and whether they have enough data; kinds, offers, months, groups" })
  @ApiOkResponse({ type: DropdownValuesDto })
  @errors()
  dropdownValues(@Query() q: DropdownQueryDto): Promise<DropdownValuesDto> {
    return this.areas.dropdown(q);
  }

  @Public()
  @Get('property/market')
  @TierOne()
  @ApiOperation({ summary: 'Listing figures of an area now (median and quartile prices, price per m², supply, demand, days on market, price cuts, price bands)' })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  propertyMarket(@Query() q: AreaQueryDto): Promise<MarketReportDto> {
    return this.analysis.market(q.area, q);
  }

  @Public()
  @Get('property/analysis/:barangay')
  @TierOne()
  @barangayParam()
  @ApiOperation({ summary: "A barangay's current listing figures and their monthly history (the historic and current report)" })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  async propertyAnalysis(@Param('barangay') barangay: string, @Query() q: MarketOptionsQueryDto): Promise<MarketReportDto> {
    const ctx = await this.areas.area(barangay, 'barangay', ['barangay']);
    return this.reports.compose('historic_and_current', ctx, { offer: q.offer ?? 'sale', kind: q.kind ?? 'all' });
  }

  @Public()
  @Get('property/top-areas')
  @TierOne()
  @ApiOperation({ summary: `Areas of a level ranked by a listing metric (only areas with at least ${MARKET_MIN_SAMPLE} listings)` })
  @ApiOkResponse({ type: TopAreasDto })
  @errors()
  topAreas(@Query() q: TopAreasQueryDto): Promise<TopAreasDto> {
    return this.rankings.topAreas({ level: q.level ?? 'barangay', within: q.within, metric: q.metric ?? 'median_price_per_sqm', offer: q.offer, kind: q.kind, order: q.order, limit: q.limit });
  }

  @Public()
  @Get('property/price-ranges')
  @TierOne()
  @ApiOperation({ summary: "Active listings of an area per price band (the spec's bands)" })
  @ApiOkResponse({ type: PriceRangesDto })
  @errors()
  priceRanges(@Query() q: AreaQueryDto): Promise<PriceRangesDto> {
    return this.analysis.priceRanges(q.area, q);
  }

  @Public()
  @Get('property/historical/:barangay')
  @TierOne()
  @barangayParam()
  @ApiOperation({ summary: "A barangay's listing prices and price per m² month by month (24 months)" })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  async propertyHistorical(@Param('barangay') barangay: string, @Query() q: MarketOptionsQueryDto): Promise<MarketReportDto> {
    const ctx = await this.areas.area(barangay, 'barangay', ['barangay']);
    return this.reports.compose('historic_and_current', ctx, { offer: q.offer ?? 'sale', kind: q.kind ?? 'all' });
  }

  @Public()
  @Get('investment/opportunities')
  @Entitled('reports.tier3')
  @ApiOperation({ summary: 'Barangays ranked by an explained opportunity score (rising price, yield, demand, below the area median)' })
  @ApiOkResponse({ type: OpportunitiesDto })
  @errors()
  opportunities(@Query() q: WithinQueryDto): Promise<OpportunitiesDto> {
    return this.rankings.scoredOpportunities(q.within, q.kind ?? 'all');
  }

  @Public()
  @Get('areas/compare')
  @Entitled('research.comparison')
  @ApiOperation({ summary: '2 to 4 areas side by side: listing figures, population, density, family income' })
  @ApiOkResponse({ type: CompareAreasDto })
  @errors()
  compare(@Query() q: CompareQueryDto): Promise<CompareAreasDto> {
    return this.analysis.compare(q.areas, q);
  }

  @Public()
  @Get('location/analysis')
  @TierOne()
  @ApiOperation({ summary: 'The barangay at or nearest a point (by centroid) and its market snapshot' })
  @ApiOkResponse({ type: LocationAnalysisDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  location(@Query() q: LocationQueryDto): Promise<LocationAnalysisDto> {
    return this.analysis.location(q.lat, q.lng, q);
  }

  @Public()
  @Get('areas/similar/:barangay')
  @Entitled('research.comparison')
  @barangayParam()
  @ApiOperation({ summary: 'The barangays of the same region most like this one (standardised price per m², density, family income, amenities)' })
  @ApiOkResponse({ type: SimilarAreasDto })
  @errors()
  similar(@Param('barangay') barangay: string, @Query() q: MarketOptionsQueryDto): Promise<SimilarAreasDto> {
    return this.rankings.similar(barangay, q);
  }

  @Public()
  @Get('area/demographics/:barangay')
  @TierOne()
  @barangayParam()
  @ApiOperation({ summary: "A barangay's demographics report (PSGC population, density, urban/rural, income class; FIES families and income)" })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  async areaDemographics(@Param('barangay') barangay: string): Promise<MarketReportDto> {
    const ctx = await this.areas.area(barangay, 'barangay', ['barangay']);
    return this.reports.compose('demographics', ctx, { offer: 'sale', kind: 'all' });
  }

  @Public()
  @Get('market/overview')
  @TierOne()
  @ApiOperation({ summary: 'The national picture: listing figures of the country, the busiest cities, the national property price index' })
  @ApiOkResponse({ type: MarketReportDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  overview(@Query() q: MarketOptionsQueryDto): Promise<MarketReportDto> {
    return this.analysis.overview(q);
  }

  @Public()
  @Get('market/projections/:barangay')
  @Entitled('reports.tier2')
  @barangayParam()
  @ApiOperation({ summary: 'A straight-line projection of the median price per m² with its 80 % prediction interval and method (refused below 6 months of data, with the reason)' })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  async projections(@Param('barangay') barangay: string, @Query() q: ProjectionQueryDto): Promise<MarketReportDto> {
    await this.areas.area(barangay, 'barangay', ['barangay']);
    return this.analysis.projection(barangay, q, q.months ?? 12);
  }

  @Public()
  @Get('risk/assessment/:barangay')
  @Entitled('reports.tier2')
  @barangayParam()
  @ApiOperation({ summary: 'Risk factors: crime (police region), supply overhang, price volatility, data thinness; each with its source' })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  async risk(@Param('barangay') barangay: string, @Query() q: MarketOptionsQueryDto): Promise<MarketReportDto> {
    await this.areas.area(barangay, 'barangay', ['barangay']);
    return this.analysis.risk(barangay, q);
  }

  @Public()
  @Get('data/property-trends')
  @TierOne()
  @ApiOperation({ summary: 'The property trends report of an area (asking-price index and volume against the national index)' })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  async dataPropertyTrends(@Query() q: AreaQueryDto): Promise<MarketReportDto> {
    return this.reports.compose('property_trends', await this.areas.area(q.area), { offer: q.offer ?? 'sale', kind: q.kind ?? 'all' });
  }

  @Public()
  @Get('data/demographics')
  @TierOne()
  @ApiOperation({ summary: 'The demographics report of an area' })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  async dataDemographics(@Query() q: AreaQueryDto): Promise<MarketReportDto> {
    return this.reports.compose('demographics', await this.areas.area(q.area), { offer: q.offer ?? 'sale', kind: q.kind ?? 'all' });
  }

  @Public()
  @Get('data/economic')
  @Entitled('reports.tier2')
  @ApiOperation({ summary: 'The economic data report of an area (LFS workforce and unemployment, CPI inflation, industry mix)' })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  async dataEconomic(@Query() q: AreaQueryDto): Promise<MarketReportDto> {
    return this.reports.compose('economic_data', await this.areas.area(q.area), { offer: q.offer ?? 'sale', kind: q.kind ?? 'all' });
  }

  @Public()
  @Get('data/safety-index')
  @Entitled('reports.tier2')
  @ApiOperation({ summary: "The safety and crime report of a region (PNP crime rate per 100,000, trend, national rate)" })
  @ApiOkResponse({ type: MarketReportDto })
  @errors()
  async dataSafety(@Query() q: RegionQueryDto): Promise<MarketReportDto> {
    return this.reports.compose('safety_and_crime', await this.areas.area(q.region, 'region', ['region']), { offer: 'sale', kind: 'all' });
  }

  @Post('export/:format')
  @HttpCode(200)
  @ApiOperation({ summary: `A report written as CSV or PDF (market_report_{group}_{areaCode}_{timestamp}.{format}); the same plan lock as GET /bi/get/{id}; at most MARKET_REPORT_EXPORTS_PER_HOUR (60) an hour per member, then 429 with Retry-After; event market.report_exported` })
  @ApiParam({ name: 'format', enum: REPORT_EXPORT_FORMATS })
  @ApiProduces('text/csv', 'application/pdf', 'application/json')
  @ApiOkResponse({ description: 'The file', content: { 'text/csv': { schema: { type: 'string', format: 'binary' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 402, type: ErrorResponseDto, description: "The caller's plan does not unlock the group" })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @errors()
  async exportReport(
    @CurrentUser() caller: AuthUser,
    @Param('format') format: string,
    @Body() body: ExportReportDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    if (!(REPORT_EXPORT_FORMATS as readonly string[]).includes(format)) throw new BadRequestException(`format must be one of: ${REPORT_EXPORT_FORMATS.join(', ')}`);
    const file = await this.exportsService.export(caller, format as ReportExportFormat, body);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.body.length });
  }
}

export class PropertiesSearchDto extends ListingSearchDto {
  @ApiProperty({ required: false, example: '1380300001', description: 'A barangay or city (PSGC): only its listings' })
  @IsOptional()
  @Matches(/^\d{10}$/, { message: 'area must be a 10-digit PSGC code, e.g. 1380300000' })
  area?: string;
}

class PropertyWithMarketDto extends ListingDto {
  @ApiProperty({ type: ListingVsMedianDto }) market!: ListingVsMedianDto;
}

class PropertiesSearchResultDto extends ListingListDto {
  @ApiProperty({ type: [PropertyWithMarketDto] }) declare listings: PropertyWithMarketDto[];
}

/** Spec: POST /properties/search. */
@ApiTags('market reports')
@ApiExtraModels(PropertyWithMarketDto)
@Controller('properties')
export class PropertiesSearchController {
  constructor(private readonly properties: PropertiesSearchService) {}

  @Public()
  @Post('search')
  @HttpCode(200)
  @ApiOperation({ summary: "Listings of an area (the listing search's filters and visibility), each with its price per m² against its barangay's median" })
  @ApiBody({ type: PropertiesSearchDto })
  @ApiOkResponse({ type: PropertiesSearchResultDto, description: `Pages of at most ${PAGINATION.maxLimit}; see ${getSchemaPath(ListingVsMedianDto)}` })
  @errors()
  search(@CurrentUser() caller: AuthUser | undefined, @Body() body: PropertiesSearchDto): Promise<PropertiesSearchResultDto> {
    return this.properties.search(caller, body);
  }
}
