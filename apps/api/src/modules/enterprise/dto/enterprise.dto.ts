import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import {
  ENTERPRISE_MEMBER_STATUSES,
  ENTERPRISE_ROLES,
  PASSWORD_MIN_LENGTH,
  type EnterpriseMemberStatus,
  type EnterpriseRole,
} from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageQueryDto } from '../../../common/http/page-query.dto';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const lower = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** The most credits a member's monthly cap or one top-up can be. */
export const ENTERPRISE_MAX_CREDITS = 1_000_000;
export const INVITE_ROLES = ['admin', 'member'] as const;
export const ENTERPRISE_STATUSES = ['active', 'suspended'] as const;
export const INVITE_STATUSES = ['open', 'expired', 'used', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

// ---- input ----

export class CreateEnterpriseDto {
  @ApiProperty({ example: 'Makati Homes Realty', minLength: 2, maxLength: 120 })
  @trim()
  @IsString()
  @MinLength(2, { message: 'name must be at least 2 characters' })
  @MaxLength(120, { message: 'name must be at most 120 characters' })
  name!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The owner (staff: required; a member creates their own team and leaves it out)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'ownerId must be a member id (a UUID)' })
  ownerId?: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 10_000,
    description: 'Seats (staff only; default the Enterprise plan’s seats)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'seatLimit must be a whole number' })
  @Min(1, { message: 'seatLimit must be at least 1' })
  @Max(10_000, { message: 'seatLimit must be at most 10000' })
  seatLimit?: number;
}

export class EnterpriseListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the team’s name' })
  @IsOptional()
  @trim()
  @IsString()
  @MaxLength(200)
  text?: string;

  @ApiPropertyOptional({ enum: ENTERPRISE_STATUSES })
  @IsOptional()
  @IsIn(ENTERPRISE_STATUSES, {
    message: `status must be one of ${ENTERPRISE_STATUSES.join(', ')}`,
  })
  status?: (typeof ENTERPRISE_STATUSES)[number];
}

export class InviteMemberDto {
  @ApiProperty({ example: 'ana@example.ph' })
  @lower()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email!: string;

  @ApiProperty({ enum: INVITE_ROLES })
  @IsIn(INVITE_ROLES, {
    message: `role must be one of ${INVITE_ROLES.join(', ')}`,
  })
  role!: (typeof INVITE_ROLES)[number];

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: ENTERPRISE_MAX_CREDITS,
    description: 'Credits a month from the pool; none: no cap',
  })
  @IsOptional()
  @IsInt({ message: 'monthlyCreditCap must be a whole number' })
  @Min(0, { message: 'monthlyCreditCap cannot be negative' })
  @Max(ENTERPRISE_MAX_CREDITS, {
    message: `monthlyCreditCap must be at most ${ENTERPRISE_MAX_CREDITS}`,
  })
  monthlyCreditCap?: number | null;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The team (staff; members invite to their own team)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'enterpriseId must be a team id (a UUID)' })
  enterpriseId?: string;
}

export class ActivateInviteDto {
  @ApiPropertyOptional({
    description: 'Signed out: the new account’s first name',
  })
  @IsOptional()
  @trim()
  @IsString()
  @IsNotEmpty({ message: 'firstName is required' })
  @MaxLength(100)
  firstName?: string;

  @ApiPropertyOptional({
    description: 'Signed out: the new account’s last name',
  })
  @IsOptional()
  @trim()
  @IsString()
  @IsNotEmpty({ message: 'lastName is required' })
  @MaxLength(100)
  lastName?: string;

  @ApiPropertyOptional({
    minLength: PASSWORD_MIN_LENGTH,
    description: 'Signed out: the new account’s password',
  })
  @IsOptional()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, {
    message: `password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  @MaxLength(128)
  password?: string;
}

export class UpdateSubAccountDto {
  @ApiProperty({ format: 'uuid', description: 'The member' })
  @IsUUID('all', { message: 'userId must be a member id (a UUID)' })
  userId!: string;

  @ApiPropertyOptional({
    enum: INVITE_ROLES,
    description: 'admin or member (nobody makes a second owner)',
  })
  @IsOptional()
  @IsIn(INVITE_ROLES, {
    message: 'role must be admin or member (a team has one owner)',
  })
  role?: (typeof INVITE_ROLES)[number];

  @ApiPropertyOptional({
    enum: ENTERPRISE_MEMBER_STATUSES,
    description: 'paused: cannot act for the team or spend the pool',
  })
  @IsOptional()
  @IsIn(ENTERPRISE_MEMBER_STATUSES, {
    message: `status must be one of ${ENTERPRISE_MEMBER_STATUSES.join(', ')}`,
  })
  status?: EnterpriseMemberStatus;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: ENTERPRISE_MAX_CREDITS,
    description: 'Credits a month from the pool; null: no cap',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'monthlyCreditCap must be a whole number or null' })
  @Min(0, { message: 'monthlyCreditCap cannot be negative' })
  @Max(ENTERPRISE_MAX_CREDITS, {
    message: `monthlyCreditCap must be at most ${ENTERPRISE_MAX_CREDITS}`,
  })
  monthlyCreditCap?: number | null;
}

export class RemoveSubAccountQueryDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The active member who takes over the leaving member’s team listings (and their threads)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'reassignTo must be a member id (a UUID)' })
  reassignTo?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'true: archive the leaving member’s team listings instead',
  })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' || value === true ? true : value === 'false' || value === false ? false : value))
  @IsBoolean({ message: 'archive must be true or false' })
  archive?: boolean;
}

export class AddPoolCreditsDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'enterpriseId must be a team id (a UUID)' })
  enterpriseId!: string;

  @ApiProperty({ minimum: 1, maximum: ENTERPRISE_MAX_CREDITS })
  @IsInt({ message: 'amount must be a whole number' })
  @Min(1, { message: 'amount must be at least 1' })
  @Max(ENTERPRISE_MAX_CREDITS, {
    message: `amount must be at most ${ENTERPRISE_MAX_CREDITS}`,
  })
  amount!: number;

  @ApiProperty({
    description: 'Why (kept in the ledger and the audit log)',
    maxLength: 500,
  })
  @trim()
  @IsString()
  @IsNotEmpty({ message: 'reason is required' })
  @MaxLength(500)
  reason!: string;

  @ApiPropertyOptional({
    description: 'The same key adds the credits once (a retried request); default: every request adds',
    maxLength: 200,
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  idempotencyKey?: string;
}

export class DashboardQueryDto {
  @ApiPropertyOptional({
    description: 'From this Philippine day (YYYY-MM-DD, inclusive) or instant; default 30 days before `to`',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be a date (YYYY-MM-DD) or an ISO date-time' })
  from?: string;

  @ApiPropertyOptional({
    description: 'To this Philippine day (YYYY-MM-DD, inclusive) or instant (exclusive); default now',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be a date (YYYY-MM-DD) or an ISO date-time' })
  to?: string;
}

// ---- output ----

export class EnterprisePersonDto {
  @ApiProperty() _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
}

export class EnterpriseMemberDto {
  @ApiProperty() userId!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, nullable: true }) avatar!: string | null;
  @ApiProperty({
    description: 'Verified identity (needed to be the owner or an admin)',
  })
  isVerified!: boolean;
  @ApiProperty({ enum: ENTERPRISE_ROLES }) role!: EnterpriseRole;
  @ApiProperty({ enum: ENTERPRISE_MEMBER_STATUSES })
  status!: EnterpriseMemberStatus;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Credits a month from the pool; null: no cap',
  })
  monthlyCreditCap!: number | null;
  @ApiProperty() joinedAt!: string;
}

export class EnterpriseInviteDto {
  @ApiProperty() _id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: INVITE_ROLES }) role!: (typeof INVITE_ROLES)[number];
  @ApiProperty({ type: Number, nullable: true }) monthlyCreditCap!: number | null;
  @ApiProperty({ enum: INVITE_STATUSES }) status!: InviteStatus;
  @ApiProperty() expiresAt!: string;
  @ApiProperty() createdAt!: string;
}

export class EnterpriseSummaryDto {
  @ApiProperty() _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ENTERPRISE_STATUSES })
  status!: (typeof ENTERPRISE_STATUSES)[number];
  @ApiProperty({ type: EnterprisePersonDto }) owner!: EnterprisePersonDto;
  @ApiProperty() seatLimit!: number;
  @ApiProperty({
    description: 'Members (paused ones too) and open invitations',
  })
  seatsUsed!: number;
  @ApiProperty() memberCount!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}

export class EnterpriseDto extends EnterpriseSummaryDto {
  @ApiProperty({ description: 'Credits in the team’s pool' })
  poolBalance!: number;
  @ApiProperty({
    type: [EnterpriseMemberDto],
    description: 'Owner first, then admins, then members',
  })
  members!: EnterpriseMemberDto[];
  @ApiProperty({
    type: [EnterpriseInviteDto],
    description: 'Open and expired invitations (owner, admins and staff; empty for members)',
  })
  invites!: EnterpriseInviteDto[];
}

export class EnterpriseListDto {
  @ApiProperty({ type: [EnterpriseSummaryDto] })
  enterprises!: EnterpriseSummaryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class MyEnterpriseDto {
  @ApiProperty({ type: EnterpriseDto, nullable: true })
  enterprise!: EnterpriseDto | null;
  @ApiProperty({ enum: ENTERPRISE_ROLES, nullable: true })
  role!: EnterpriseRole | null;
  @ApiProperty({ type: EnterpriseMemberDto, nullable: true })
  membership!: EnterpriseMemberDto | null;
}

export class InvitePreviewDto {
  @ApiProperty() enterpriseName!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: INVITE_ROLES }) role!: (typeof INVITE_ROLES)[number];
  @ApiProperty() expiresAt!: string;
  @ApiProperty({ enum: INVITE_STATUSES }) status!: InviteStatus;
  @ApiProperty({
    description: 'An account with the invited e-mail exists (sign in to accept) or not (create one)',
  })
  accountExists!: boolean;
}

export class AddPoolCreditsResultDto {
  @ApiProperty() enterpriseId!: string;
  @ApiProperty({
    description: 'false: this idempotency key added credits already',
  })
  applied!: boolean;
  @ApiProperty({ description: 'The pool’s balance now' }) balance!: number;
}

export class DashboardListingsDto {
  @ApiProperty() active!: number;
  @ApiProperty() total!: number;
}

export class DashboardMemberDto {
  @ApiProperty() userId!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ enum: ENTERPRISE_ROLES }) role!: EnterpriseRole;
  @ApiProperty({ enum: ENTERPRISE_MEMBER_STATUSES })
  status!: EnterpriseMemberStatus;
  @ApiProperty({
    type: DashboardListingsDto,
    description: 'Their team listings now',
  })
  listings!: DashboardListingsDto;
  @ApiProperty({
    description: 'Threads about their team listings that someone else started in the window',
  })
  inquiries!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Median seconds from the first message by someone else to their first reply (threads whose first such message is in the window); null: none',
  })
  medianFirstResponseSeconds!: number | null;
  @ApiProperty({
    description: 'Credits they spent from the pool in the window',
  })
  creditsUsed!: number;
}

export class DashboardTotalsDto {
  @ApiProperty() members!: number;
  @ApiProperty({
    type: DashboardListingsDto,
    description: 'All the team’s listings (those of former members too)',
  })
  listings!: DashboardListingsDto;
  @ApiProperty() inquiries!: number;
  @ApiProperty({ type: Number, nullable: true }) medianFirstResponseSeconds!: number | null;
  @ApiProperty() creditsUsed!: number;
}

export class EnterpriseDashboardDto {
  @ApiProperty() enterpriseId!: string;
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
  @ApiProperty({ type: [DashboardMemberDto] }) members!: DashboardMemberDto[];
  @ApiProperty({ type: DashboardTotalsDto }) totals!: DashboardTotalsDto;
}
