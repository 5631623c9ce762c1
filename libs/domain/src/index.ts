/**
 * Pure domain constants shared by the API and the web app (spec sections 3, 6 and 9).
 * No framework imports here.
 */

/**
 * A member's type: a customer, or one of the spec's professional types (real estate appraiser, broker,
 * consultant, salesperson, property owner). Brokers, appraisers and consultants are PRC-licensed under
 * RESA (RA 9646); salespersons are accredited and work under a licensed broker.
 */
export const USER_TYPES = [
  'customer',
  'broker',
  'real_estate_salesperson',
  'property_owner',
  'real_estate_appraiser',
  'real_estate_consultant',
] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Record<UserType, string> = {
  customer: 'Customer',
  broker: 'Real estate broker',
  real_estate_salesperson: 'Real estate salesperson',
  property_owner: 'Property owner',
  real_estate_appraiser: 'Real estate appraiser',
  real_estate_consultant: 'Real estate consultant',
};

export const USER_ROLES = ['user', 'viewer', 'admin', 'super_admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** Roles that may read the admin console. */
export const STAFF_ROLES: readonly UserRole[] = ['viewer', 'admin', 'super_admin'];
/** Roles that may change things through the admin console. */
export const ADMIN_ROLES: readonly UserRole[] = ['admin', 'super_admin'];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const AUTH_PROVIDERS = ['local', 'google', 'facebook'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The spec's plans plus Enterprise (contact sales, set up by staff); their definitions are PLANS in billing.ts. */
export const SUBSCRIPTION_PLANS = ['free', 'basic', 'premium', 'enterprise'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export const SUBSCRIPTION_STATUSES = ['active', 'suspended', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const BILLING_PERIODS = ['free', 'monthly', 'annually', 'lifetime'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];


/** The user-controlled visibility switches of POST /user/update/visibility. */
export const VISIBILITY_FIELDS = ['isVisible', 'receiveMonthlyUpdates', 'seeProfileViewers'] as const;
export type VisibilityField = (typeof VISIBILITY_FIELDS)[number];

export const LISTING_TYPES = ['residential', 'commercial', 'industrial', 'agricultural', 'land', 'other'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** Buy or rent: what the listing offers (the "for sale" / "for rent" tags follow it). */
export const LISTING_OFFERS = ['sale', 'rent'] as const;
export type ListingOffer = (typeof LISTING_OFFERS)[number];
export const OFFER_TAGS: Record<ListingOffer, string> = { sale: 'for sale', rent: 'for rent' };

/** The property kinds people search by, each inside one of the spec's types (`type` stays the spec's field). */
export const LISTING_KINDS = [
  'condominium',
  'house_and_lot',
  'townhouse',
  'apartment',
  'lot',
  'office',
  'commercial_space',
  'warehouse',
  'farm',
] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];
export const KIND_TYPE: Record<ListingKind, ListingType> = {
  condominium: 'residential',
  house_and_lot: 'residential',
  townhouse: 'residential',
  apartment: 'residential',
  lot: 'land',
  office: 'commercial',
  commercial_space: 'commercial',
  warehouse: 'industrial',
  farm: 'agricultural',
};
export const KIND_LABELS: Record<ListingKind, string> = {
  condominium: 'Condominium',
  house_and_lot: 'House and lot',
  townhouse: 'Townhouse',
  apartment: 'Apartment',
  lot: 'Lot',
  office: 'Office',
  commercial_space: 'Commercial space',
  warehouse: 'Warehouse',
  farm: 'Farm',
};
/** The kinds inside a type, in LISTING_KINDS order. */
export function kindsOfType(type: ListingType): ListingKind[] {
  return LISTING_KINDS.filter((k) => KIND_TYPE[k] === type);
}

/** Furnishing; "furnished" and "unfurnished" carry the tags of the same name, semi-furnished neither. */
export const FURNISHINGS = ['furnished', 'semi_furnished', 'unfurnished'] as const;
export type Furnishing = (typeof FURNISHINGS)[number];
export const FURNISHING_LABELS: Record<Furnishing, string> = {
  furnished: 'Furnished',
  semi_furnished: 'Semi-furnished',
  unfurnished: 'Unfurnished',
};

export const NEARBY_CATEGORIES = [
  'restaurants',
  'malls',
  'schools',
  'hospitals',
  'gas stations',
  'hotels',
  'government buildings',
  'firestations',
  'banks',
  'warehouses',
] as const;
export type NearbyCategory = (typeof NEARBY_CATEGORIES)[number];

export const PRODUCT_NAME = 'Tahanan';
export const VERIFIED_TAG = `${PRODUCT_NAME} verified`;

export const LISTING_TAGS = [
  'for sale',
  'for rent',
  'as is where is',
  'clean title',
  'has ATS',
  'looking for joint venture',
  'company owned',
  'individual owner',
  VERIFIED_TAG,
  'short term',
  'long term',
  'new',
  'old',
  'under construction',
  'renovated',
  'furnished',
  'unfurnished',
  'pet friendly',
  'no pets allowed',
] as const;

export const CURRENCIES = ['PHP', 'USD', 'EUR', 'GBP', 'INR', 'CNY', 'JPY', 'KRW', 'BRL'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'PHP';
/** Prices are stored in pesos; every other currency is converted from PHP with a staff-kept rate. */
export const BASE_CURRENCY = 'PHP' as const satisfies Currency;
/** The currencies with a rate to PHP (CURRENCIES without PHP, in the spec's order). */
export const FOREIGN_CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'CNY', 'JPY', 'KRW', 'BRL'] as const satisfies readonly Currency[];
export type ForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];
/** What a staff-entered rate (pesos per unit of a foreign currency) may be. */
export const CURRENCY_RATE_LIMITS = {
  /** phpPerUnit is above 0 and at most this. */
  maxPhpPerUnit: 1_000_000,
  /** phpPerUnit has at most this many decimals (the column is numeric(16,6)). */
  phpPerUnitDecimals: 6,
  /** The earliest asOf; the latest is today in Asia/Manila. */
  earliestAsOf: '2000-01-01',
  /** The time zone whose calendar date is "today" for asOf. */
  timeZone: 'Asia/Manila',
  sourceMaxLength: 200,
  defaultSource: 'Entered by staff',
} as const;

/** True for a YYYY-MM-DD string naming a real calendar date (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0-99 as 1900-1999
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Today's calendar date (YYYY-MM-DD) in a time zone, e.g. 'Asia/Manila'. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Price bands in pesos; `max` null means open ended. */
export const PRICE_BANDS: ReadonlyArray<{ min: number; max: number | null }> = [
  { min: 0, max: 50_000 },
  { min: 50_000, max: 100_000 },
  { min: 100_000, max: 200_000 },
  { min: 200_000, max: 500_000 },
  { min: 500_000, max: 1_000_000 },
  { min: 1_000_000, max: 5_000_000 },
  { min: 5_000_000, max: null },
];

export const PAGINATION = {
  defaultLimit: 10,
  maxLimit: 100,
  defaultPage: 1,
  pageSizeChoices: [5, 10],
  listingClientPageSize: 5,
  messagePageSize: 20,
  /** The largest page number a list accepts (larger is a 400). */
  maxPage: 1_000_000,
  /** The largest `limit` a list accepts; anything above maxLimit is served as maxLimit, above this is a 400. */
  maxLimitParam: 1_000_000,
  /** The largest `skip` a list accepts (larger is a 400). */
  maxSkip: 100_000_000,
} as const;

export const UPLOAD_LIMITS = {
  maxFiles: 5,
  maxFileBytes: 10 * 1024 * 1024,
  avatarMaxBytes: 2 * 1024 * 1024,
} as const;

export const PASSWORD_MIN_LENGTH = 8;

export const DEFAULT_MAP_CENTER = { lat: 14.6384007, lng: 121.0550602 } as const;

/** Login throttle: the 11th failed try inside 15 minutes is refused. */
export const LOGIN_THROTTLE = { maxFailures: 10, windowSeconds: 15 * 60 } as const;

export interface Pagination {
  currentPage: number;
  itemsOnPage: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
}

export function buildPagination(totalItems: number, itemsOnPage: number, limit: number, skip: number): Pagination {
  return {
    currentPage: limit > 0 ? Math.floor(skip / limit) + 1 : 1,
    itemsOnPage,
    totalPages: limit > 0 ? Math.ceil(totalItems / limit) : 0,
    totalItems,
    itemsPerPage: limit,
  };
}
export * from './events';
export * from './search-query';
export * from './billing';
export * from './trust';
export * from './market';
export * from './market-formulas';
export * from './aria';
export * from './property-finance';
