import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { PaginationDto } from '../../../common/http/common.dto';
import { AuditQueryDto } from '../../audit/dto/audit.dto';
import { BoundsDto } from '../../listings/dto/listing-input.dto';
import { EXPORT_FORMATS, EXPORT_RESOURCES, type ExportFormat, type ExportResource } from '../export-columns';

/** The spec's user export limit, and the most rows any export writes. */
export const EXPORT_MAX_ROWS = 10_000_000;
export const EXPORT_TITLE_MAX = 120;
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
const ORIENTATIONS = ['landscape', 'portrait'] as const;
const PAGE_SIZES = ['A4', 'Letter', 'Legal'] as const;

export class ExportLayoutDto {
  @ApiPropertyOptional({ enum: ORIENTATIONS, default: 'landscape' })
  @IsOptional()
  @IsIn(ORIENTATIONS, { message: `layout.orientation must be one of: ${ORIENTATIONS.join(', ')}` })
  orientation?: (typeof ORIENTATIONS)[number];

  @ApiPropertyOptional({ enum: PAGE_SIZES, default: 'A4' })
  @IsOptional()
  @IsIn(PAGE_SIZES, { message: `layout.pageSize must be one of: ${PAGE_SIZES.join(', ')}` })
  pageSize?: (typeof PAGE_SIZES)[number];
}

/** What every export body holds besides its filters: order, columns, paging, PDF layout, title. */
export class ExportOptionsDto {
  @ApiPropertyOptional({ description: 'The order: a column key, "-" first for descending (whitelisted per resource; see each route)' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  sort?: string;

  @ApiPropertyOptional({ type: [String], description: 'Column keys, in the order wanted (whitelisted per resource); the resource’s defaults when left out' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(40)
  @IsString({ each: true })
  select?: string[];

  @ApiPropertyOptional({ type: Number, minimum: 1, default: 1, description: 'With limit: which block of `limit` rows (skip overrides it)' })
  @IsOptional()
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(EXPORT_MAX_ROWS, { message: `page must be at most ${EXPORT_MAX_ROWS}` })
  page?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, default: EXPORT_MAX_ROWS, description: `Rows at most (more than ${EXPORT_MAX_ROWS.toLocaleString('en-US')} is served as that)` })
  @IsOptional()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  limit?: number;

  @ApiPropertyOptional({ type: Number, minimum: 0, default: 0, description: 'Rows to skip first; overrides page' })
  @IsOptional()
  @IsInt({ message: 'skip must be a whole number' })
  @Min(0, { message: 'skip must be at least 0' })
  @Max(EXPORT_MAX_ROWS, { message: `skip must be at most ${EXPORT_MAX_ROWS}` })
  skip?: number;

  @ApiPropertyOptional({ type: ExportLayoutDto, description: 'PDF page: landscape A4 unless said' })
  @IsOptional()
  @ValidateNested()
  @Type(() => ExportLayoutDto)
  layout?: ExportLayoutDto;

  @ApiPropertyOptional({ maxLength: EXPORT_TITLE_MAX, description: 'The PDF’s title (default "Users", "Listings" or "Audit log" report)' })
  @IsOptional()
  @IsString()
  @MaxLength(EXPORT_TITLE_MAX, { message: `title must be at most ${EXPORT_TITLE_MAX} characters` })
  title?: string;
}

export class UserExportDto extends ExportOptionsDto {
  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }],
    description: 'The `query` of /user/search: a text, or filters (text, email, role[], status[], type[], provider[], isVerified, …)',
  })
  @IsOptional()
  filters?: string | Record<string, unknown>;

}

/** The filters of /listing/search as its body takes them. */
export class ListingExportFiltersDto {
  @ApiPropertyOptional({ description: 'Text over name, description, code and address' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  fuzzySearch?: string;

  @ApiPropertyOptional({ description: 'Exact filters: owner (user id), code, status, verified, type', type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  query?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Ranges and lists as /listing/search takes them (price, type, offer, city, barangay, status, verified, …)', type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  match?: Record<string, unknown>;

  @ApiPropertyOptional({ type: BoundsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => BoundsDto)
  bounds?: BoundsDto;
}

export class ListingExportDto extends ExportOptionsDto {
  @ApiPropertyOptional({ type: ListingExportFiltersDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ListingExportFiltersDto)
  filters?: ListingExportFiltersDto;
}

export class AuditExportDto extends ExportOptionsDto {
  @ApiPropertyOptional({ type: AuditQueryDto, description: 'The `query` of /audit/search' })
  @IsOptional()
  @ValidateNested()
  @Type(() => AuditQueryDto)
  filters?: AuditQueryDto;
}

const formatProperty = () => ApiProperty({ enum: EXPORT_FORMATS });
const formatRule = () => IsIn(EXPORT_FORMATS, { message: `format must be one of: ${EXPORT_FORMATS.join(', ')}` });

export class ListingExportWithFormatDto extends ListingExportDto {
  @formatProperty() @formatRule() format!: ExportFormat;
}

export class AuditExportWithFormatDto extends AuditExportDto {
  @formatProperty() @formatRule() format!: ExportFormat;
}

const previewFormat = () => ApiPropertyOptional({ enum: EXPORT_FORMATS, default: 'csv', description: 'Which file the rows read as (CSV: numbers bare, times ISO 8601 UTC; PDF: formatted, Asia/Manila)' });
const previewRule = () => IsOptional();

export class UserExportPreviewDto extends UserExportDto {
  @previewFormat() @previewRule() @formatRule() format?: ExportFormat;
}
export class ListingExportPreviewDto extends ListingExportDto {
  @previewFormat() @previewRule() @formatRule() format?: ExportFormat;
}
export class AuditExportPreviewDto extends AuditExportDto {
  @previewFormat() @previewRule() @formatRule() format?: ExportFormat;
}

export class ExportColumnDto {
  @ApiProperty() key!: string;
  @ApiProperty() label!: string;
}

export class ExportPreviewDto {
  @ApiProperty({ type: [ExportColumnDto] }) columns!: ExportColumnDto[];
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string' } }, description: 'The first 10 rows as the file will have them' })
  rows!: string[][];
  @ApiProperty({ description: 'Rows the export will write (the filters’ matches within skip and limit)' }) total!: number;
  @ApiProperty({ description: 'True when total is an estimate (large listing and audit selections)' }) totalIsEstimate!: boolean;
}

export class ExportAcceptedDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: EXPORT_STATUSES }) status!: ExportStatus;
  @ApiProperty() fileName!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Rows expected (an estimate until the export ends)' }) totalRows!: number | null;
  @ApiProperty({ description: 'GET it for progress, then its downloadUrl' }) statusUrl!: string;
}

export class ExportJobDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: EXPORT_RESOURCES }) resource!: ExportResource;
  @ApiProperty({ enum: EXPORT_FORMATS }) format!: ExportFormat;
  @ApiProperty({ enum: EXPORT_STATUSES }) status!: ExportStatus;
  @ApiProperty({ nullable: true, type: Number }) totalRows!: number | null;
  @ApiProperty() rowsWritten!: number;
  @ApiProperty({ description: '0-100' }) progress!: number;
  @ApiProperty() fileName!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Bytes, once ready' }) fileSize!: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) finishedAt!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When the file is removed (a day after it is ready)' }) expiresAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
  @ApiPropertyOptional({ description: 'Only when ready: a signed link valid 5 minutes (works as <a href download>, no token needed); GET the job again for a fresh one' })
  downloadUrl?: string;
}

export class ExportJobListDto {
  @ApiProperty({ type: [ExportJobDto] }) exports!: ExportJobDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
