import { ApiProperty, PartialType } from '@nestjs/swagger';
import {
  AUTH_PROVIDERS,
  BILLING_PERIODS,
  KYC_ID_TYPES,
  KYC_STATUSES,
  LICENCE_KINDS,
  LICENCE_STATUSES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  USER_ROLES,
  USER_STATUSES,
  USER_TYPES,
  type AuthProvider,
  type BillingPeriod,
  type SubscriptionPlan,
  type SubscriptionStatus,
  type UserRole,
  type UserStatus,
  type UserType,
} from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';

export class CreditsDto {
  @ApiProperty() remaining!: number;
}

export class SubscriptionDto {
  @ApiProperty({ enum: SUBSCRIPTION_PLANS }) plan!: SubscriptionPlan;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) status!: SubscriptionStatus;
  @ApiProperty({ enum: BILLING_PERIODS }) billingPeriod!: BillingPeriod;
}

/** The member's latest identity verification (the spec's User `kyc`); the files and ID number are never here. */
export class KycSummaryDto {
  @ApiProperty({ format: 'uuid' }) submissionId!: string;
  @ApiProperty({ enum: KYC_STATUSES }) status!: (typeof KYC_STATUSES)[number];
  @ApiProperty({ enum: KYC_ID_TYPES }) idType!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) approvedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the approval stops counting' }) expiresAt!: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

/** The member's current PRC licence or accreditation; others see it only while approved. */
export class LicenceSummaryDto {
  @ApiProperty({ format: 'uuid' }) licenceId!: string;
  @ApiProperty({ enum: LICENCE_KINDS }) kind!: (typeof LICENCE_KINDS)[number];
  @ApiProperty({ enum: LICENCE_STATUSES }) status!: (typeof LICENCE_STATUSES)[number];
  @ApiProperty({ example: '0012345' }) number!: string;
  @ApiProperty({ format: 'date', example: '2027-06-30' }) validUntil!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) supervisingBrokerId!: string | null;
  @ApiProperty({ type: String, nullable: true }) supervisingBrokerName!: string | null;
}

export class SavedItemsDto {
  @ApiProperty({ type: [String] }) listings!: string[];
}

export class PreferencesDto {
  @ApiProperty({ description: 'Receive monthly product updates' }) receiveMonthlyUpdates!: boolean;
  @ApiProperty({ description: 'See info about people who view my profile' }) seeProfileViewers!: boolean;
}

/** The whole user record: the user themself, and staff, see this. Never carries the password hash. */
export class UserDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ type: String, nullable: true }) avatar!: string | null;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty() firstName!: string;
  @ApiProperty({ type: String, nullable: true }) middleName!: string | null;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, nullable: true }) phoneNumber!: string | null;
  @ApiProperty({ enum: USER_ROLES }) role!: UserRole;
  @ApiProperty({ enum: USER_STATUSES }) status!: UserStatus;
  @ApiProperty({ enum: USER_TYPES }) type!: UserType;
  @ApiProperty() dateSignedUp!: string;
  @ApiProperty({ type: String, nullable: true }) lastActive!: string | null;
  @ApiProperty({ type: CreditsDto }) credits!: CreditsDto;
  @ApiProperty({ type: KycSummaryDto, nullable: true, description: 'Identity verification (KYC): null until the member starts one' })
  kyc!: KycSummaryDto | null;
  @ApiProperty({ type: LicenceSummaryDto, nullable: true, description: 'PRC licence or accreditation (brokers, salespersons, appraisers, consultants)' })
  licence!: LicenceSummaryDto | null;
  @ApiProperty({ type: SubscriptionDto }) subscription!: SubscriptionDto;
  @ApiProperty({ type: [SubscriptionDto] }) subscriptionHistory!: SubscriptionDto[];
  @ApiProperty({ type: SavedItemsDto }) saved!: SavedItemsDto;
  @ApiProperty({ description: "The account's e-mail address is confirmed (or staff vouched for the account)" }) isVerified!: boolean;
  @ApiProperty({ description: 'The member verified their identity with a government ID (approved KYC): the "Verified identity" badge' })
  identityVerified!: boolean;
  @ApiProperty() isVisible!: boolean;
  @ApiProperty({ enum: AUTH_PROVIDERS }) provider!: AuthProvider;
  @ApiProperty({ type: PreferencesDto }) preferences!: PreferencesDto;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}

/**
 * A user in a list or fetched by id: the fields that `select` kept, and for another member's
 * profile only the public ones (no e-mail, phone, role, credits or preferences).
 */
export class UserViewDto extends PartialType(UserDto) {
  @ApiProperty() _id!: string;
}

export class AuthResponseDto {
  @ApiProperty({ description: 'Bearer token for the Authorization header' }) token!: string;
  @ApiProperty({ type: UserDto }) user!: UserDto;
}

export class UserListDto {
  @ApiProperty({ type: [UserViewDto] }) users!: UserViewDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
