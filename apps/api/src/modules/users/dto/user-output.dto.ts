import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUTH_PROVIDERS, BILLING_PERIODS, SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES, USER_ROLES, USER_STATUSES, USER_TYPES } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';

export class CreditsDto {
  @ApiProperty() remaining!: number;
}

export class SubscriptionDto {
  @ApiProperty({ enum: SUBSCRIPTION_PLANS }) plan!: string;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) status!: string;
  @ApiProperty({ enum: BILLING_PERIODS }) billingPeriod!: string;
}

export class SavedItemsDto {
  @ApiProperty({ type: [String] }) listings!: string[];
}

export class PreferencesDto {
  @ApiProperty({ description: 'Receive monthly product updates' }) receiveMonthlyUpdates!: boolean;
  @ApiProperty({ description: 'See info about people who view my profile' }) seeProfileViewers!: boolean;
}

/** A user as the API shows it. Another member's profile omits the private fields. */
export class UserDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ type: String, nullable: true }) avatar!: string | null;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty() firstName!: string;
  @ApiProperty({ type: String, nullable: true }) middleName!: string | null;
  @ApiProperty() lastName!: string;
  @ApiPropertyOptional() email?: string;
  @ApiPropertyOptional({ type: String, nullable: true }) phoneNumber?: string | null;
  @ApiPropertyOptional({ enum: USER_ROLES }) role?: string;
  @ApiPropertyOptional({ enum: USER_STATUSES }) status?: string;
  @ApiProperty({ enum: USER_TYPES }) type!: string;
  @ApiProperty() dateSignedUp!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) lastActive?: string | null;
  @ApiPropertyOptional({ type: CreditsDto }) credits?: CreditsDto;
  @ApiPropertyOptional({ type: Object, nullable: true }) kyc?: null;
  @ApiPropertyOptional({ type: SubscriptionDto }) subscription?: SubscriptionDto;
  @ApiPropertyOptional({ type: [SubscriptionDto] }) subscriptionHistory?: SubscriptionDto[];
  @ApiPropertyOptional({ type: SavedItemsDto }) saved?: SavedItemsDto;
  @ApiProperty() isVerified!: boolean;
  @ApiProperty() isVisible!: boolean;
  @ApiPropertyOptional({ enum: AUTH_PROVIDERS }) provider?: string;
  @ApiPropertyOptional({ type: PreferencesDto }) preferences?: PreferencesDto;
  @ApiPropertyOptional() createdAt?: string;
  @ApiPropertyOptional() updatedAt?: string;
}

export class AuthResponseDto {
  @ApiProperty({ description: 'Bearer token for the Authorization header' }) token!: string;
  @ApiProperty({ type: UserDto }) user!: UserDto;
}

export class UserListDto {
  @ApiProperty({ type: [UserDto] }) users!: UserDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
