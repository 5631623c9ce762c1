import { ApiProperty, PartialType } from '@nestjs/swagger';
import {
  AUTH_PROVIDERS,
  BILLING_PERIODS,
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
  @ApiProperty({ type: Object, nullable: true, description: 'Identity verification (not yet available)' }) kyc!: null;
  @ApiProperty({ type: SubscriptionDto }) subscription!: SubscriptionDto;
  @ApiProperty({ type: [SubscriptionDto] }) subscriptionHistory!: SubscriptionDto[];
  @ApiProperty({ type: SavedItemsDto }) saved!: SavedItemsDto;
  @ApiProperty() isVerified!: boolean;
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
