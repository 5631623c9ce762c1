import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../../common/auth/decorators';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { NOT_FOUND_MESSAGE } from '../listings.service';
import { ListingReportListDto, ReportCreatedDto, ReportListingDto, ReportsResolvedDto, ResolveReportsDto } from './listing-reports.dto';
import { ALREADY_REPORTED, ListingReportsService, TOO_MANY_REPORTS } from './listing-reports.service';

const listingId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(NOT_FOUND_MESSAGE) });

@ApiTags('listing')
@Controller('listing')
export class ListingReportsController {
  constructor(private readonly reports: ListingReportsService) {}

  @Post('report/:id')
  @ApiCreatedResponse({ type: ReportCreatedDto })
  @ApiConflictResponse({ description: ALREADY_REPORTED })
  @ApiTooManyRequestsResponse({ description: TOO_MANY_REPORTS })
  reportListing(@CurrentUser() caller: AuthUser, @Param('id', listingId()) id: string, @Body() dto: ReportListingDto): Promise<ReportCreatedDto> {
    return this.reports.report(caller, id, dto);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Get('reports/:id')
  @ApiOkResponse({ type: ListingReportListDto })
  getListingReports(@Param('id', listingId()) id: string, @Query() query: PageQueryDto): Promise<ListingReportListDto> {
    return this.reports.list(id, query);
  }

  @Roles('admin', 'super_admin')
  @Post('reports/:id/resolve')
  @HttpCode(200)
  @ApiOkResponse({ type: ReportsResolvedDto })
  @ApiConflictResponse({ description: 'This listing has no open reports' })
  resolveListingReports(
    @CurrentUser() caller: AuthUser,
    @Param('id', listingId()) id: string,
    @Body() dto: ResolveReportsDto,
  ): Promise<ReportsResolvedDto> {
    return this.reports.resolve(caller, id, dto.resolution);
  }
}
