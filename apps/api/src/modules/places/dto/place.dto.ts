import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, Matches } from 'class-validator';
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
