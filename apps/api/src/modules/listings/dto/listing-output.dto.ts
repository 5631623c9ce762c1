import { FURNISHINGS, LICENCE_KINDS, LISTING_KINDS, LISTING_OFFERS, type Furnishing, type LicenceKind, type ListingKind, type ListingOffer } from '@app/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PaginationDto } from '../../../common/http/common.dto';

export class ListingLocationDto {
  @ApiProperty() lat!: number;
  @ApiProperty() lng!: number;
}

export class ListingAddressDto {
  @ApiProperty({ type: String, nullable: true }) type!: string | null;
  @ApiProperty({ type: String, nullable: true }) street!: string | null;
  @ApiProperty() region!: string;
  @ApiProperty() regionCode!: string;
  @ApiProperty({ type: String, nullable: true }) province!: string | null;
  @ApiProperty({ type: String, nullable: true }) provinceCode!: string | null;
  @ApiProperty() city!: string;
  @ApiProperty() cityCode!: string;
  @ApiProperty() barangay!: string;
  @ApiProperty() barangayCode!: string;
}

export class ListingImageDto {
  @ApiProperty() _id!: string;
  @ApiProperty() url!: string;
  @ApiProperty() thumbnailUrl!: string;
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
}

/** The owner's approved PRC licence (the badge: "PRC-licensed broker No. 0012345", see licenceBadge). */
export class ListingOwnerLicenceDto {
  @ApiProperty({ enum: LICENCE_KINDS }) kind!: LicenceKind;
  @ApiProperty({ example: '0012345' }) number!: string;
}

export class ListingOwnerDto {
  @ApiProperty() _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ type: String, nullable: true }) avatar!: string | null;
  // always sent; `required: false` only so clients' older fixtures of an owner (without them) still type-check
  @ApiProperty({ required: false, description: 'Always present: the owner verified their identity (approved KYC), the "Verified identity" badge' })
  isVerified!: boolean;
  @ApiProperty({
    type: ListingOwnerLicenceDto,
    nullable: true,
    required: false,
    description: "Always present: the owner's PRC licence while approved (the badge), else null",
  })
  licence!: ListingOwnerLicenceDto | null;
}

export class RatingDto {
  @ApiProperty() average!: number;
  @ApiProperty() count!: number;
}

export class ListingDto {
  @ApiProperty() _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() code!: string;
  @ApiProperty() description!: string;
  @ApiProperty() descriptionHtml!: string;
  @ApiProperty() status!: string;
  @ApiProperty() type!: string;
  @ApiProperty({ enum: LISTING_OFFERS, description: 'Buy (sale) or rent; the "for sale" / "for rent" tag follows it' }) offer!: ListingOffer;
  @ApiProperty({ enum: LISTING_KINDS, nullable: true, description: 'The property kind, inside `type`' }) kind!: ListingKind | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty() currency!: string;
  @ApiProperty() price!: number;
  @ApiProperty({ type: Number, nullable: true }) lotSize!: number | null;
  @ApiProperty({ type: Number, nullable: true }) floorSize!: number | null;
  @ApiProperty({ type: Number, nullable: true }) bedrooms!: number | null;
  @ApiProperty({ type: Number, nullable: true }) bathrooms!: number | null;
  @ApiProperty({ type: Number, nullable: true }) parkingSlots!: number | null;
  @ApiProperty({ enum: FURNISHINGS, nullable: true }) furnishing!: Furnishing | null;
  @ApiProperty({ type: ListingLocationDto }) location!: ListingLocationDto;
  @ApiProperty({ type: ListingAddressDto }) address!: ListingAddressDto;
  @ApiProperty({ type: [String] }) amenities!: string[];
  @ApiProperty({ type: [ListingImageDto] }) images!: ListingImageDto[];
  @ApiProperty({ type: ListingOwnerDto }) owner!: ListingOwnerDto;
  @ApiProperty({
    description:
      'The owner is a broker, salesperson, appraiser or consultant without an approved PRC licence (RESA requires one): buyers are told so',
  })
  ownerUnlicensed!: boolean;
  @ApiProperty({ type: String, nullable: true }) uploadedBy!: string | null;
  @ApiProperty() views!: number;
  @ApiProperty() savedCount!: number;
  @ApiProperty({ type: RatingDto }) rating!: RatingDto;
  @ApiProperty() verified!: boolean;
  @ApiProperty() isVisible!: boolean;
  @ApiPropertyOptional({ description: 'Present (true) when it is hidden because its owner is suspended: reinstating the owner shows it again' }) hiddenForSuspension?: boolean;
  @ApiProperty({ description: 'Whether the caller saved it (false for guests)' }) isSaved!: boolean;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiPropertyOptional({ description: 'Staff only (search pages, the admin user page): how many ownership documents it has' }) documentsCount?: number;
  @ApiPropertyOptional({ description: 'Staff only (search pages, the admin user page): how many open reports it has' }) openReports?: number;
}

export class SearchPaginationDto extends PaginationDto {
  @ApiProperty({
    description:
      'true when totalItems (and totalPages) is an estimate, two significant digits: a search with more than 2,000 matches is not counted one by one (show it as "about 130,000")',
  })
  totalIsEstimate!: boolean;
}

export class ListingListDto {
  @ApiProperty({ type: [ListingDto] }) listings!: ListingDto[];
  @ApiProperty({ type: SearchPaginationDto }) pagination!: SearchPaginationDto;
  @ApiProperty({
    type: [String],
    required: false,
    description:
      'When no listing had all the words of fuzzySearch (misspelt or partial): the known words searched instead, e.g. ["house"] for "houe"',
  })
  searchedWords?: string[];
}

class FacetValueDto {
  @ApiProperty() value!: string;
  @ApiProperty() count!: number;
}
class PriceBandFacetDto {
  @ApiProperty() min!: number;
  @ApiProperty({ type: Number, nullable: true }) max!: number | null;
  @ApiProperty() count!: number;
}
class CityFacetDto {
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiProperty() count!: number;
}
export class ListingFacetsDto {
  @ApiProperty({ type: [FacetValueDto] }) types!: FacetValueDto[];
  @ApiProperty({ type: [FacetValueDto] }) tags!: FacetValueDto[];
  @ApiProperty({ type: [FacetValueDto], description: 'Listings per offer (sale, rent)' }) offers!: FacetValueDto[];
  @ApiProperty({ type: [FacetValueDto], description: 'Listings per property kind (those without a kind are not counted)' }) kinds!: FacetValueDto[];
  @ApiProperty({ type: [FacetValueDto], description: 'Listings per furnishing (those without one are not counted)' }) furnishings!: FacetValueDto[];
  @ApiProperty({ type: [PriceBandFacetDto] }) priceBands!: PriceBandFacetDto[];
  @ApiProperty({ type: [CityFacetDto] }) cities!: CityFacetDto[];
  @ApiProperty({
    description:
      'true when there were too many matches to count one by one: the counts are estimates (two significant digits) from the first 2,000 matches read, or from a fixed sample of pages',
  })
  estimated!: boolean;
}

export class NearbyItemDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty() lat!: number;
  @ApiProperty() lng!: number;
  @ApiProperty() distanceMeters!: number;
}
export class AreaNearbyDto {
  @ApiProperty() category!: string;
  @ApiProperty({ description: 'How many places of this category are in the searched box (items lists the nearest ones, at most 10)' })
  total!: number;
  @ApiProperty({ type: [NearbyItemDto] }) items!: NearbyItemDto[];
}
export class NearbyResultDto {
  @ApiProperty({ type: [ListingDto] }) listings!: ListingDto[];
  @ApiProperty({ type: [AreaNearbyDto] }) areasNearby!: AreaNearbyDto[];
  @ApiProperty({
    enum: ['imported', 'none'],
    description:
      "'imported': points of interest were imported for this area (about 11 km around the point), so an empty category means none of that kind nearby; " +
      "'none': no points of interest were imported for this area, so areasNearby says nothing about it (an admin imports them with npm run import:poi)",
  })
  poiCoverage!: 'imported' | 'none';
  @ApiProperty({ type: String, nullable: true, description: "The data's attribution to show with the places ('© OpenStreetMap contributors', ODbL); null when none were imported" })
  poiAttribution!: string | null;
}

export class SaveResultDto {
  @ApiProperty() saved!: boolean;
  @ApiProperty() savedCount!: number;
}

export class BehaviorResultDto {
  @ApiProperty() views!: number;
}

export class DashboardResultDto {
  @ApiProperty({ required: false }) totalListings?: number;
  @ApiProperty({ required: false }) totalSaved?: number;
  @ApiProperty({ required: false }) totalViews?: number;
  @ApiProperty({ required: false, description: "Threads about the member's listings that other members started" })
  totalInquiries?: number;
}

export class OwnershipDocumentDto {
  @ApiProperty() _id!: string;
  @ApiProperty() filename!: string;
  @ApiProperty() contentType!: string;
  @ApiProperty() size!: number;
  @ApiProperty() createdAt!: string;
}
export class OwnershipDocumentListDto {
  @ApiProperty({ type: [OwnershipDocumentDto] }) documents!: OwnershipDocumentDto[];
}

export class ReviewUserDto {
  @ApiProperty() _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ type: String, nullable: true }) avatar!: string | null;
}
export class ReviewDto {
  @ApiProperty() _id!: string;
  @ApiProperty() rating!: number;
  @ApiProperty() comment!: string;
  @ApiProperty({ type: ReviewUserDto }) user!: ReviewUserDto;
  @ApiProperty() createdAt!: string;
}
export class ReviewListDto {
  @ApiProperty({ type: [ReviewDto] }) reviews!: ReviewDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
