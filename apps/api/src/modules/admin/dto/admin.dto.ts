import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { PageNumber } from '../../../common/http/whole-number';
import type { PeriodInterval } from '../../../common/db/period-counts';
import { AuditEntryDto } from '../../audit/dto/audit.dto';
import { ListingListDto } from '../../listings/dto/listing-output.dto';
import { CurrentSubscriptionDto } from '../../subscriptions/dto/subscription.dto';
import { UserDto } from '../../users/dto/user-output.dto';
import { DASHBOARD_INTERVALS, DASHBOARD_METRICS, type DashboardMetric } from '../dashboard-window';

export class UserPageInputDto {
  @ApiPropertyOptional({ type: Number, default: 1, minimum: 1, description: "The page of the member's listings (10 a page, newest first)" })
  @IsOptional()
  @PageNumber()
  page?: number;

  @ApiProperty({ format: 'uuid', description: 'The member' })
  @IsUUID('all', { message: 'id must be a user id (a UUID)' })
  id!: string;
}

export class UserPageCreditsDto {
  @ApiProperty({ description: 'AI credits the member has now' }) balance!: number;
}

export class UserPageStatsDto {
  @ApiProperty({ description: 'Listings the member owns (any status or visibility)' }) listings!: number;
  @ApiProperty({ description: 'Of those, with status active' }) activeListings!: number;
  @ApiProperty({ description: 'Message threads the member takes part in' }) threads!: number;
  @ApiProperty({ description: 'Payments the member paid (ever; refunded ones included)' }) payments!: number;
  @ApiProperty({ description: 'Their sum, in centavos' }) paidCentavos!: number;
}

export class UserPageDto {
  @ApiProperty({ type: UserDto }) user!: UserDto;
  @ApiProperty({ type: CurrentSubscriptionDto }) subscription!: CurrentSubscriptionDto;
  @ApiProperty({ type: UserPageCreditsDto }) credits!: UserPageCreditsDto;
  @ApiProperty({ type: UserPageStatsDto }) stats!: UserPageStatsDto;
  @ApiProperty({ type: ListingListDto, description: "A page of the member's listings (10, newest first; drafts and hidden ones included), each with documentsCount and openReports" })
  listings!: ListingListDto;
  @ApiProperty({ type: [AuditEntryDto], description: 'The last 10 audit entries where the member is the actor or the entity (user), newest first' })
  recentAudit!: AuditEntryDto[];
}

export class DashboardFilterDto {
  @ApiPropertyOptional({ description: 'First Philippine day (YYYY-MM-DD, or an ISO date-time: its Manila day); default 29 days before `to`' })
  @IsOptional()
  @IsString({ message: 'filter.from must be a date (YYYY-MM-DD)' })
  @MaxLength(40)
  from?: string;

  @ApiPropertyOptional({ description: 'Last Philippine day, included (YYYY-MM-DD or an ISO date-time); default today in Manila' })
  @IsOptional()
  @IsString({ message: 'filter.to must be a date (YYYY-MM-DD)' })
  @MaxLength(40)
  to?: string;

  @ApiPropertyOptional({ enum: DASHBOARD_INTERVALS, default: 'day', description: 'Buckets: Manila days, weeks from Monday, calendar months; day covers at most 366 days' })
  @IsOptional()
  @IsIn(DASHBOARD_INTERVALS, { message: `filter.interval must be one of: ${DASHBOARD_INTERVALS.join(', ')}` })
  interval?: PeriodInterval;

  @ApiPropertyOptional({ format: 'uuid', description: "One member's figures (their sign-up, their listings, messages they sent, their payments)" })
  @IsOptional()
  @IsUUID('all', { message: 'filter.userId must be a user id (a UUID)' })
  userId?: string;
}

export class DashboardInputDto {
  @ApiPropertyOptional({ enum: DASHBOARD_METRICS, isArray: true, description: 'Which metrics; default all' })
  @IsOptional()
  @IsArray({ message: `data must be a list of: ${DASHBOARD_METRICS.join(', ')}` })
  @IsIn(DASHBOARD_METRICS, { each: true, message: `data must hold only: ${DASHBOARD_METRICS.join(', ')}` })
  data?: DashboardMetric[];

  @ApiPropertyOptional({ type: DashboardFilterDto })
  @IsOptional()
  @IsObject({ message: 'filter must be an object' })
  @ValidateNested()
  @Type(() => DashboardFilterDto)
  filter?: DashboardFilterDto;
}

/** Totals of the metrics asked for (the others are left out). users/listings/activeListings are as of now; the rest within the window. */
export class DashboardTotalsDto {
  @ApiPropertyOptional({ description: 'Members now (1 with filter.userId)' }) users?: number;
  @ApiPropertyOptional({ description: 'Accounts created in the window' }) newUsers?: number;
  @ApiPropertyOptional({ description: 'Listings now (any status)' }) listings?: number;
  @ApiPropertyOptional({ description: 'Listings with status active now' }) activeListings?: number;
  @ApiPropertyOptional({ description: 'Listings created in the window' }) newListings?: number;
  @ApiPropertyOptional({ description: 'Messages sent in the window' }) messages?: number;
  @ApiPropertyOptional({ description: 'Payments paid in the window (by paid_at)' }) payments?: number;
  @ApiPropertyOptional({ description: 'Their sum, in centavos' }) paidCentavos?: number;
}

export class DashboardPointDto {
  @ApiProperty({ description: 'First Philippine day of the bucket, YYYY-MM-DD' }) date!: string;
  @ApiProperty() count!: number;
  @ApiPropertyOptional({ description: 'payments only: the sum paid in the bucket, centavos' }) amountCentavos?: number;
}

export class DashboardSeriesDto {
  @ApiProperty({ enum: DASHBOARD_METRICS, description: 'users: sign-ups; listings: new listings; messages: messages sent; payments: payments paid' })
  metric!: DashboardMetric;
  @ApiProperty({ type: [DashboardPointDto], description: 'Every bucket of the window in order, 0 where nothing happened' }) points!: DashboardPointDto[];
}

export class AdminDashboardDto {
  @ApiProperty({ type: DashboardTotalsDto }) totals!: DashboardTotalsDto;
  @ApiProperty({ type: [DashboardSeriesDto] }) series!: DashboardSeriesDto[];
  @ApiProperty({ description: 'First day of the window (YYYY-MM-DD, Manila)' }) from!: string;
  @ApiProperty({ description: 'Last day of the window, included' }) to!: string;
  @ApiProperty({ enum: DASHBOARD_INTERVALS }) interval!: PeriodInterval;
}
