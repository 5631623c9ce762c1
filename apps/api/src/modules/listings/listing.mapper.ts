import type { LicenceSummaryValue, ListingRow, NewListingRow, UserRow } from '@app/db';
import { LICENCE_KIND_OF_TYPE } from '@app/domain';
import type { ResolvedAddress } from '../places/places.service';
import type { ListingDto } from './dto/listing-output.dto';

export interface ListingOwnerRow {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  type: UserRow['type'];
  isVerified: boolean;
  licence: LicenceSummaryValue | null;
}

/** A listing as searches read it: every column but the derived search text and vector. */
export type ListingCard = Omit<ListingRow, 'searchText' | 'searchVector'>;

export interface ListingWithOwner {
  listing: ListingCard;
  owner: ListingOwnerRow;
  isSaved: boolean;
}

/** Fields a caller may `select` from a listing answer. */
export const LISTING_FIELDS = [
  'name', 'code', 'description', 'descriptionHtml', 'status', 'type', 'offer', 'kind', 'tags', 'currency', 'price', 'lotSize',
  'floorSize', 'bedrooms', 'bathrooms', 'parkingSlots', 'furnishing', 'location', 'address', 'amenities', 'images', 'owner', 'uploadedBy', 'views',
  'savedCount', 'rating', 'verified', 'isVisible', 'isSaved', 'createdAt', 'updatedAt', 'ownerUnlicensed',
] as const;

/**
 * The owner's trust as every listing answer shows it: a verified identity, and the PRC licence only
 * while approved (users.licence, kept by the licences module). A broker, salesperson, appraiser or
 * consultant without an approved licence is `ownerUnlicensed` (the buyer is told).
 */
export function ownerTrust(owner: Pick<ListingOwnerRow, 'type' | 'isVerified' | 'licence'>) {
  const licence = owner.licence?.status === 'approved' ? { kind: owner.licence.kind, number: owner.licence.number } : null;
  return { isVerified: owner.isVerified, licence, unlicensed: owner.type in LICENCE_KIND_OF_TYPE && licence === null };
}

export function toListingDto({ listing: l, owner, isSaved }: ListingWithOwner): ListingDto {
  const trust = ownerTrust(owner);
  return {
    _id: l.id,
    name: l.name,
    code: l.code,
    description: l.description,
    descriptionHtml: l.descriptionHtml,
    status: l.status,
    type: l.type,
    offer: l.offer,
    kind: l.kind,
    tags: l.tags,
    currency: l.currency,
    price: Number(l.price),
    lotSize: l.lotSize === null ? null : Number(l.lotSize),
    floorSize: l.floorSize === null ? null : Number(l.floorSize),
    bedrooms: l.bedrooms,
    bathrooms: l.bathrooms,
    parkingSlots: l.parkingSlots,
    furnishing: l.furnishing,
    location: { lat: l.lat, lng: l.lng },
    address: {
      type: l.addressType,
      street: l.street,
      region: l.regionName,
      regionCode: l.regionCode,
      province: l.provinceName,
      provinceCode: l.provinceCode,
      city: l.cityName,
      cityCode: l.cityCode,
      barangay: l.barangayName,
      barangayCode: l.barangayCode,
    },
    amenities: l.amenities,
    images: l.images.map(({ _id, url, thumbnailUrl, width, height }) => ({ _id, url, thumbnailUrl, width, height })),
    owner: { _id: owner.id, firstName: owner.firstName, lastName: owner.lastName, avatar: owner.avatar, isVerified: trust.isVerified, licence: trust.licence },
    ownerUnlicensed: trust.unlicensed,
    uploadedBy: l.uploadedById,
    views: l.views,
    savedCount: l.savedCount,
    rating: { average: Number(l.ratingAverage), count: l.ratingCount },
    verified: l.verified,
    isVisible: l.isVisible,
    ...(l.hiddenForSuspension ? { hiddenForSuspension: true } : {}),
    isSaved,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

/** The address columns of a listing row, from a resolved PSGC address and the free-text parts. */
export function addressColumns(
  address: ResolvedAddress,
  extra: { type?: string | null; street?: string | null } = {},
): Pick<
  NewListingRow,
  | 'addressType'
  | 'street'
  | 'regionCode'
  | 'regionName'
  | 'provinceCode'
  | 'provinceName'
  | 'cityCode'
  | 'cityName'
  | 'barangayCode'
  | 'barangayName'
> {
  return {
    addressType: extra.type ?? null,
    street: extra.street ?? null,
    regionCode: address.regionCode,
    regionName: address.regionName,
    provinceCode: address.provinceCode,
    provinceName: address.provinceName,
    cityCode: address.cityCode,
    cityName: address.cityName,
    barangayCode: address.barangayCode,
    barangayName: address.barangayName,
  };
}
