import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { COST_ASSUMPTION_FIELDS, COST_ASSUMPTIONS_SOURCE, DEFAULT_COST_ASSUMPTIONS, DEVELOPMENTS_SOURCE } from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, Public, Roles } from '../../../common/auth/decorators';
import { ErrorResponseDto } from '../../../common/http/common.dto';
import { Entitled } from '../../subscriptions/entitlements';
import { COST_ASSUMPTION_RANGES } from './cost-assumption-rules';
import {
  CostAssumptionsEntryDto,
  CostAssumptionsListDto,
  DatasetListDto,
  DevelopmentDto,
  DevelopmentListDto,
  DevelopmentQueryDto,
  SaveDevelopmentDto,
  UpdateCostAssumptionsDto,
} from './dto/market-admin.dto';
import { MarketCostAssumptionsService, type CostAssumptionsEntry } from './market-cost-assumptions.service';
import { MarketDevelopmentsService } from './market-developments.service';
import { AmenitiesDto, AmenitiesQueryDto, ChoroplethDto, ChoroplethQueryDto } from './dto/market-map.dto';
import { MarketMapService } from './market-map.service';
import { MarketDataService } from '../../market-data/market-data.service';

const uuid = () => new ParseUUIDPipe({ errorHttpStatusCode: 404 });
const entryDto = (kind: string, e: CostAssumptionsEntry): CostAssumptionsEntryDto => ({
  kind,
  ...e,
  defaults: { ...DEFAULT_COST_ASSUMPTIONS[kind] },
});

/**
 * What staff keep for the market reports: development projects (the "ongoing development" report and
 * the map) and the cost assumptions behind the yields. Reads are public (the reports name them); writes
 * are admins'.
 */
@ApiTags('market reports')
@Controller('bi')
export class MarketAdminController {
  constructor(
    private readonly developments: MarketDevelopmentsService,
    private readonly assumptions: MarketCostAssumptionsService,
    private readonly map: MarketMapService,
    private readonly data: MarketDataService,
  ) {}

  @Get('datasets')
  @Roles('viewer', 'admin', 'super_admin')
  @ApiOkResponse({ type: DatasetListDto, description: 'The public statistics loaded (source, file, rows, period, when imported), for staff' })
  async getDatasets(): Promise<DatasetListDto> {
    return { items: await this.data.datasets() };
  }

  @Get('amenities/:barangay')
  @Public()
  @ApiOkResponse({
    type: AmenitiesDto,
    description: "The barangay's centroid and what is near it by the map legend's categories (barangays, malls, residential areas, schools, transport hubs, restaurants): counts and the nearest, with sources (tier 1)",
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Not a known barangay code, a radius out of range' })
  getAmenities(@Param('barangay') barangay: string, @Query() q: AmenitiesQueryDto): Promise<AmenitiesDto> {
    return this.map.amenities(barangay, q.radiusKm === undefined ? undefined : Number(q.radiusKm));
  }

  @Get('map/barangays')
  @Public()
  @ApiOkResponse({
    type: ChoroplethDto,
    description: "GeoJSON of the barangays of a Metro Manila city (or all of Metro Manila) with each one's listing figure, for a choropleth (tier 1)",
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Not a Metro Manila city, an unknown metric, offer or kind' })
  getMapBarangays(@Query() q: ChoroplethQueryDto): Promise<ChoroplethDto> {
    return this.map.barangayChoropleth({ cityCode: q.city, metric: q.metric, offer: q.offer, kind: q.kind });
  }

  @Get('data/developments')
  @Public()
  @Entitled('reports.tier2')
  @ApiOkResponse({ type: DevelopmentListDto, description: 'Development projects staff recorded, the most recently updated first (tier 2: guests and Free members get 402)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getDevelopments(@Query() q: DevelopmentQueryDto): Promise<DevelopmentListDto> {
    const page = await this.developments.list({
      cityCode: q.city,
      barangayCode: q.barangay,
      regionCode: q.region,
      status: q.status,
      page: q.page,
      limit: q.limit,
    });
    return { ...page, source: DEVELOPMENTS_SOURCE };
  }

  @Post('developments')
  @Roles('admin', 'super_admin')
  @ApiCreatedResponse({ type: DevelopmentDto, description: 'Recorded (event market.development_saved)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A field missing or wrong, an unknown barangay, a point outside the Philippines' })
  createDevelopment(@CurrentUser() caller: AuthUser, @Body() dto: SaveDevelopmentDto): Promise<DevelopmentDto> {
    return this.developments.create(caller, dto);
  }

  @Put('developments/:id')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: DevelopmentDto, description: 'Every field replaced (event market.development_saved)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  updateDevelopment(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string, @Body() dto: SaveDevelopmentDto): Promise<DevelopmentDto> {
    return this.developments.update(caller, id, dto);
  }

  @Delete('developments/:id')
  @Roles('admin', 'super_admin')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed (event market.development_removed)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async deleteDevelopment(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string): Promise<void> {
    await this.developments.remove(caller, id);
  }

  @Get('cost-assumptions')
  @Public()
  @ApiOkResponse({ type: CostAssumptionsListDto, description: 'The cost assumptions per property kind: the documented defaults unless staff changed them' })
  async getCostAssumptions(): Promise<CostAssumptionsListDto> {
    const all = await this.assumptions.all();
    return {
      items: Object.entries(all).map(([kind, e]) => entryDto(kind, e)),
      fields: COST_ASSUMPTION_FIELDS.map((field) => ({ field, ...COST_ASSUMPTION_RANGES[field] })),
      source: COST_ASSUMPTIONS_SOURCE,
    };
  }

  @Put('cost-assumptions/:kind')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: CostAssumptionsEntryDto, description: 'Changed (event market.assumptions_updated)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'An unknown kind or field, a value out of its range (the message names it), no note' })
  async updateCostAssumptions(@CurrentUser() caller: AuthUser, @Param('kind') kind: string, @Body() dto: UpdateCostAssumptionsDto): Promise<CostAssumptionsEntryDto> {
    return entryDto(kind, await this.assumptions.update(caller, kind, dto));
  }

  @Delete('cost-assumptions/:kind')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: CostAssumptionsEntryDto, description: 'Back to the documented default (event market.assumptions_updated when it had been changed)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'An unknown kind' })
  async resetCostAssumptions(@CurrentUser() caller: AuthUser, @Param('kind') kind: string): Promise<CostAssumptionsEntryDto> {
    return entryDto(kind, await this.assumptions.reset(caller, kind));
  }
}
