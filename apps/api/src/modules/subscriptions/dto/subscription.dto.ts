import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { BILLING_PERIODS, ENTITLEMENTS, SUBSCRIPTION_PLANS, type BillingPeriod, type SubscriptionPlan } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { asQueryList } from '../../../common/http/query-list';
import { PageBodyDto, PageQueryDto } from '../../../common/http/page-query.dto';


const SUBSCRIPTION_ROW_STATUSES = ['active', 'suspended', 'expired', 'scheduled'] as const;
type SubscriptionRowStatus = (typeof SUBSCRIPTION_ROW_STATUSES)[number];

export class SubscriptionMemberDto {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
}

export class SubscriptionDetailDto {
  @ApiProperty() _id!: string;
  @ApiProperty() userId!: string;
  @ApiProperty({ type: SubscriptionMemberDto, nullable: true, description: 'Staff lists only' }) member!: SubscriptionMemberDto | null;
  @ApiProperty({ enum: SUBSCRIPTION_PLANS }) plan!: SubscriptionPlan;
  @ApiProperty({ enum: SUBSCRIPTION_ROW_STATUSES, description: 'scheduled: paid for, starts when the current period ends' })
  status!: SubscriptionRowStatus;
  @ApiProperty({ enum: BILLING_PERIODS }) billingPeriod!: BillingPeriod;
  @ApiProperty() startedAt!: string;
  @ApiProperty({ type: String, nullable: true, description: 'End of the paid period (null: free or lifetime)' }) expiresAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The plan stays usable until then if not renewed' }) graceEndsAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) endedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'period_end, upgraded, replaced, cancelled, staff, chargeback' }) endReason!: string | null;
  @ApiProperty({ description: 'Back to Free when the period ends' }) cancelAtPeriodEnd!: boolean;
  @ApiProperty({ enum: ['payment', 'staff'] }) source!: 'payment' | 'staff';
  @ApiProperty({ type: String, nullable: true }) paymentId!: string | null;
  @ApiProperty({ description: 'Value of the period in centavos (what was paid plus any proration credit)' }) paidCentavos!: number;
  @ApiProperty({ type: String, nullable: true, description: "Staff's note" }) note!: string | null;
  @ApiProperty() createdAt!: string;
}

export class SubscriptionListDto {
  @ApiProperty({ type: [SubscriptionDetailDto] }) subscriptions!: SubscriptionDetailDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class CurrentSubscriptionDto {
  @ApiProperty({ enum: SUBSCRIPTION_PLANS, description: 'The plan whose features the member has now (Free when suspended or ended)' })
  plan!: SubscriptionPlan;
  @ApiProperty({ type: SubscriptionDetailDto, nullable: true }) subscription!: SubscriptionDetailDto | null;
  @ApiProperty({ type: [SubscriptionDetailDto], description: 'Paid periods waiting to start' }) scheduled!: SubscriptionDetailDto[];
  @ApiProperty({ enum: ENTITLEMENTS, isArray: true }) entitlements!: string[];
  @ApiProperty() monthlyCredits!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null: no limit' }) activeListings!: number | null;
}

export class SubscriptionListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: SUBSCRIPTION_PLANS, isArray: true })
  @IsOptional()
  @Transform(asQueryList)
  @IsIn(SUBSCRIPTION_PLANS, { each: true, message: `plan must be one of: ${SUBSCRIPTION_PLANS.join(', ')}` })
  plan?: SubscriptionPlan[];

  @ApiPropertyOptional({ enum: SUBSCRIPTION_ROW_STATUSES, isArray: true })
  @IsOptional()
  @Transform(asQueryList)
  @IsIn(SUBSCRIPTION_ROW_STATUSES, { each: true, message: `status must be one of: ${SUBSCRIPTION_ROW_STATUSES.join(', ')}` })
  status?: SubscriptionRowStatus[];

  @ApiPropertyOptional({ enum: BILLING_PERIODS, isArray: true })
  @IsOptional()
  @Transform(asQueryList)
  @IsIn(BILLING_PERIODS, { each: true, message: `billingPeriod must be one of: ${BILLING_PERIODS.join(', ')}` })
  billingPeriod?: BillingPeriod[];
}

export class HistoryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Staff: another member's history" })
  @IsOptional()
  @IsUUID('4', { message: 'userId must be a member id' })
  userId?: string;
}

export class SubscriptionSearchQueryDto {
  @ApiPropertyOptional({ description: "Part of the member's name or e-mail", maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  text?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID('4', { message: 'userId must be a member id' })
  userId?: string;

  @ApiPropertyOptional({ enum: SUBSCRIPTION_PLANS, isArray: true })
  @IsOptional()
  @IsArray()
  @IsIn(SUBSCRIPTION_PLANS, { each: true, message: `plan must be one of: ${SUBSCRIPTION_PLANS.join(', ')}` })
  plan?: SubscriptionPlan[];

  @ApiPropertyOptional({ enum: SUBSCRIPTION_ROW_STATUSES, isArray: true })
  @IsOptional()
  @IsArray()
  @IsIn(SUBSCRIPTION_ROW_STATUSES, { each: true, message: `status must be one of: ${SUBSCRIPTION_ROW_STATUSES.join(', ')}` })
  status?: SubscriptionRowStatus[];

  @ApiPropertyOptional({ enum: BILLING_PERIODS, isArray: true })
  @IsOptional()
  @IsArray()
  @IsIn(BILLING_PERIODS, { each: true, message: `billingPeriod must be one of: ${BILLING_PERIODS.join(', ')}` })
  billingPeriod?: BillingPeriod[];
}

export class SearchSubscriptionsDto extends PageBodyDto {
  @ApiPropertyOptional({ type: SubscriptionSearchQueryDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SubscriptionSearchQueryDto)
  query?: SubscriptionSearchQueryDto;
}

export class CreateSubscriptionDto {
  @ApiProperty()
  @IsUUID('4', { message: 'userId must be a member id' })
  userId!: string;

  @ApiProperty({ enum: SUBSCRIPTION_PLANS })
  @IsIn(SUBSCRIPTION_PLANS, { message: `plan must be one of: ${SUBSCRIPTION_PLANS.join(', ')}` })
  plan!: SubscriptionPlan;

  @ApiProperty({ enum: BILLING_PERIODS })
  @IsIn(BILLING_PERIODS, { message: `billingPeriod must be one of: ${BILLING_PERIODS.join(', ')}` })
  billingPeriod!: BillingPeriod;

  @ApiPropertyOptional({ description: 'End of the period (monthly/annually; default one period from now)' })
  @IsOptional()
  @IsDateString({}, { message: 'expiresAt must be a date and time (ISO 8601)' })
  expiresAt?: string;

  @ApiProperty({ description: 'Why (audited)', minLength: 3, maxLength: 300 })
  @IsString()
  @Length(3, 300, { message: 'note must say why, in 3 to 300 characters' })
  note!: string;
}

export class UpdateSubscriptionDto {
  @ApiProperty()
  @IsUUID('4', { message: '_id must be a subscription id' })
  _id!: string;

  @ApiPropertyOptional({ enum: ['active', 'suspended'], description: 'Suspend, or reinstate' })
  @IsOptional()
  @IsIn(['active', 'suspended'], { message: 'status must be one of: active, suspended' })
  status?: 'active' | 'suspended';

  @ApiPropertyOptional({ description: 'A new end of the period' })
  @IsOptional()
  @IsDateString({}, { message: 'expiresAt must be a date and time (ISO 8601)' })
  expiresAt?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  cancelAtPeriodEnd?: boolean;

  @ApiProperty({ description: 'Why (audited)', minLength: 3, maxLength: 300 })
  @IsString()
  @Length(3, 300, { message: 'note must say why, in 3 to 300 characters' })
  note!: string;
}

export class CancelSubscriptionDto {
  @ApiProperty({ description: 'true: back to Free when the period ends; false: keep the plan going' })
  @IsBoolean()
  cancel!: boolean;
}
