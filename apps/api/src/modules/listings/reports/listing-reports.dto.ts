import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationDto } from '../../../common/http/common.dto';

export const REPORT_REASONS = ['scam', 'wrong_details', 'unavailable', 'duplicate', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX = 1000;
export const RESOLUTION_MAX = 500;

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class ReportListingDto {
  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: `reason must be one of: ${REPORT_REASONS.join(', ')}` })
  reason!: ReportReason;

  @ApiPropertyOptional({ maxLength: REPORT_NOTE_MAX, description: 'Plain text (shown escaped)' })
  @trim()
  @IsOptional()
  @IsString({ message: 'note must be text' })
  @MaxLength(REPORT_NOTE_MAX, { message: `note must be at most ${REPORT_NOTE_MAX} characters` })
  note?: string;
}

export class ResolveReportsDto {
  @ApiProperty({ maxLength: RESOLUTION_MAX, description: 'What was done (plain text)' })
  @trim()
  @IsString({ message: 'resolution must be text' })
  @IsNotEmpty({ message: 'resolution is required' })
  @MaxLength(RESOLUTION_MAX, { message: `resolution must be at most ${RESOLUTION_MAX} characters` })
  resolution!: string;
}

export class ReportPersonDto {
  @ApiProperty() _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
}

export class ListingReportDto {
  @ApiProperty() _id!: string;
  @ApiProperty() listingId!: string;
  @ApiProperty({ enum: REPORT_REASONS }) reason!: ReportReason;
  @ApiProperty() note!: string;
  @ApiProperty({ type: ReportPersonDto, nullable: true, description: 'null when the reporter has since been removed' }) reporter!: ReportPersonDto | null;
  @ApiProperty({ description: 'Open until an admin resolves the listing’s reports' }) open!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) resolvedAt!: string | null;
  @ApiProperty({ type: ReportPersonDto, nullable: true }) resolvedBy!: ReportPersonDto | null;
  @ApiProperty({ type: String, nullable: true }) resolution!: string | null;
}

export class ListingReportListDto {
  @ApiProperty({ type: [ListingReportDto], description: 'Open reports first, then the newest' }) reports!: ListingReportDto[];
  @ApiProperty({ description: 'How many of the listing’s reports are open' }) openCount!: number;
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class ReportCreatedDto {
  @ApiProperty() _id!: string;
  @ApiProperty() message!: string;
}

export class ReportsResolvedDto {
  @ApiProperty({ description: 'How many open reports were closed' }) resolved!: number;
  @ApiProperty() message!: string;
}
