/** The add/edit listing form: values, defaults, validation texts and the request bodies. */
import { DEFAULT_CURRENCY, KIND_TYPE, LISTING_TAGS, type ListingKind } from '@app/domain';
import type { CreateListingBody, Listing, UpdateListingBody } from '@/lib/api/listings';

/** Province value for the cities of a region that sit outside any province (independent cities). */
export const NO_PROVINCE = '__none__';

export interface ListingFormValues {
  name: string;
  type: string;
  /** The property kind inside the type ('' when none). */
  kind: string;
  /** 'sale' or 'rent'. */
  offer: string;
  status: string;
  price: string;
  currency: string;
  tags: string[];
  description: string;
  regionCode: string;
  provinceCode: string;
  cityCode: string;
  barangayCode: string;
  /** Set by the address picker: the chosen region has no provinces (Metro Manila). */
  regionWithoutProvinces: boolean;
  street: string;
  addressType: string;
  location: { lat: number; lng: number } | null;
  lotSize: string;
  floorSize: string;
  bedrooms: string;
  bathrooms: string;
  parkingSlots: string;
  /** 'furnished', 'semi_furnished', 'unfurnished' or '' (not said). */
  furnishing: string;
  amenities: string[];
}

export const EMPTY_LISTING_FORM: ListingFormValues = {
  name: '',
  type: '',
  kind: '',
  offer: 'sale',
  status: 'active',
  price: '',
  currency: DEFAULT_CURRENCY,
  tags: [],
  description: '',
  regionCode: '',
  provinceCode: '',
  cityCode: '',
  barangayCode: '',
  regionWithoutProvinces: false,
  street: '',
  addressType: '',
  location: null,
  lotSize: '',
  floorSize: '',
  bedrooms: '',
  bathrooms: '',
  parkingSlots: '',
  furnishing: '',
  amenities: [],
};

/** Tags the offer and furnishing fields stand for: the form leaves them out, the server adds them back. */
export const FIELD_TAGS: readonly string[] = ['for sale', 'for rent', 'furnished', 'unfurnished'];
/** The tags the form's tag picker offers. */
export const FORM_TAGS: readonly string[] = LISTING_TAGS.filter((t) => !FIELD_TAGS.includes(t));

/** The kind if it belongs to the type, else '' (a kind from another type is dropped when the type changes). */
export function kindForType(kind: string, type: string): string {
  return kind && KIND_TYPE[kind as ListingKind] === type ? kind : '';
}

export const STEPS = ['Basics', 'Location', 'Details', 'Photos & documents'] as const;

/** The fields each step validates before moving on. */
export const STEP_FIELDS: ReadonlyArray<ReadonlyArray<keyof ListingFormValues>> = [
  ['name', 'offer', 'type', 'kind', 'status', 'price', 'currency', 'tags', 'description'],
  ['regionCode', 'provinceCode', 'cityCode', 'barangayCode', 'street', 'addressType', 'location'],
  ['lotSize', 'floorSize', 'bedrooms', 'bathrooms', 'parkingSlots', 'furnishing', 'amenities'],
  [],
];

export const MESSAGES = {
  nameRequired: 'Enter a name for the listing',
  nameShort: 'Use at least 3 characters',
  nameLong: 'Use at most 120 characters',
  typeRequired: 'Choose a property type',
  priceRequired: 'Enter the price',
  priceInvalid: 'Enter a price of 0 or more',
  regionRequired: 'Choose a region',
  provinceRequired: 'Choose a province',
  cityRequired: 'Choose a city or municipality',
  barangayRequired: 'Choose a barangay',
  locationRequired: 'Place the pin on the map',
  sizeInvalid: 'Enter a size of 0 or more',
  countInvalid: 'Enter a whole number of 0 or more',
  descriptionLong: 'Use at most 5000 characters',
} as const;

export const AMENITY_SUGGESTIONS = [
  'Parking',
  'Swimming pool',
  'Gym',
  'Garden',
  '24/7 security',
  'Elevator',
  'Balcony',
  'Air conditioning',
  'Laundry area',
  'Clubhouse',
  'Playground',
  'Maid’s room',
  'Water tank',
  'Generator',
];

function optionalNumber(raw: string): number | null {
  return raw.trim() === '' ? null : Number(raw);
}

/** Form values arrive typed as any field's value; the text inputs hold strings. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

export function isNonNegativeNumber(value: unknown): boolean {
  const raw = asText(value);
  if (raw.trim() === '') return true;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0;
}

export function isWholeNumber(value: unknown): boolean {
  const raw = asText(value);
  if (raw.trim() === '') return true;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0;
}

export function fromListing(listing: Listing): ListingFormValues {
  const a = listing.address;
  const str = (n: number | null | undefined) => (n == null ? '' : String(n));
  return {
    name: listing.name,
    type: listing.type,
    kind: listing.kind ?? '',
    offer: listing.offer,
    status: listing.status,
    price: String(listing.price),
    currency: listing.currency || DEFAULT_CURRENCY,
    tags: listing.tags.filter((t) => !FIELD_TAGS.includes(t)),
    description: listing.description ?? '',
    regionCode: a.regionCode,
    provinceCode: a.provinceCode ?? NO_PROVINCE,
    cityCode: a.cityCode,
    barangayCode: a.barangayCode,
    regionWithoutProvinces: false,
    street: a.street ?? '',
    addressType: a.type ?? '',
    location: { lat: listing.location.lat, lng: listing.location.lng },
    lotSize: str(listing.lotSize),
    floorSize: str(listing.floorSize),
    bedrooms: str(listing.bedrooms),
    bathrooms: str(listing.bathrooms),
    parkingSlots: str(listing.parkingSlots),
    furnishing: listing.furnishing ?? '',
    amenities: [...listing.amenities],
  };
}

/** The body of POST /listing/create. */
export function toCreateBody(values: ListingFormValues): CreateListingBody {
  const provinceCode =
    values.regionWithoutProvinces || !values.provinceCode || values.provinceCode === NO_PROVINCE
      ? undefined
      : values.provinceCode;
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    type: values.type as CreateListingBody['type'],
    kind: (kindForType(values.kind, values.type) || null) as CreateListingBody['kind'],
    offer: values.offer as CreateListingBody['offer'],
    furnishing: (values.furnishing || null) as CreateListingBody['furnishing'],
    status: values.status as CreateListingBody['status'],
    tags: values.tags.filter((t) => !FIELD_TAGS.includes(t)) as CreateListingBody['tags'],
    price: Number(values.price),
    currency: values.currency as CreateListingBody['currency'],
    lotSize: optionalNumber(values.lotSize),
    floorSize: optionalNumber(values.floorSize),
    bedrooms: optionalNumber(values.bedrooms),
    bathrooms: optionalNumber(values.bathrooms),
    parkingSlots: optionalNumber(values.parkingSlots),
    location: values.location ?? { lat: 0, lng: 0 },
    address: {
      ...(values.addressType.trim() && { type: values.addressType.trim() }),
      ...(values.street.trim() && { street: values.street.trim() }),
      regionCode: values.regionCode,
      ...(provinceCode && { provinceCode }),
      cityCode: values.cityCode,
      barangayCode: values.barangayCode,
    },
    amenities: values.amenities.map((a) => a.trim()).filter(Boolean),
  };
}

/**
 * The body of PUT /listing/update: `_id` and `owner` (the owner's user id) plus the fields. The form
 * edits the plain description; when it changes, the old formatted copy is cleared so the new text shows.
 */
export function toUpdateBody(
  values: ListingFormValues,
  listing: Pick<Listing, '_id' | 'owner' | 'description'>,
): UpdateListingBody {
  const body: UpdateListingBody = { _id: listing._id, owner: listing.owner._id, ...toCreateBody(values) };
  if ((listing.description ?? '') !== values.description.trim()) body.descriptionHtml = '';
  return body;
}
