import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsPhoneNumber,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  PAGINATION,
  PASSWORD_MIN_LENGTH,
  USER_ROLES,
  USER_STATUSES,
  USER_TYPES,
  VISIBILITY_FIELDS,
  type UserRole,
  type UserStatus,
  type UserType,
  type VisibilityField,
} from '@app/domain';
import { LimitNumber, PageNumber, SkipNumber } from '../../../common/http/whole-number';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const trimToNull = () =>
  Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value));
const lower = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

const PASSWORD_MESSAGE = `password must be at least ${PASSWORD_MIN_LENGTH} characters`;

export class CreateUserDto {
  @ApiProperty({ example: 'Juan' })
  @trim()
  @IsString()
  @IsNotEmpty({ message: 'firstName is required' })
  @MaxLength(100)
  firstName!: string;

  @ApiPropertyOptional({ type: String, example: 'Santos', nullable: true })
  @trimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  middleName?: string | null;

  @ApiProperty({ example: 'dela Cruz' })
  @trim()
  @IsString()
  @IsNotEmpty({ message: 'lastName is required' })
  @MaxLength(100)
  lastName!: string;

  @ApiProperty({ example: 'juan@example.ph' })
  @lower()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, description: 'At least 8 characters' })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_MESSAGE })
  @MaxLength(128)
  password!: string;

  @ApiPropertyOptional({ type: String, example: '+639171234567', nullable: true })
  @trimToNull()
  @IsOptional()
  @IsPhoneNumber('PH', { message: 'phoneNumber must be a valid phone number, e.g. +639171234567 or 09171234567' })
  phoneNumber?: string | null;

  @ApiPropertyOptional({ enum: USER_TYPES, default: 'customer' })
  @IsOptional()
  @IsIn(USER_TYPES, { message: `type must be one of: ${USER_TYPES.join(', ')}` })
  type?: UserType;
}

export class CreateAdminDto extends CreateUserDto {
  @ApiPropertyOptional({ enum: ['admin', 'viewer', 'super_admin'], default: 'admin' })
  @IsOptional()
  @IsIn(['admin', 'viewer', 'super_admin'], { message: 'role must be one of: admin, viewer, super_admin' })
  role?: 'admin' | 'viewer' | 'super_admin';
}

export class LoginDto {
  @ApiProperty({ example: 'juan@example.ph' })
  @lower()
  @IsString()
  @IsNotEmpty({ message: 'email is required' })
  @MaxLength(254)
  email!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(128)
  password!: string;
}

export class CreditsInputDto {
  @ApiProperty({ minimum: 0 })
  @IsInt()
  @Min(0)
  remaining!: number;
}

/**
 * Profile update. Fields outside this list are refused (400); role, status, type changes of others,
 * credits and verification are only for admins, and nobody changes their own role, status, credits
 * or verification.
 */
export class UpdateUserDto {
  @ApiPropertyOptional({ description: 'The user to update; defaults to the caller. Only admins may name another user.' })
  @IsOptional()
  @IsUUID('all', { message: '_id must be a user id' })
  _id?: string;

  @ApiPropertyOptional()
  @trim()
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'firstName cannot be empty' })
  @MaxLength(100)
  firstName?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @trimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  middleName?: string | null;

  @ApiPropertyOptional()
  @trim()
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'lastName cannot be empty' })
  @MaxLength(100)
  lastName?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: '3-30 letters, digits, dots, dashes or underscores' })
  @trimToNull()
  @IsOptional()
  @Matches(/^[a-zA-Z0-9._-]{3,30}$/, { message: 'username must be 3-30 letters, digits, dots, dashes or underscores' })
  username?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @trimToNull()
  @IsOptional()
  @IsPhoneNumber('PH', { message: 'phoneNumber must be a valid phone number, e.g. +639171234567 or 09171234567' })
  phoneNumber?: string | null;

  @ApiPropertyOptional({ enum: USER_TYPES })
  @IsOptional()
  @IsIn(USER_TYPES, { message: `type must be one of: ${USER_TYPES.join(', ')}` })
  type?: UserType;

  @ApiPropertyOptional({ enum: USER_ROLES, description: 'Admins only, never on oneself' })
  @IsOptional()
  @IsIn(USER_ROLES, { message: `role must be one of: ${USER_ROLES.join(', ')}` })
  role?: UserRole;

  @ApiPropertyOptional({ enum: USER_STATUSES, description: 'Admins only, never on oneself' })
  @IsOptional()
  @IsIn(USER_STATUSES, { message: `status must be one of: ${USER_STATUSES.join(', ')}` })
  status?: UserStatus;

  @ApiPropertyOptional({ description: 'Admins only, never on oneself' })
  @IsOptional()
  @IsBoolean()
  isVerified?: boolean;

  @ApiPropertyOptional({ type: CreditsInputDto, description: 'Refused (400): AI credits are a ledger, changed with PUT /user/ai/credits/{id} and a reason' })
  @IsOptional()
  @ValidateNested()
  @Type(() => CreditsInputDto)
  credits?: CreditsInputDto;
}

export class UpdateVisibilityDto {
  @ApiProperty({ enum: VISIBILITY_FIELDS })
  @IsIn(VISIBILITY_FIELDS, { message: `field must be one of: ${VISIBILITY_FIELDS.join(', ')}` })
  field!: VisibilityField;

  @ApiProperty()
  @IsBoolean({ message: 'visible must be true or false' })
  visible!: boolean;
}

export class UpdatePasswordDto {
  @ApiProperty()
  @IsUUID('all', { message: 'userId must be a user id' })
  userId!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'currentPassword is required' })
  @MaxLength(128)
  currentPassword!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: `newPassword must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @MaxLength(128)
  newPassword!: string;
}

export class EmailRequestDto {
  @ApiProperty({ example: 'juan@example.ph' })
  @lower()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the reset e-mail' })
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: `newPassword must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @MaxLength(128)
  newPassword!: string;
}

export class VerifyEmailDto {
  @ApiProperty({ description: 'The token from the verification e-mail' })
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token!: string;
}

export class SearchUsersDto {
  @ApiPropertyOptional({
    description:
      'Free text (matched against names, e-mail and username) or an object of filters: text, role, status, type, provider, plan (the current plan; a value or a list each), isVerified, email, signedUpFrom and signedUpTo (YYYY-MM-DD as whole Philippine days, both included, or ISO date-times)',
    oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }],
  })
  @IsOptional()
  query?: string | Record<string, unknown>;

  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })
  @IsOptional()
  select?: string | string[];

  @ApiPropertyOptional({ type: 'array', items: { type: 'object', additionalProperties: true } })
  @IsOptional()
  populateArray?: unknown[];

  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }] })
  @IsOptional()
  sort?: string | Record<string, unknown>;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: PAGINATION.maxLimitParam, description: `Items per page (more than ${PAGINATION.maxLimit} is served as ${PAGINATION.maxLimit})` })
  @IsOptional() @LimitNumber() limit?: number;
  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: PAGINATION.maxSkip, description: 'Items to skip; overrides page' })
  @IsOptional() @SkipNumber() skip?: number;
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: PAGINATION.maxPage }) @IsOptional() @PageNumber() page?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() lean?: boolean;
}
