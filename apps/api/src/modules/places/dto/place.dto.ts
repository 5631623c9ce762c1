import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsNumber, IsOptional, Matches, Max, MaxLength, Min } from 'class-validator';
import { PLACE_LEVELS } from '@app/db';
import { PSGC_CODE, psgcCodeMessage, type PlaceLevel } from '../psgc';

/** A region, province, city, municipality, sub-municipality or barangay of the PSGC. */
export class PlaceDto {
  @ApiProperty({ example: '1380300000', description: '10-digit PSGC code' }) code!: string;
  @ApiProperty({ example: 'City of Makati' }) name!: string;
  @ApiProperty({ enum: PLACE_LEVELS }) level!: PlaceLevel;
  @ApiProperty({ type: String, nullable: true, example: '1300000000', description: 'Null for a region' })
  regionCode!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Null for regions, provinces and places directly under a region (Metro Manila)',
  })
  provinceCode!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'For a barangay: its city, municipality or sub-municipality; for a sub-municipality: its city',
  })
  cityCode!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: '2024 census population' }) population!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Centroid latitude' }) lat!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Centroid longitude' }) lng!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Area in km² (barangays with a known boundary)' }) areaKm2!: number | null;
}

export class GeocodeQueryDto {
  @ApiProperty({ example: 'Bel-Air, Makati', description: 'A PSGC code, or "barangay, city[, province]" text' })
  @IsDefined({ message: 'q is required: a PSGC code or "barangay, city"' })
  @Matches(/\S/, { message: 'q must not be empty: give a PSGC code or "barangay, city"' })
  @MaxLength(200, { message: 'q must be at most 200 characters' })
  q!: string;
}

export class ReverseGeocodeQueryDto {
  @ApiProperty({ example: 14.5617 })
  @Type(() => Number)
  @IsNumber({}, { message: 'lat must be a number from -90 to 90' })
  @Min(-90, { message: 'lat must be a number from -90 to 90' })
  @Max(90, { message: 'lat must be a number from -90 to 90' })
  lat!: number;

  @ApiProperty({ example: 121.0284 })
  @Type(() => Number)
  @IsNumber({}, { message: 'lng must be a number from -180 to 180' })
  @Min(-180, { message: 'lng must be a number from -180 to 180' })
  @Max(180, { message: 'lng must be a number from -180 to 180' })
  lng!: number;
}

/** A point found by the geocoder, with the PSGC barangay (or place) it falls in when known. */
export class GeocodeResultDto {
  @ApiProperty() lat!: number;
  @ApiProperty() lng!: number;
  @ApiProperty({ example: 'Bel-Air, City of Makati, National Capital Region (NCR)' }) label!: string;
  @ApiProperty({ type: String, nullable: true, description: 'PSGC code of the place (the nearest barangay for a service result)' })
  code!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: PLACE_LEVELS }) level!: PlaceLevel | null;
  @ApiProperty({ type: String, nullable: true, description: "The place's city or municipality" }) cityCode!: string | null;
  @ApiProperty({ enum: ['local', 'nominatim'] }) source!: 'local' | 'nominatim';
}

export class ProvincesQueryDto {
  @ApiPropertyOptional({ example: '0700000000', description: 'Only the provinces of this region; all when absent' })
  @IsOptional()
  @Matches(PSGC_CODE, { message: psgcCodeMessage('regionCode') })
  regionCode?: string;
}

export class CitiesQueryDto {
  @ApiPropertyOptional({ example: '0702200000', description: 'Cities and municipalities of this province' })
  @IsOptional()
  @Matches(PSGC_CODE, { message: psgcCodeMessage('provinceCode') })
  provinceCode?: string;

  @ApiPropertyOptional({
    example: '1300000000',
    description: 'Cities and municipalities of this region (with provinceCode null when directly under it)',
  })
  @IsOptional()
  @Matches(PSGC_CODE, { message: psgcCodeMessage('regionCode') })
  regionCode?: string;

  @ApiPropertyOptional({
    example: '1380600000',
    description: 'The sub-municipalities of this city (the City of Manila has 14); empty for other cities',
  })
  @IsOptional()
  @Matches(PSGC_CODE, { message: psgcCodeMessage('cityCode') })
  cityCode?: string;
}

export class BarangaysQueryDto {
  @ApiProperty({
    example: '1380300000',
    description: 'A city, municipality or sub-municipality; for the City of Manila, the barangays of all its sub-municipalities',
  })
  @IsDefined({ message: 'cityCode is required' })
  @Matches(PSGC_CODE, { message: psgcCodeMessage('cityCode') })
  cityCode!: string;
}
