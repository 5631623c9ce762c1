import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { LICENCE_KINDS, LICENCE_REASON_CODES, LICENCE_STATUSES, USER_TYPES, type LicenceKind, type LicenceReasonCode, type LicenceStatus } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { KycSummaryDto } from '../../users/dto/user-output.dto';

/** POST /licence/create: the member's PRC licence (or a salesperson's accreditation and their broker). */
export class CreateLicenceDto {
  @ApiProperty({ enum: LICENCE_KINDS, description: "The member type's licence: broker, salesperson (accreditation), appraiser or consultant" })
  @IsDefined({ message: `kind is required: one of ${LICENCE_KINDS.join(', ')}` })
  @IsIn(LICENCE_KINDS, { message: `kind must be one of: ${LICENCE_KINDS.join(', ')}` })
  kind!: LicenceKind;

  @ApiProperty({ description: 'The PRC registration or accreditation number: up to 7 digits, leading zeros kept', example: '0012345', maxLength: 40 })
  @IsDefined({ message: 'number is required: the number on your PRC ID (digits)' })
  @IsString({ message: 'number must be text: the digits on your PRC ID' })
  @MaxLength(40, { message: 'number must be the PRC number: up to 7 digits' })
  number!: string;

  @ApiProperty({ format: 'date', example: '2028-06-30', description: 'The validity date on the PRC ID (YYYY-MM-DD), after today (Asia/Manila)' })
  @IsDefined({ message: 'validUntil is required: the validity date on your PRC ID (YYYY-MM-DD)' })
  @IsString({ message: 'validUntil must be a date (YYYY-MM-DD)' })
  @MaxLength(40, { message: 'validUntil must be a date (YYYY-MM-DD)' })
  validUntil!: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Salespersons only: the member id of the licensed broker they work under (see GET /licence/brokers)' })
  @IsOptional()
  @IsUUID('all', { message: 'supervisingBrokerId must be a member id (see GET /licence/brokers)' })
  supervisingBrokerId?: string;
}

/** PUT /licence/update/{id}: a new number, validity or broker; the licence goes back to review (badge off until approved again). */
export class UpdateLicenceDto {
  @ApiPropertyOptional({ description: 'The PRC number: up to 7 digits, leading zeros kept', example: '0012345', maxLength: 40 })
  @IsOptional()
  @IsString({ message: 'number must be text: the digits on your PRC ID' })
  @MaxLength(40, { message: 'number must be the PRC number: up to 7 digits' })
  number?: string;

  @ApiPropertyOptional({ format: 'date', example: '2028-06-30', description: 'The validity date (YYYY-MM-DD), after today (Asia/Manila)' })
  @IsOptional()
  @IsString({ message: 'validUntil must be a date (YYYY-MM-DD)' })
  @MaxLength(40, { message: 'validUntil must be a date (YYYY-MM-DD)' })
  validUntil?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Salespersons only: the broker they work under (naming one again after a decline asks them again)' })
  @IsOptional()
  @IsUUID('all', { message: 'supervisingBrokerId must be a member id (see GET /licence/brokers)' })
  supervisingBrokerId?: string;
}

/** POST /licence/supervise/{id}: the named broker confirms or declines supervising the salesperson. */
export class SuperviseLicenceDto {
  @ApiProperty({ description: 'true: I supervise this salesperson; false: I do not' })
  @IsDefined({ message: 'confirm is required: true or false' })
  @IsBoolean({ message: 'confirm must be true or false' })
  confirm!: boolean;
}

export const LICENCE_REVIEW_STATUSES = ['approved', 'rejected', 'revoked'] as const;

/** PUT /licence/update/status/{id} (admins): approve, reject or revoke, with reasons. */
export class ReviewLicenceDto {
  @ApiProperty({ enum: LICENCE_REVIEW_STATUSES })
  @IsDefined({ message: `status is required: one of ${LICENCE_REVIEW_STATUSES.join(', ')}` })
  @IsIn(LICENCE_REVIEW_STATUSES, { message: `status must be one of: ${LICENCE_REVIEW_STATUSES.join(', ')}` })
  status!: (typeof LICENCE_REVIEW_STATUSES)[number];

  @ApiPropertyOptional({ enum: LICENCE_REASON_CODES, isArray: true, description: 'Required (at least one) to reject or revoke; `other` needs a note' })
  @IsOptional()
  @IsArray({ message: 'reasonCodes must be a list' })
  @ArrayMaxSize(LICENCE_REASON_CODES.length, { message: `reasonCodes must name at most ${LICENCE_REASON_CODES.length} reasons` })
  @IsIn(LICENCE_REASON_CODES, { each: true, message: `each reason code must be one of: ${LICENCE_REASON_CODES.join(', ')}` })
  reasonCodes?: LicenceReasonCode[];

  @ApiPropertyOptional({ maxLength: 1000, description: 'Shown to the member' })
  @IsOptional()
  @IsString({ message: 'note must be text' })
  @MaxLength(1000, { message: 'note must be at most 1000 characters' })
  note?: string;
}

export class LicenceQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: LICENCE_STATUSES, description: 'Only licences in this status (the review queue: submitted)' })
  @IsOptional()
  @IsIn(LICENCE_STATUSES, { message: `status must be one of: ${LICENCE_STATUSES.join(', ')}` })
  status?: LicenceStatus;

  @ApiPropertyOptional({ enum: LICENCE_KINDS })
  @IsOptional()
  @IsIn(LICENCE_KINDS, { message: `kind must be one of: ${LICENCE_KINDS.join(', ')}` })
  kind?: LicenceKind;

  @ApiPropertyOptional({ description: "Part of the member's name or e-mail, or the start of the licence number", maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'text must be at most 100 characters' })
  text?: string;
}

export class BrokerQueryDto {
  @ApiPropertyOptional({ description: "Part of the broker's name or e-mail, or the start of their licence number", maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'text must be at most 100 characters' })
  text?: string;
}

export class SupervisingBrokerDto {
  @ApiProperty({ format: 'uuid', description: "The broker's member id" }) _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ example: '0012345', description: "The broker's PRC licence number (their latest broker licence)" })
  licenceNumber!: string;
  @ApiProperty({
    description:
      "Whether the broker's licence is approved now: false once it expired or was revoked (the salesperson's accreditation stays, marked so: they should name another broker)",
  })
  licenceValid!: boolean;
}

export class LicenceMemberDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
}

export class LicenceUserDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: USER_TYPES }) type!: string;
  @ApiProperty({ description: "The account's e-mail address is confirmed" }) isVerified!: boolean;
  @ApiProperty({ description: 'Identity verified (approved KYC)' }) identityVerified!: boolean;
  @ApiProperty({ type: KycSummaryDto, nullable: true, description: "The member's KYC summary: reviewers check the number against a verified PRC ID" })
  kyc!: KycSummaryDto | null;
}

export class LicenceDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ enum: LICENCE_KINDS }) kind!: LicenceKind;
  @ApiProperty({ example: '0012345' }) number!: string;
  @ApiProperty({ format: 'date', example: '2028-06-30' }) validUntil!: string;
  @ApiProperty({ enum: LICENCE_STATUSES }) status!: LicenceStatus;
  @ApiProperty({ type: SupervisingBrokerDto, nullable: true, description: "A salesperson's supervising broker" })
  supervisingBroker!: SupervisingBrokerDto | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) brokerConfirmedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Set when the named broker declined (status stays pending_broker: name another broker)' })
  brokerDeclinedAt!: string | null;
  @ApiProperty({ enum: LICENCE_REASON_CODES, isArray: true }) reasonCodes!: LicenceReasonCode[];
  @ApiProperty({ type: String, nullable: true }) reviewNote!: string | null;
  @ApiProperty({ format: 'date-time' }) submittedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reviewedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) approvedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The badge text while approved ("PRC-licensed broker No. 0012345"), else null' })
  badge!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional({ type: LicenceMemberDto, description: 'The licence holder, for the supervising broker and staff' })
  member?: LicenceMemberDto;
  @ApiPropertyOptional({ type: LicenceUserDto, description: 'Staff only' })
  user?: LicenceUserDto;
  @ApiPropertyOptional({ description: "Staff only: whether the member's verified identity (KYC) is a PRC ID to check the number against (false: the screen warns)" })
  kycPrcIdVerified?: boolean;
}

export class MyLicencesDto {
  @ApiProperty({ type: LicenceDto, nullable: true, description: 'The licence pending, in review or approved' }) current!: LicenceDto | null;
  @ApiProperty({ type: [LicenceDto], description: 'Earlier licences (rejected, expired, revoked, withdrawn), newest first' }) history!: LicenceDto[];
  @ApiProperty({ type: [LicenceDto], description: 'Salespersons naming me as their supervising broker, those waiting for my answer first' })
  supervising!: LicenceDto[];
}

export class LicenceListDto {
  @ApiProperty({ type: [LicenceDto] }) licences!: LicenceDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class LicensedBrokerDto {
  @ApiProperty({ format: 'uuid', description: "The broker's member id (supervisingBrokerId)" }) _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ example: '0012345' }) licenceNumber!: string;
}

export class LicensedBrokerListDto {
  @ApiProperty({ type: [LicensedBrokerDto], description: 'At most 20' }) brokers!: LicensedBrokerDto[];
}
