import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { LISTING_KINDS } from '@app/domain';
import { psgcCodeMessage } from '../../../places/psgc';
import { AMENITY_CATEGORIES } from '../amenity-categories';
import { CHOROPLETH_METRICS, DEFAULT_AMENITY_RADIUS_KM, MAX_AMENITY_RADIUS_KM } from '../market-map.service';

export class AmenitiesQueryDto {
  @ApiPropertyOptional({ type: Number, default: DEFAULT_AMENITY_RADIUS_KM, minimum: 0.1, maximum: MAX_AMENITY_RADIUS_KM, description: 'Half-width of the search square, km' })
  @IsOptional()
  @Matches(/^\d{1,2}(\.\d{1,2})?$/, { message: `radiusKm must be a number of km above 0 and at most ${MAX_AMENITY_RADIUS_KM}, e.g. 2 or 1.5` })
  radiusKm?: string;
}

export class AmenityPointDto {
  @ApiProperty({ description: 'Point of interest id, or a barangay PSGC code' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty() lat!: number;
  @ApiProperty() lng!: number;
  @ApiProperty({ description: "km from the barangay's centroid" }) distanceKm!: number;
}

export class AmenityGroupDto {
  @ApiProperty({ enum: AMENITY_CATEGORIES }) category!: string;
  @ApiProperty({ example: 'Malls' }) label!: string;
  @ApiProperty({ description: 'False: no data source has this category (see note)' }) available!: boolean;
  @ApiProperty({ description: 'How many in the search area' }) total!: number;
  @ApiProperty({ type: [AmenityPointDto], description: 'The nearest, nearest first' }) nearest!: AmenityPointDto[];
  @ApiProperty({ type: String, nullable: true }) source!: string | null;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
}

export class AmenityBarangayDto {
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiProperty() cityCode!: string;
  @ApiProperty() cityName!: string;
  @ApiProperty() lat!: number;
  @ApiProperty() lng!: number;
}

export class AmenitiesDto {
  @ApiProperty({ type: AmenityBarangayDto, description: "The barangay and its centroid (else its city's)" }) barangay!: AmenityBarangayDto;
  @ApiProperty() radiusKm!: number;
  @ApiProperty({ enum: ['imported', 'none'], description: 'none: no OpenStreetMap points of interest were imported for this area (missing data, not an absence of places)' })
  poiCoverage!: 'imported' | 'none';
  @ApiProperty({ example: '© OpenStreetMap contributors' }) poiAttribution!: string;
  @ApiProperty({ type: [AmenityGroupDto], description: "The map legend's categories in order" }) categories!: AmenityGroupDto[];
  @ApiProperty({ type: [String] }) notes!: string[];
}

export class ChoroplethQueryDto {
  @ApiPropertyOptional({ description: 'PSGC code of a Metro Manila city or municipality; absent: all of Metro Manila' })
  @IsOptional()
  @Matches(/^\d{10}$/, { message: psgcCodeMessage('city') })
  city?: string;

  @ApiPropertyOptional({ enum: CHOROPLETH_METRICS, default: 'median_price_per_sqm' })
  @IsOptional()
  @IsIn(CHOROPLETH_METRICS, { message: `metric must be one of: ${CHOROPLETH_METRICS.join(', ')}` })
  metric?: (typeof CHOROPLETH_METRICS)[number];

  @ApiPropertyOptional({ enum: ['sale', 'rent'], default: 'sale' })
  @IsOptional()
  @IsIn(['sale', 'rent'], { message: 'offer must be sale or rent' })
  offer?: 'sale' | 'rent';

  @ApiPropertyOptional({ enum: ['all', ...LISTING_KINDS], default: 'all' })
  @IsOptional()
  @IsIn(['all', ...LISTING_KINDS], { message: `kind must be all or one of: ${LISTING_KINDS.join(', ')}` })
  kind?: string;
}

export class ChoroplethPropertiesDto {
  @ApiProperty({ description: '2023 PSGC code of the boundary' }) code!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The current (4Q 2025) PSGC code, null when the 2023 code is not a current barangay' }) currentCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) cityCode!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: no data (below the minimum sample)' }) value!: number | null;
  @ApiProperty({ description: 'Listings behind the value' }) sample!: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) computedAt!: string | null;
}

export class ChoroplethGeometryDto {
  @ApiProperty({ enum: ['Polygon', 'MultiPolygon'] }) type!: 'Polygon' | 'MultiPolygon';
  @ApiProperty({ type: 'array', items: {}, description: 'GeoJSON coordinates (lng, lat)' }) coordinates!: unknown;
}

export class ChoroplethFeatureDto {
  @ApiProperty({ enum: ['Feature'] }) type!: 'Feature';
  @ApiProperty({ type: ChoroplethPropertiesDto }) properties!: ChoroplethPropertiesDto;
  @ApiProperty({ type: ChoroplethGeometryDto }) geometry!: ChoroplethGeometryDto;
}

export class ChoroplethDto {
  @ApiProperty({ enum: ['FeatureCollection'] }) type!: 'FeatureCollection';
  @ApiProperty({ type: [ChoroplethFeatureDto] }) features!: ChoroplethFeatureDto[];
  @ApiProperty({ enum: CHOROPLETH_METRICS }) metric!: string;
  @ApiProperty({ enum: ['sale', 'rent'] }) offer!: 'sale' | 'rent';
  @ApiProperty() kind!: string;
  @ApiProperty({ enum: ['php_per_sqm', 'count'] }) unit!: 'php_per_sqm' | 'count';
  @ApiProperty({ type: String, nullable: true }) cityCode!: string | null;
  @ApiProperty() source!: string;
  @ApiProperty() boundarySource!: string;
  @ApiProperty({ enum: ['barangay'] }) granularity!: 'barangay';
  @ApiProperty({ example: 'listings as of 2026-11-27' }) period!: string;
  @ApiProperty() minSample!: number;
  @ApiProperty({ type: Number, nullable: true }) min!: number | null;
  @ApiProperty({ type: Number, nullable: true }) max!: number | null;
  @ApiProperty({ type: [String] }) notes!: string[];
}
