import { ApiProperty, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { BoundsDto, ListingSearchDto } from './listing-input.dto';

/** The widest box the clusters route takes, in degrees on a side (the Philippines is about 17° by 11°). */
export const MAX_CLUSTER_BOX_DEGREES = 30;
/** A map's zoom levels (Leaflet's 0-19, with room). */
export const MAP_ZOOM = { min: 0, max: 22 } as const;
/** At most this many matches in a box: the answer lists them as pins instead of clusters. */
export const MAX_MAP_PINS = 200;

export class ListingClustersQueryDto extends PickType(ListingSearchDto, ['fuzzySearch', 'query', 'match'] as const) {
  @ApiProperty({ type: BoundsDto, description: `The map's visible box (at most ${MAX_CLUSTER_BOX_DEGREES}° on a side)` })
  @IsDefined({ message: "bounds is required: the map's visible box {north, south, east, west}" })
  @IsObject({ message: 'bounds must be an object {north, south, east, west}' })
  @ValidateNested()
  @Type(() => BoundsDto)
  bounds!: BoundsDto;

  @ApiProperty({
    minimum: MAP_ZOOM.min,
    maximum: MAP_ZOOM.max,
    description: "The map's zoom level: clusters are about a quarter of a map tile across (coarser when the box would hold more than 32 across)",
  })
  @IsDefined({ message: `zoom is required: the map's zoom level, a whole number from ${MAP_ZOOM.min} to ${MAP_ZOOM.max}` })
  @IsInt({ message: `zoom must be a whole number from ${MAP_ZOOM.min} to ${MAP_ZOOM.max}` })
  @Min(MAP_ZOOM.min, { message: `zoom must be a whole number from ${MAP_ZOOM.min} to ${MAP_ZOOM.max}` })
  @Max(MAP_ZOOM.max, { message: `zoom must be a whole number from ${MAP_ZOOM.min} to ${MAP_ZOOM.max}` })
  zoom!: number;
}

export class MapBoxDto {
  @ApiProperty() north!: number;
  @ApiProperty() south!: number;
  @ApiProperty() east!: number;
  @ApiProperty() west!: number;
}

export class ListingClusterDto {
  @ApiProperty({ description: 'Where its listings are (their count-weighted centre)' }) lat!: number;
  @ApiProperty() lng!: number;
  @ApiProperty({ description: 'Listings in the cluster (scaled from a sample when the answer is approximate)' }) count!: number;
  @ApiProperty({ type: MapBoxDto, description: 'The extent of its listings (zoom to it to split the cluster)' }) bounds!: MapBoxDto;
}

export class ListingPinDto {
  @ApiProperty() _id!: string;
  @ApiProperty() lat!: number;
  @ApiProperty() lng!: number;
  @ApiProperty() name!: string;
  @ApiProperty() price!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ['sale', 'rent'] }) offer!: string;
}

export class ListingClustersDto {
  @ApiProperty({ description: 'Matches in the box (the sum of the clusters\' counts)' }) total!: number;
  @ApiProperty({
    description:
      'True when a broad filter over a box with very many listings was counted on a sample of them (counts are scaled, rounded); false: every count is exact',
  })
  approximate!: boolean;
  @ApiProperty({ description: 'The cluster cell: 0.005° × 2^level on a side' }) level!: number;
  @ApiProperty({
    type: MapBoxDto,
    description: 'The box counted: the box sent, or (taller than 4°) widened to whole cells of 0.005° × 2^k so its edges need no listing-by-listing count',
  })
  box!: MapBoxDto;
  @ApiProperty({ type: [ListingClusterDto], description: `Empty when the box holds at most ${MAX_MAP_PINS} matches (see pins)` })
  clusters!: ListingClusterDto[];
  @ApiProperty({ type: [ListingPinDto], description: `Every match, when the box holds at most ${MAX_MAP_PINS}; else empty` })
  pins!: ListingPinDto[];
  @ApiProperty({ type: MapBoxDto, nullable: true, description: "The matches' extent in the box (fit the map to it); null when none" })
  extent!: MapBoxDto | null;
}
