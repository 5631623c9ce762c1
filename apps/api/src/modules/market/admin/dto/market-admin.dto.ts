import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsNumber, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  COST_ASSUMPTION_FIELDS,
  DEVELOPMENT_KINDS,
  DEVELOPMENT_STATUSES,
  type DevelopmentKind,
  type DevelopmentStatus,
} from '@app/domain';
import { PaginationDto } from '../../../../common/http/common.dto';
import { PageQueryDto } from '../../../../common/http/page-query.dto';
import { psgcCodeMessage } from '../../../places/psgc';
import { NOTE_MAX } from '../cost-assumption-rules';

export const NAME_MAX = 160;
export const DESCRIPTION_MAX = 2000;
export const SOURCE_NOTE_MAX = 500;
const PSGC = /^\d{10}$/;
const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class DevelopmentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Legazpi Grand Terminal extension' }) name!: string;
  @ApiProperty({ enum: DEVELOPMENT_KINDS }) kind!: DevelopmentKind;
  @ApiProperty({ enum: DEVELOPMENT_STATUSES }) status!: DevelopmentStatus;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Expected completion (YYYY-MM-DD), null when not announced' })
  expectedCompletion!: string | null;
  @ApiProperty() lat!: number;
  @ApiProperty() lng!: number;
  @ApiProperty({ description: 'PSGC code of the barangay' }) barangayCode!: string;
  @ApiProperty({ description: 'PSGC code of its city or municipality' }) cityCode!: string;
  @ApiProperty({ description: 'PSGC code of its region' }) regionCode!: string;
  @ApiProperty({ type: String, nullable: true }) barangayName!: string | null;
  @ApiProperty({ type: String, nullable: true }) cityName!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'km from the barangay asked about; null in lists' }) distanceKm!: number | null;
  @ApiProperty({ description: 'Plain text' }) description!: string;
  @ApiProperty({ description: 'Where staff learned of it (a developer announcement, a government notice)' }) sourceNote!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class DevelopmentListDto {
  @ApiProperty({ type: [DevelopmentDto] }) items!: DevelopmentDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
  @ApiProperty({ example: 'Development projects recorded by Tahanan staff' }) source!: string;
}

export class DevelopmentQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'PSGC code of a city or municipality' })
  @IsOptional()
  @Matches(PSGC, { message: psgcCodeMessage('city') })
  city?: string;

  @ApiPropertyOptional({ description: 'PSGC code of a barangay' })
  @IsOptional()
  @Matches(PSGC, { message: psgcCodeMessage('barangay') })
  barangay?: string;

  @ApiPropertyOptional({ description: 'PSGC code of a region' })
  @IsOptional()
  @Matches(PSGC, { message: psgcCodeMessage('region') })
  region?: string;

  @ApiPropertyOptional({ enum: DEVELOPMENT_STATUSES })
  @IsOptional()
  @IsIn(DEVELOPMENT_STATUSES, { message: `status must be one of: ${DEVELOPMENT_STATUSES.join(', ')}` })
  status?: DevelopmentStatus;
}

/** POST /bi/developments and PUT /bi/developments/{id} (PUT replaces every field). */
export class SaveDevelopmentDto {
  @ApiProperty({ maxLength: NAME_MAX })
  @IsDefined({ message: 'name is required' })
  @trim()
  @IsString({ message: 'name must be text' })
  @Matches(/\S/, { message: 'name must not be empty' })
  @MaxLength(NAME_MAX, { message: `name must be at most ${NAME_MAX} characters` })
  name!: string;

  @ApiProperty({ enum: DEVELOPMENT_KINDS })
  @IsDefined({ message: `kind is required: one of ${DEVELOPMENT_KINDS.join(', ')}` })
  @IsIn(DEVELOPMENT_KINDS, { message: `kind must be one of: ${DEVELOPMENT_KINDS.join(', ')}` })
  kind!: DevelopmentKind;

  @ApiProperty({ enum: DEVELOPMENT_STATUSES })
  @IsDefined({ message: `status is required: one of ${DEVELOPMENT_STATUSES.join(', ')}` })
  @IsIn(DEVELOPMENT_STATUSES, { message: `status must be one of: ${DEVELOPMENT_STATUSES.join(', ')}` })
  status!: DevelopmentStatus;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, description: 'YYYY-MM-DD; null or absent when not announced' })
  @IsOptional()
  @IsString({ message: 'expectedCompletion must be a date (YYYY-MM-DD)' })
  @MaxLength(10, { message: 'expectedCompletion must be a date (YYYY-MM-DD)' })
  expectedCompletion?: string | null;

  @ApiProperty({ description: 'PSGC code of the barangay (its city and region are derived)' })
  @IsDefined({ message: 'barangayCode is required: the PSGC code of the barangay' })
  @Matches(PSGC, { message: psgcCodeMessage('barangayCode') })
  barangayCode!: string;

  @ApiPropertyOptional({ description: "Latitude; with lng. Absent: the barangay's centroid" })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lat must be a number (degrees)' })
  lat?: number;

  @ApiPropertyOptional({ description: "Longitude; with lat. Absent: the barangay's centroid" })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lng must be a number (degrees)' })
  lng?: number;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX, description: 'Plain text' })
  @IsOptional()
  @trim()
  @IsString({ message: 'description must be text' })
  @MaxLength(DESCRIPTION_MAX, { message: `description must be at most ${DESCRIPTION_MAX} characters` })
  description?: string;

  @ApiProperty({ maxLength: SOURCE_NOTE_MAX, description: 'Where staff learned of it (required)' })
  @IsDefined({ message: 'sourceNote is required: where you learned of this project (an announcement, a notice, a link)' })
  @trim()
  @IsString({ message: 'sourceNote must be text' })
  @Matches(/\S/, { message: 'sourceNote must not be empty: where you learned of this project' })
  @MaxLength(SOURCE_NOTE_MAX, { message: `sourceNote must be at most ${SOURCE_NOTE_MAX} characters` })
  sourceNote!: string;
}

export class CostAssumptionValuesDto {
  @ApiProperty({ description: 'Vacancy, % of the year' }) vacancyPct!: number;
  @ApiProperty({ description: 'Management fee, % of rent' }) managementPctOfRent!: number;
  @ApiProperty({ description: 'Maintenance, % of rent' }) maintenancePctOfRent!: number;
  @ApiProperty({ description: 'Insurance, % of value a year' }) insurancePctOfValue!: number;
  @ApiProperty({ description: 'Real property tax, % of market value a year' }) realPropertyTaxPctOfValue!: number;
  @ApiProperty({ description: 'Capital-expenditure reserve, % of rent' }) capexReservePctOfRent!: number;
  @ApiProperty({ description: 'Association dues, ₱ per m² a month' }) associationDuesPerSqmMonth!: number;
}

export class CostAssumptionRangeDto {
  @ApiProperty({ enum: COST_ASSUMPTION_FIELDS }) field!: string;
  @ApiProperty() label!: string;
  @ApiProperty() unit!: string;
  @ApiProperty() min!: number;
  @ApiProperty() max!: number;
}

export class CostAssumptionsEntryDto {
  @ApiProperty({ example: 'condominium' }) kind!: string;
  @ApiProperty({ type: CostAssumptionValuesDto }) values!: CostAssumptionValuesDto;
  @ApiProperty({ type: CostAssumptionValuesDto, description: 'The documented default of this kind' }) defaults!: CostAssumptionValuesDto;
  @ApiProperty({ description: 'True: the documented default (no staff change on record)' }) isDefault!: boolean;
  @ApiProperty() note!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updatedAt!: string | null;
}

export class CostAssumptionsListDto {
  @ApiProperty({ type: [CostAssumptionsEntryDto] }) items!: CostAssumptionsEntryDto[];
  @ApiProperty({ type: [CostAssumptionRangeDto], description: 'The accepted range of each field' }) fields!: CostAssumptionRangeDto[];
  @ApiProperty({ example: 'Tahanan cost assumptions (documented defaults, kept by staff)' }) source!: string;
}

/** PUT /bi/cost-assumptions/{kind}: the fields given change (the others keep their value); why, in the note. */
export class UpdateCostAssumptionsDto {
  @ApiProperty({ type: CostAssumptionValuesDto, description: 'Any of the fields; each a number in its range (see GET /bi/cost-assumptions, fields)' })
  @IsDefined({ message: `values is required: an object with any of ${COST_ASSUMPTION_FIELDS.join(', ')}` })
  @IsObject({ message: `values must be an object with any of ${COST_ASSUMPTION_FIELDS.join(', ')}` })
  values!: Record<string, unknown>;

  @ApiProperty({ maxLength: NOTE_MAX, description: 'Why (the source of the new figures)' })
  @IsDefined({ message: 'note is required: why these figures (their source)' })
  @trim()
  @IsString({ message: 'note must be text' })
  @Matches(/\S/, { message: 'note must not be empty: why these figures (their source)' })
  @MaxLength(NOTE_MAX, { message: `note must be at most ${NOTE_MAX} characters` })
  note!: string;
}

export class DatasetInfoDto {
  @ApiProperty({ example: 'fies_2023' }) dataset!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'The attribution to show' }) source!: string;
  @ApiProperty() fileName!: string;
  @ApiProperty() rows!: number;
  @ApiProperty({ type: String, nullable: true }) periodFrom!: string | null;
  @ApiProperty({ type: String, nullable: true }) periodTo!: string | null;
  @ApiProperty({ format: 'date-time' }) importedAt!: string;
}

export class DatasetListDto {
  @ApiProperty({ type: [DatasetInfoDto] }) items!: DatasetInfoDto[];
}
