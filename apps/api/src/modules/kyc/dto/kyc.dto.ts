import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  KYC_FILE_KINDS,
  KYC_ID_TYPES,
  KYC_IMAGE_TYPES,
  KYC_REASON_CODES,
  KYC_STATUSES,
  KYC_VIEW_REASONS,
  type KycFileKind,
  type KycIdType,
  type KycReasonCode,
  type KycStatus,
} from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageQueryDto } from '../../../common/http/page-query.dto';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const KYC_NOTE_MAX = 1000;

/** Statuses a reviewer may set through PUT /kyc/update/status/{id}. */
export const KYC_REVIEW_STATUSES = ['in_review', 'submitted', 'approved', 'rejected', 'resubmission_requested'] as const;
export type KycReviewStatus = (typeof KYC_REVIEW_STATUSES)[number];

/**
 * The multipart fields of POST /kyc/create (the files are `front`, `back` and `selfie`). Every field
 * is needed for a new submission; when an open draft or resubmission request is updated, the fields
 * given replace the stored ones.
 */
export class CreateKycDto {
  @ApiPropertyOptional({ enum: KYC_ID_TYPES })
  @IsOptional()
  @IsIn(KYC_ID_TYPES, { message: `idType must be one of: ${KYC_ID_TYPES.join(', ')}` })
  idType?: KycIdType;

  @ApiPropertyOptional({ example: '1234-5678-9012-3456', description: 'As printed on the ID (letters, digits, spaces and dashes); stored encrypted, only the last 4 are shown' })
  @trim()
  @IsOptional()
  @IsString({ message: 'idNumber must be text' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, { message: 'idNumber must be 4 to 40 letters, digits, spaces or dashes, as printed on the ID' })
  idNumber?: string;

  @ApiPropertyOptional({ example: 'Juan Santos Dela Cruz', description: 'Full name exactly as on the ID' })
  @trim()
  @IsOptional()
  @IsString({ message: 'fullName must be text' })
  @MinLength(2, { message: 'fullName must be the full name as printed on the ID' })
  @MaxLength(200, { message: 'fullName must be at most 200 characters' })
  // eslint-disable-next-line no-control-regex
  @Matches(/^[^\u0000-\u001f\u007f]+$/, { message: 'fullName must be plain text on one line (no control characters)' })
  fullName?: string;

  @ApiPropertyOptional({ format: 'date', example: '1990-05-17', description: 'YYYY-MM-DD as on the ID; the member must be 18 or older' })
  @trim()
  @IsOptional()
  @Matches(DATE, { message: 'birthDate must be a date as YYYY-MM-DD' })
  birthDate?: string;

  @ApiPropertyOptional({ format: 'date', example: '2031-05-17', description: "The ID's expiry date (YYYY-MM-DD, in the future); none for IDs without one" })
  @trim()
  @IsOptional()
  @Matches(DATE, { message: 'idExpiresOn must be a date as YYYY-MM-DD' })
  idExpiresOn?: string;

  @ApiPropertyOptional({ type: Boolean, default: true, description: 'false keeps a draft (not sent for review)' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' || value === true ? true : value === 'false' || value === false ? false : value))
  @IsBoolean({ message: 'submit must be true or false' })
  submit?: boolean;
}

/** The OpenAPI body of the multipart POST /kyc/create. */
export const CREATE_KYC_BODY = {
  type: 'object',
  properties: {
    idType: { type: 'string', enum: [...KYC_ID_TYPES] },
    idNumber: { type: 'string' },
    fullName: { type: 'string' },
    birthDate: { type: 'string', format: 'date' },
    idExpiresOn: { type: 'string', format: 'date' },
    submit: { type: 'boolean', default: true },
    front: { type: 'string', format: 'binary', description: 'The front of the ID (JPEG, PNG or WebP)' },
    back: { type: 'string', format: 'binary', description: 'The back of the ID (optional for passports and PhilSys paper/digital IDs)' },
    selfie: { type: 'string', format: 'binary', description: 'A selfie holding the ID' },
  },
} as const;

export class UpdateKycStatusDto {
  @ApiProperty({ enum: KYC_REVIEW_STATUSES, description: 'in_review: take it (assign to me); submitted: release it; approved, rejected, resubmission_requested: decide' })
  @IsIn(KYC_REVIEW_STATUSES, { message: `status must be one of: ${KYC_REVIEW_STATUSES.join(', ')}` })
  status!: KycReviewStatus;

  @ApiPropertyOptional({ enum: KYC_REASON_CODES, isArray: true, description: 'Needed (at least one) to reject or ask for a resubmission; other needs a note' })
  @IsOptional()
  @IsArray({ message: 'reasonCodes must be a list' })
  @ArrayMaxSize(KYC_REASON_CODES.length, { message: 'reasonCodes: each code at most once' })
  @IsIn(KYC_REASON_CODES, { each: true, message: `reasonCodes must be among: ${KYC_REASON_CODES.join(', ')}` })
  reasonCodes?: KycReasonCode[];

  @ApiPropertyOptional({ maxLength: KYC_NOTE_MAX, description: 'What the member should know (plain text, shown to them)' })
  @trim()
  @IsOptional()
  @IsString({ message: 'note must be text' })
  @MaxLength(KYC_NOTE_MAX, { message: `note must be at most ${KYC_NOTE_MAX} characters` })
  note?: string;
}

export class KycFileLinkRequestDto {
  @ApiProperty({ enum: KYC_VIEW_REASONS, description: 'Why the file is opened (recorded in the audit log); the owner may give any' })
  @trim()
  @IsString({ message: `reason must be one of: ${KYC_VIEW_REASONS.join(', ')}` })
  @IsNotEmpty({ message: `reason must be one of: ${KYC_VIEW_REASONS.join(', ')}` })
  @MaxLength(50, { message: 'reason must be at most 50 characters' })
  reason!: string;
}

export class KycListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: KYC_STATUSES, description: 'Only this status (default: the queue, submitted and in_review)' })
  @IsOptional()
  @IsIn(KYC_STATUSES, { message: `status must be one of: ${KYC_STATUSES.join(', ')}` })
  status?: KycStatus;

  @ApiPropertyOptional({ enum: ['me', 'unassigned', 'any'], default: 'any' })
  @IsOptional()
  @IsIn(['me', 'unassigned', 'any'], { message: 'assigned must be me, unassigned or any' })
  assigned?: 'me' | 'unassigned' | 'any';

  @ApiPropertyOptional({ description: "Words of the member's name or e-mail, the name on the ID, or the ID number's last 4 digits" })
  @trim()
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'text must be at most 200 characters' })
  text?: string;
}

export class KycPersonDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
}

export class KycMemberDto extends KycPersonDto {
  @ApiProperty() email!: string;
  @ApiProperty() type!: string;
}

export class KycFileDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ enum: KYC_FILE_KINDS }) kind!: KycFileKind;
  @ApiProperty({ enum: KYC_IMAGE_TYPES }) mimeType!: string;
  @ApiProperty({ description: 'Bytes of the image' }) size!: number;
}

export class KycReviewDto {
  @ApiProperty({ enum: ['assigned', 'released', 'approved', 'rejected', 'resubmission_requested', 'expired'] }) action!: string;
  @ApiProperty({ enum: KYC_REASON_CODES, isArray: true }) reasonCodes!: string[];
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
  @ApiProperty({ type: KycPersonDto, nullable: true, description: 'null for the system (expiry) or a removed reviewer' }) reviewer!: KycPersonDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class KycSubmissionDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ enum: KYC_STATUSES }) status!: KycStatus;
  @ApiProperty({ enum: KYC_ID_TYPES }) idType!: KycIdType;
  @ApiProperty({ example: '3456', description: 'The last 4 characters of the ID number (the rest is never shown)' }) idNumberLast4!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty({ format: 'date' }) birthDate!: string;
  @ApiProperty({ type: String, format: 'date', nullable: true }) idExpiresOn!: string | null;
  @ApiProperty({ enum: KYC_REASON_CODES, isArray: true, description: "The last decision's reasons (what to fix)" }) reasonCodes!: string[];
  @ApiProperty({ type: String, nullable: true }) reviewNote!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reviewedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) approvedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When an approval stops counting' }) expiresAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ description: 'The images were deleted (retention); files is then empty' }) filesPurged!: boolean;
  @ApiProperty({ type: [KycFileDto] }) files!: KycFileDto[];
  @ApiProperty({ type: KycPersonDto, nullable: true, description: 'The reviewer who took it (in_review)' }) assignedTo!: KycPersonDto | null;
  @ApiPropertyOptional({ type: KycMemberDto, description: 'Reviewers only: the member' }) user?: KycMemberDto;
  @ApiPropertyOptional({ type: [KycReviewDto], description: 'Reviewers only (GET /kyc/get/{id}): every reviewer action, oldest first' }) reviews?: KycReviewDto[];
}

export class MyKycDto {
  @ApiProperty({ type: KycSubmissionDto, nullable: true, description: 'The newest submission (the open one while there is one), or null' }) current!: KycSubmissionDto | null;
  @ApiProperty({ type: [KycSubmissionDto], description: 'The older submissions, newest first' }) history!: KycSubmissionDto[];
}

export class KycListDto {
  @ApiProperty({ type: [KycSubmissionDto], description: 'Oldest submittedAt first (the queue order)' }) submissions!: KycSubmissionDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class KycFileLinkDto {
  @ApiProperty({ example: '/api/kyc/file/6f1c…?viewer=…&expires=…&signature=…', description: 'GET it with the same bearer token; valid 5 minutes' }) url!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}
