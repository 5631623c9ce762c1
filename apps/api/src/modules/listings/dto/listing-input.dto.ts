import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsLatitude,
  IsLongitude,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CURRENCIES, FURNISHINGS, LISTING_KINDS, LISTING_OFFERS, LISTING_TAGS, LISTING_TYPES, NEARBY_CATEGORIES, PAGINATION } from '@app/domain';
import { DecimalNumber } from '../../../common/http/decimal-number';
import { LimitNumber, PageNumber, SkipNumber } from '../../../common/http/whole-number';

export const LISTING_STATUSES = ['draft', 'active', 'sold', 'rented', 'archived'] as const;
export const LISTING_BEHAVIORS = ['view', 'share', 'inquiry', 'call', 'direction'] as const;

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const PSGC = /^\d{10}$/;
const psgcMessage = (field: string) => `${field} must be a 10-digit PSGC code`;

export class LocationDto {
  @ApiProperty({ example: 14.5547 }) @IsLatitude({ message: 'location.lat must be a latitude between -90 and 90' }) lat!: number;
  @ApiProperty({ example: 121.0244 }) @IsLongitude({ message: 'location.lng must be a longitude between -180 and 180' }) lng!: number;
}

export class AddressInputDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'condominium', description: 'Kind of address: house and lot, condominium, lot, ...' })
  @IsOptional() @trim() @IsString() @MaxLength(60) type?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '6750 Ayala Avenue' })
  @IsOptional() @trim() @IsString() @MaxLength(200) street?: string | null;
  @ApiPropertyOptional({ example: '1300000000' }) @IsOptional() @Matches(PSGC, { message: psgcMessage('address.regionCode') }) regionCode?: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @Matches(PSGC, { message: psgcMessage('address.provinceCode') }) provinceCode?: string | null;
  @ApiPropertyOptional({ example: '1380300000' }) @IsOptional() @Matches(PSGC, { message: psgcMessage('address.cityCode') }) cityCode?: string;
  @ApiProperty({ example: '1380300001' }) @Matches(PSGC, { message: psgcMessage('address.barangayCode') }) barangayCode!: string;
}

class ListingFieldsDto {
  @ApiPropertyOptional({ description: 'Plain-text description (derived from descriptionHtml when only that is sent)' })
  @IsOptional() @IsString() @MaxLength(20000) description?: string;
  @ApiPropertyOptional({ description: 'Rich description; sanitised on the server' })
  @IsOptional() @IsString() @MaxLength(50000) descriptionHtml?: string;
  @ApiPropertyOptional({ enum: LISTING_STATUSES, default: 'active' })
  @IsOptional() @IsIn(LISTING_STATUSES, { message: `status must be one of: ${LISTING_STATUSES.join(', ')}` }) status?: (typeof LISTING_STATUSES)[number];
  @ApiPropertyOptional({ enum: LISTING_TAGS, isArray: true })
  @IsOptional() @IsArray() @ArrayMaxSize(20)
  @IsIn(LISTING_TAGS, { each: true, message: `each tag must be one of: ${LISTING_TAGS.join(', ')}` })
  tags?: string[];
  @ApiPropertyOptional({ enum: CURRENCIES, default: 'PHP' })
  @IsOptional() @IsIn(CURRENCIES, { message: `currency must be one of: ${CURRENCIES.join(', ')}` }) currency?: string;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Lot size in square metres' })
  @IsOptional() @IsNumber({}, { message: 'lotSize must be a number of square metres' }) @Min(0) @Max(1e9) lotSize?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Floor size in square metres' })
  @IsOptional() @IsNumber({}, { message: 'floorSize must be a number of square metres' }) @Min(0) @Max(1e8) floorSize?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(200) bedrooms?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(200) bathrooms?: number | null;
  @ApiPropertyOptional({ enum: LISTING_OFFERS, description: 'Buy (sale) or rent. Default: read from the "for rent" / "for sale" tag, else sale; the tags follow it' })
  @IsOptional() @IsIn(LISTING_OFFERS, { message: `offer must be one of: ${LISTING_OFFERS.join(', ')}` }) offer?: (typeof LISTING_OFFERS)[number];
  @ApiPropertyOptional({ enum: LISTING_KINDS, nullable: true, description: 'The property kind; it must belong to the type (condominium, house_and_lot, townhouse, apartment: residential; lot: land; office, commercial_space: commercial; warehouse: industrial; farm: agricultural); null clears it' })
  @IsOptional() @IsIn(LISTING_KINDS, { message: `kind must be one of: ${LISTING_KINDS.join(', ')}` }) kind?: (typeof LISTING_KINDS)[number] | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Parking slots' })
  @IsOptional() @IsInt({ message: 'parkingSlots must be a whole number from 0 to 200' }) @Min(0, { message: 'parkingSlots must be a whole number from 0 to 200' }) @Max(200, { message: 'parkingSlots must be a whole number from 0 to 200' }) parkingSlots?: number | null;
  @ApiPropertyOptional({ enum: FURNISHINGS, nullable: true, description: 'Default: read from the "furnished" / "unfurnished" tag; the tags follow it (semi_furnished carries neither)' })
  @IsOptional() @IsIn(FURNISHINGS, { message: `furnishing must be one of: ${FURNISHINGS.join(', ')}` }) furnishing?: (typeof FURNISHINGS)[number] | null;
  @ApiPropertyOptional({ type: [String], example: ['swimming pool', 'parking'] })
  @IsOptional() @IsArray() @ArrayMaxSize(40) @IsString({ each: true }) @MaxLength(60, { each: true }) amenities?: string[];
}

export class CreateListingDto extends ListingFieldsDto {
  @ApiProperty({ example: '2BR condo in Salcedo Village' })
  @trim() @IsString() @IsNotEmpty({ message: 'name is required' }) @MaxLength(200) name!: string;
  @ApiProperty({ enum: LISTING_TYPES })
  @IsIn(LISTING_TYPES, { message: `type must be one of: ${LISTING_TYPES.join(', ')}` }) type!: (typeof LISTING_TYPES)[number];
  @ApiProperty({ example: 18500000, description: 'Asking price, or monthly rent for rentals' })
  @DecimalNumber('price', 2) @Min(0) @Max(1e12) price!: number;
  @ApiProperty({ type: LocationDto }) @ValidateNested() @Type(() => LocationDto) @IsObject() location!: LocationDto;
  @ApiProperty({ type: AddressInputDto }) @ValidateNested() @Type(() => AddressInputDto) @IsObject() address!: AddressInputDto;
}

/** PUT /listing/update: `_id` and `owner` are required (checked in the service, with the spec's message). */
export class UpdateListingDto extends ListingFieldsDto {
  @ApiProperty({ description: 'The listing id' }) @IsOptional() @IsUUID('all', { message: '_id must be a listing id' }) _id?: string;
  @ApiProperty({ description: "The owner's user id" }) @IsOptional() @IsUUID('all', { message: 'owner must be a user id' }) owner?: string;
  @ApiPropertyOptional() @IsOptional() @trim() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ enum: LISTING_TYPES })
  @IsOptional() @IsIn(LISTING_TYPES, { message: `type must be one of: ${LISTING_TYPES.join(', ')}` }) type?: (typeof LISTING_TYPES)[number];
  @ApiPropertyOptional() @IsOptional() @DecimalNumber('price', 2) @Min(0) @Max(1e12) price?: number;
  @ApiPropertyOptional({ type: LocationDto }) @IsOptional() @ValidateNested() @Type(() => LocationDto) location?: LocationDto;
  @ApiPropertyOptional({ type: AddressInputDto }) @IsOptional() @ValidateNested() @Type(() => AddressInputDto) address?: AddressInputDto;
}

export class ListingVisibilityDto {
  @ApiProperty() @IsUUID('all', { message: 'listingId must be a listing id' }) listingId!: string;
  @ApiProperty() @IsBoolean({ message: 'visible must be true or false' }) visible!: boolean;
}

export class ListingIdDto {
  @ApiProperty() @IsUUID('all', { message: 'listingId must be a listing id' }) listingId!: string;
}

export class DeleteImageDto {
  @ApiProperty() @IsUUID('all', { message: 'listingId must be a listing id' }) listingId!: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'imageId is required' }) @MaxLength(64) imageId!: string;
}

export class BehaviorDto {
  @ApiProperty({ enum: LISTING_BEHAVIORS, default: 'view' })
  @IsOptional() @IsIn(LISTING_BEHAVIORS, { message: `behavior must be one of: ${LISTING_BEHAVIORS.join(', ')}` })
  behavior?: (typeof LISTING_BEHAVIORS)[number];
}

export class VerifyListingDto {
  @ApiProperty() @IsBoolean({ message: 'verified must be true or false' }) verified!: boolean;
}

export class ReviewInputDto {
  @ApiProperty({ minimum: 1, maximum: 5 }) @IsInt({ message: 'rating must be a whole number from 1 to 5' }) @Min(1, { message: 'rating must be a whole number from 1 to 5' }) @Max(5, { message: 'rating must be a whole number from 1 to 5' }) rating!: number;
  @ApiPropertyOptional({ default: '' }) @IsOptional() @trim() @IsString() @MaxLength(2000) comment?: string;
}

export class BoundsDto {
  @ApiProperty() @IsLatitude() north!: number;
  @ApiProperty() @IsLatitude() south!: number;
  @ApiProperty() @IsLongitude() east!: number;
  @ApiProperty() @IsLongitude() west!: number;
}

export class ListingSearchDto {
  @ApiPropertyOptional({ description: 'Typo-tolerant text over name, description, code and address' })
  @IsOptional() @IsString() @MaxLength(200) fuzzySearch?: string;
  @ApiPropertyOptional({ description: 'Exact filters: owner (user id), code, status, type, verified, visible (true/false); staff only (else 400 "query.<field> is for staff"): hasDocuments (has ownership documents), reported (has open reports)', type: 'object', additionalProperties: true })
  @IsOptional() @IsObject() query?: Record<string, unknown>;
  @ApiPropertyOptional({
    description:
      'Filters: ranges {min,max} (inclusive) for price, lotSize, floorSize, bedrooms, bathrooms, parkingSlots ({min: N} is "at least N"); lists (any may match) for type, offer (sale, rent), kind, furnishing, status, city, barangay (PSGC codes); tags (all must match); rating {min}; verified',
    type: 'object',
    additionalProperties: true,
  })
  @IsOptional() @IsObject() match?: Record<string, unknown>;
  @ApiPropertyOptional({ type: BoundsDto, description: 'Map bounding box' })
  @IsOptional() @ValidateNested() @Type(() => BoundsDto) bounds?: BoundsDto;
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }) @IsOptional() select?: string | string[];
  @ApiPropertyOptional({ type: 'array', items: { type: 'object', additionalProperties: true } }) @IsOptional() @IsArray() populateArray?: unknown[];
  @ApiPropertyOptional({
    description: '-createdAt (latest), createdAt (oldest), name (A-Z), -name (Z-A), price, -price',
    oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }],
  })
  @IsOptional() sort?: string | Record<string, unknown>;
  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: PAGINATION.maxLimitParam, description: `Items per page (more than ${PAGINATION.maxLimit} is served as ${PAGINATION.maxLimit})` })
  @IsOptional() @LimitNumber() limit?: number;
  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: PAGINATION.maxSkip, description: 'Items to skip; overrides page' })
  @IsOptional() @SkipNumber() skip?: number;
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: PAGINATION.maxPage }) @IsOptional() @PageNumber() page?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() lean?: boolean;
}

export class NearbySearchDto {
  @ApiPropertyOptional() @IsOptional() @IsLatitude() lat?: number;
  @ApiPropertyOptional() @IsOptional() @IsLongitude() lng?: number;
  @ApiPropertyOptional({ description: 'Search around this listing instead of a point' })
  @IsOptional() @IsUUID('all', { message: 'listingId must be a listing id' }) listingId?: string;
  @ApiPropertyOptional({ enum: NEARBY_CATEGORIES, isArray: true })
  @IsOptional() @IsArray() @IsIn(NEARBY_CATEGORIES, { each: true, message: `each category must be one of: ${NEARBY_CATEGORIES.join(', ')}` })
  categories?: string[];
}

/** The totals POST /listing/dashboard can answer. */
export const DASHBOARD_KEYS = ['totalListings', 'totalSaved', 'totalViews', 'totalInquiries'] as const;
export type DashboardKey = (typeof DASHBOARD_KEYS)[number];

export class DashboardDto {
  @ApiProperty({
    enum: DASHBOARD_KEYS,
    isArray: true,
    example: ['totalListings', 'totalSaved', 'totalViews', 'totalInquiries'],
    description: 'The totals wanted; an empty list answers all of them',
  })
  @IsArray() @IsIn(DASHBOARD_KEYS, { each: true, message: `data items must be ${DASHBOARD_KEYS.join(', ')}` })
  data!: DashboardKey[];
  @ApiProperty({ type: 'object', properties: { userId: { type: 'string' } } })
  @IsObject() filter!: { userId?: string };
}
