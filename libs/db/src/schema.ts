import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export interface SubscriptionValue {
  plan: 'free' | 'basic' | 'premium' | 'enterprise';
  status: 'active' | 'suspended' | 'expired';
  billingPeriod: 'free' | 'monthly' | 'annually' | 'lifetime';
  startedAt?: string;
  expiresAt?: string | null;
}

/** users.kyc: the member's latest identity verification, as the User's `kyc` field shows it. */
export interface KycSummaryValue {
  submissionId: string;
  status: 'draft' | 'submitted' | 'in_review' | 'approved' | 'rejected' | 'resubmission_requested' | 'expired' | 'withdrawn';
  idType: string;
  approvedAt: string | null;
  expiresAt: string | null;
  updatedAt: string;
}

/** users.licence: the member's current PRC licence or accreditation, shown as a badge while approved and valid. */
export interface LicenceSummaryValue {
  licenceId: string;
  kind: 'broker' | 'salesperson' | 'appraiser' | 'consultant';
  status: 'pending_broker' | 'submitted' | 'approved' | 'rejected' | 'expired' | 'revoked' | 'withdrawn';
  number: string;
  validUntil: string;
  supervisingBrokerId: string | null;
  supervisingBrokerName: string | null;
}

export interface UserPreferences {
  receiveMonthlyUpdates: boolean;
  seeProfileViewers: boolean;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    username: text('username'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    avatar: text('avatar'),
    role: text('role', { enum: ['user', 'viewer', 'admin', 'super_admin'] }).notNull().default('user'),
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
    type: text('type', {
      enum: ['customer', 'broker', 'real_estate_salesperson', 'property_owner', 'real_estate_appraiser', 'real_estate_consultant'],
    })
      .notNull()
      .default('customer'),
    /** How the account was created; the provider identities it can log in with are `user_identities`. */
    provider: text('provider', { enum: ['local', 'google', 'facebook'] }).notNull().default('local'),
    creditsRemaining: integer('credits_remaining').notNull().default(0),
    subscription: jsonb('subscription')
      .$type<SubscriptionValue>()
      .notNull()
      .default({ plan: 'free', status: 'active', billingPeriod: 'free' }),
    isVerified: boolean('is_verified').notNull().default(false),
    /** The member's identity verification, summarised (the User's `kyc`); kept by the kyc module through UsersService. */
    kyc: jsonb('kyc').$type<KycSummaryValue>(),
    /** The member's approved PRC licence (the badge on profiles and listings); kept by the licences module through UsersService. */
    licence: jsonb('licence').$type<LicenceSummaryValue>(),
    isVisible: boolean('is_visible').notNull().default(true),
    preferences: jsonb('preferences')
      .$type<UserPreferences>()
      .notNull()
      .default({ receiveMonthlyUpdates: false, seeProfileViewers: false }),
    dateSignedUp: timestamp('date_signed_up', { withTimezone: true }).notNull().defaultNow(),
    lastActive: timestamp('last_active', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** A login session; a JWT carries its id, and logout revokes it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use tokens (password reset, e-mail verification); only a SHA-256 hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset_password', 'verify_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_key').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * A social provider identity a member logs in with (at most one per provider and member; an identity
 * belongs to one member). `email` is the address the provider gave, `emailVerified` whether the
 * provider asserted it was verified.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    providerId: text('provider_id').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_key').on(t.provider, t.providerId),
    uniqueIndex('user_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/** Key-value facts about this installation (for example, that demo data was seeded). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type UserIdentityRow = typeof userIdentities.$inferSelect;

/* ---------------------------------------------------------------------------------------------
 * Philippine places (PSGC) and points of interest
 * ------------------------------------------------------------------------------------------- */

export const PLACE_LEVELS = ['region', 'province', 'city', 'municipality', 'submunicipality', 'barangay'] as const;

/** Every region, province, city/municipality and barangay, keyed by its 10-digit PSGC code. */
export const places = pgTable(
  'places',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    level: text('level', { enum: PLACE_LEVELS }).notNull(),
    regionCode: text('region_code'),
    /** Null for Metro Manila cities and other places directly under a region. */
    provinceCode: text('province_code'),
    /** For barangays: the city or municipality (or sub-municipality) they belong to. */
    cityCode: text('city_code'),
    population: integer('population'),
    incomeClass: text('income_class'),
    urbanRural: text('urban_rural'),
    cityClass: text('city_class'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    areaKm2: doublePrecision('area_km2'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('places_level_region_idx').on(t.level, t.regionCode),
    index('places_province_idx').on(t.provinceCode),
    index('places_city_idx').on(t.cityCode),
  ],
);

/** Points of interest for "areas nearby", imported from OpenStreetMap. */
export const pointsOfInterest = pgTable(
  'points_of_interest',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    osmType: text('osm_type', { enum: ['node', 'way', 'relation'] }).notNull(),
    osmId: bigint('osm_id', { mode: 'number' }).notNull(),
    category: text('category').notNull(),
    name: text('name'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    tags: jsonb('tags').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('poi_osm_key').on(t.osmType, t.osmId, t.category),
    index('poi_category_idx').on(t.category),
    index('poi_point_idx').using('gist', sql`point(${t.lng}, ${t.lat})`),
  ],
);

/* ---------------------------------------------------------------------------------------------
 * Listings
 * ------------------------------------------------------------------------------------------- */

export interface ListingImage {
  _id: string;
  /** Full-size web copy. */
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  createdAt: string;
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A full transaction id (pg_current_xact_id()), as text: it outgrows a JavaScript number. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/** The text a listing search matches, lower-cased: name, code, address and the start of the description. */
const LISTING_SEARCH_TEXT = sql`lower(name || ' ' || code || ' ' || coalesce(street, '') || ' ' || barangay_name || ' ' || city_name || ' ' || coalesce(province_name, '') || ' ' || left(description, 300))`;

/**
 * A listing's cell in a grid of 0.005° (about 550 m): rows of latitude times 72,000 plus columns of
 * longitude. A public map box search reads the newest listings of each cell the box touches from the
 * index on `(cell, created_at desc, id desc)` instead of sorting every listing in the box, and counts
 * whole cells without looking at coordinates. Queries must use this exact expression (`gridCellOf`)
 * for PostgreSQL to match the index.
 */
export const GRID_CELLS_PER_DEGREE = 200;
export const GRID_COLUMNS = 360 * GRID_CELLS_PER_DEGREE;
export const gridCellOf = (lat: unknown, lng: unknown) =>
  sql`(floor((${lat} + 90) * 200)::int8 * 72000 + floor((${lng} + 180) * 200)::int8)`;

export const listingCodeSeq = pgSequence('listing_code_seq', { startWith: 1000 });

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    descriptionHtml: text('description_html').notNull().default(''),
    status: text('status', { enum: ['draft', 'active', 'sold', 'rented', 'archived'] }).notNull().default('active'),
    type: text('type', { enum: ['residential', 'commercial', 'industrial', 'agricultural', 'land', 'other'] }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Buy or rent (LISTING_OFFERS); the "for sale" / "for rent" tag follows it. */
    offer: text('offer', { enum: ['sale', 'rent'] }).notNull().default('sale'),
    /** The property kind inside `type` (LISTING_KINDS, KIND_TYPE); null when not given. */
    kind: text('kind', {
      enum: ['condominium', 'house_and_lot', 'townhouse', 'apartment', 'lot', 'office', 'commercial_space', 'warehouse', 'farm'],
    }),
    currency: text('currency').notNull().default('PHP'),
    /** Asking price (sale) or monthly rent, in `currency`. */
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** Square metres. */
    lotSize: numeric('lot_size', { precision: 12, scale: 2, mode: 'number' }),
    floorSize: numeric('floor_size', { precision: 12, scale: 2, mode: 'number' }),
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    parkingSlots: integer('parking_slots'),
    furnishing: text('furnishing', { enum: ['furnished', 'semi_furnished', 'unfurnished'] }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    addressType: text('address_type'),
    street: text('street'),
    regionCode: text('region_code').notNull(),
    provinceCode: text('province_code'),
    cityCode: text('city_code').notNull(),
    barangayCode: text('barangay_code').notNull(),
    /** Denormalised place names, so a listing reads without joins. */
    regionName: text('region_name').notNull(),
    provinceName: text('province_name'),
    cityName: text('city_name').notNull(),
    barangayName: text('barangay_name').notNull(),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    images: jsonb('images').$type<ListingImage[]>().notNull().default([]),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The team (enterprise) the listing belongs to, when its owner posted it as a member of one. */
    enterpriseId: uuid('enterprise_id').references((): AnyPgColumn => enterprises.id, { onDelete: 'set null' }),
    views: integer('views').notNull().default(0),
    savedCount: integer('saved_count').notNull().default(0),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    verified: boolean('verified').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    /**
     * Hidden because its owner's account was suspended (is_visible was set false with it): reinstating
     * the owner shows it again; anyone setting its visibility meanwhile clears this (their choice stands).
     */
    hiddenForSuspension: boolean('hidden_for_suspension').notNull().default(false),
    /**
     * Lower-cased text of the search: name, code, address and the start of the description (its words
     * feed listing_words, migration 0015).
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(LISTING_SEARCH_TEXT),
    /**
     * The same words for full-text search (exact, no recheck; trigrams catch the typos), plus filter
     * tokens for the city (c<code>), barangay (b<code>), type (t<type>), offer (o<offer>) and kind
     * (k<kind without underscores>), so a text search inside a city intersects posting lists in one GIN
     * scan instead of ANDing large bitmaps.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple', ${LISTING_SEARCH_TEXT} || ' c' || city_code || ' b' || barangay_code || ' t' || type || ' o' || offer || coalesce(' k' || replace(kind, '_', ''), ''))`,
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('listings_code_key').on(t.code),
    // newest-first pages walk these in order and stop at the page size (id breaks ties)
    // (DESC means NULLS FIRST in ORDER BY; the index must say so too to serve it)
    index('listings_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('listings_owner_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('listings_enterprise_idx').on(t.enterpriseId).where(sql`${t.enterpriseId} is not null`),
    // every user reference is indexed: deleting a member must not scan the whole table per reference
    index('listings_uploaded_by_idx').on(t.uploadedById),
    index('listings_city_idx').on(t.cityCode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('listings_barangay_idx').on(t.barangayCode),
    index('listings_type_price_idx').on(t.type, t.price),
    // buy / rent totals, and with the kind and bedrooms (no city, no text), count from this small index
    // alone (low-cardinality keys deduplicate: ~1.4 MB per 200,000 listings) instead of the table
    index('listings_offer_kind_idx')
      .on(t.offer, t.kind, t.bedrooms)
      .where(sql`${t.isVisible} and ${t.status} <> 'draft'`),
    index('listings_price_idx').on(t.price),
    index('listings_tags_idx').using('gin', t.tags),
    // migration 0005 adds INCLUDE (lng, lat, created_at, id, is_visible, status): map searches are index-only
    index('listings_point_idx').using('gist', sql`point(${t.lng}, ${t.lat})`),
    // what the public may see, by grid cell, newest first; migration 0008 adds INCLUDE (lat, lng) so a
    // box page and its total are index-only
    index('listings_grid_cell_idx')
      .on(gridCellOf(t.lat, t.lng), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isVisible} and ${t.status} <> 'draft'`),
    index('listings_search_vector_idx').using('gin', t.searchVector),
  ],
);

/**
 * How many listings the public sees in each grid cell (see `gridCellOf`), kept by triggers on
 * `listings` (migration 0009) in the same transaction as the listing's own change, so a statement
 * reads both from one snapshot. A map box's total adds the cells wholly inside the box from here
 * instead of counting their listings one by one; cells whose listings are all gone keep a 0.
 */
export const listingGridCells = pgTable('listing_grid_cells', {
  cell: bigint('cell', { mode: 'number' }).primaryKey(),
  listings: integer('listings').notNull(),
  /**
   * Never older than the cell's newest public listing (raised by every listing that arrives; left as
   * it is when one leaves), so a box page can skip cells whose newest cannot reach the page.
   */
  newest: timestamp('newest', { withTimezone: true }).notNull(),
});

/**
 * The words of the listings the public sees, with how many listings have each (kept by triggers on
 * `listings`, migration 0015). A misspelt search word is looked up here by trigram similarity (a small
 * table: ~1 ms) and the search runs with the words it resembles, on the full-text index; matching
 * trigrams against every listing's text read most of the table at 1,000,000 listings.
 */
export const listingWords = pgTable('listing_words', {
  word: text('word').primaryKey(),
  listings: integer('listings').notNull(),
});
/**
 * Which listings changed, in which transaction (a trigger on `listings` writes a row for every insert,
 * delete and update of a column search reads, migration 0018). Each API process keeps the public
 * listings in memory for search (ListingSearchIndexService) and re-reads the listings named here by
 * transactions not yet finished when it last looked (`xid` at or above the snapshot's xmin), so a
 * search sees every change committed before it started, whichever process wrote it. Rows older than
 * an hour are deleted.
 */
export const listingSearchChanges = pgTable(
  'listing_search_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    listingId: uuid('listing_id').notNull(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_search_changes_xid_idx').on(t.xid), index('listing_search_changes_changed_at_idx').on(t.changedAt)],
);

/** The coarsest level of `listing_grid_blocks`: blocks of 2^8 × 0.005° = 1.28° on a side. */
export const GRID_BLOCK_LEVELS = 8;

/**
 * `listing_grid_cells` summed into coarser blocks, for every level 1..GRID_BLOCK_LEVELS: a block of
 * level L holds 2^L × 2^L grid cells, numbered like a cell at that level (`(row >> L) * 72000 +
 * (column >> L)`). Kept by triggers on listing_grid_cells (migration 0016), so in step with it in
 * every transaction. A map box's total and its clusters add up a few blocks per level (a quadtree
 * walk from the coarsest level that fits the box down to its edges) instead of every cell inside.
 */
export const listingGridBlocks = pgTable(
  'listing_grid_blocks',
  {
    level: smallint('level').notNull(),
    block: bigint('block', { mode: 'number' }).notNull(),
    listings: integer('listings').notNull(),
    newest: timestamp('newest', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.block] }),
    // the same blocks column by column: a box's west and east margins are one range here, not one per row
    index('listing_grid_blocks_columns_idx').on(t.level, sql`((${t.block} % 72000) * 72000 + ${t.block} / 72000)`),
  ],
);

/** Proof-of-ownership files: private, only the owner and admins can fetch them. */
export const listingDocuments = pgTable(
  'listing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_documents_listing_idx').on(t.listingId), index('listing_documents_uploaded_by_idx').on(t.uploadedById)],
);

export const listingReviews = pgTable(
  'listing_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('listing_reviews_one_per_user').on(t.listingId, t.userId),
    index('listing_reviews_user_idx').on(t.userId),
    index('listing_reviews_listing_idx').on(t.listingId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('listing_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Behaviour on a listing (view, share, inquiry...); a view counts once per viewer per day. */
export const listingEvents = pgTable(
  'listing_events',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    viewerKey: text('viewer_key').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.kind, t.viewerKey, t.day] })],
);

/** A member's saved listings, saved searches and pinned items. */
export const savedItems = pgTable(
  'saved_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['listing', 'search', 'pinned'] }).notNull(),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    name: text('name'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A saved search's alerts (SAVED_SEARCH_ALERTS): off, instant (batched) or a daily digest. */
    alert: text('alert', { enum: ['off', 'instant', 'daily'] }).notNull().default('off'),
    /** When alerts were turned on: listings that became public before this are not new to the search. */
    alertSince: timestamp('alert_since', { withTimezone: true }),
    /**
     * The search's filters as alerts match them (parsed from data.query once, with its words as
     * PostgreSQL parses them): `SavedSearchAlertFilters` of the saved module. Null while alerts are off.
     */
    alertFilters: jsonb('alert_filters').$type<Record<string, unknown>>(),
    /** When the member was last told of new matches of this search (an instant alert or a digest). */
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
  },
  (t) => [
    index('saved_items_user_idx').on(t.userId, t.type, t.createdAt.desc().nullsFirst()),
    uniqueIndex('saved_items_listing_key').on(t.userId, t.type, t.listingId),
    index('saved_items_listing_idx').on(t.listingId),
  ],
);

/**
 * The index of the saved searches with alerts on: one row per search and key (its most selective facets,
 * see the saved module's alertKeysOf). A new listing looks up the few keys it could share with a search
 * that matches it (`key = any(…)`), and reads the candidates from the index alone: migration 0020 makes
 * the (key, saved_item_id) index cover user_id, alert and alert_since. Kept by the saved module with the
 * search's alert columns, in the same transaction.
 */
export const savedSearchAlertKeys = pgTable(
  'saved_search_alert_keys',
  {
    key: text('key').notNull(),
    savedItemId: uuid('saved_item_id')
      .notNull()
      .references(() => savedItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alert: text('alert', { enum: ['instant', 'daily'] }).notNull(),
    alertSince: timestamp('alert_since', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('saved_search_alert_keys_key').on(t.key, t.savedItemId),
    index('saved_search_alert_keys_search_idx').on(t.savedItemId),
    index('saved_search_alert_keys_user_idx').on(t.userId),
  ],
);

/**
 * The listings a saved search with alerts matched: one row per search and listing, so a member is never
 * told twice of one listing for one search. `notified_at` is null until the instant alert or the daily
 * digest that tells of it commits (in the same transaction as its notification).
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedItemId: uuid('saved_item_id')
      .notNull()
      .references(() => savedItems.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /**
     * The search's member (kept here so a member's pending matches are one index lookup for the digest).
     * No foreign key of its own: the row goes with its saved search (which goes with its member), and a
     * key on users would make each member's deletion look the column up outside the pending index.
     */
    userId: uuid('user_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedItemId, t.listingId] }),
    index('saved_search_matches_pending_user_idx').on(t.userId).where(sql`${t.notifiedAt} is null`),
    index('saved_search_matches_pending_time_idx').on(t.matchedAt).where(sql`${t.notifiedAt} is null`),
    index('saved_search_matches_listing_idx').on(t.listingId),
  ],
);

/* ---------------------------------------------------------------------------------------------
 * Messaging: threads between two members (optionally about a listing), their messages, and the
 * in-app notifications a new message leaves for its recipient
 * ------------------------------------------------------------------------------------------- */

/** A file sent with a message; stored privately, served only to the thread's participants. */
export interface MessageAttachmentValue {
  _id: string;
  type: 'image' | 'video' | 'pdf';
  filename: string;
  size: number;
  contentType: string;
  storageKey: string;
}

export const threads = pgTable(
  'threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The two members, lower id first, so a pair has one thread per listing whoever starts it. */
    userLowId: uuid('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    /**
     * The listing the thread was opened about ('' for none), kept when the listing is deleted so the
     * pair's threads stay unique (listing_id becomes null then, the conversation stays).
     */
    listingKey: text('listing_key').notNull().default(''),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageId: uuid('last_message_id'),
    /** Newest activity (creation or last message): the thread list is ordered by it. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('threads_pair_listing_key').on(t.userLowId, t.userHighId, t.listingKey),
    index('threads_listing_idx').on(t.listingId),
    index('threads_user_high_idx').on(t.userHighId),
    index('threads_created_by_idx').on(t.createdById),
    check('threads_distinct_members', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

/** A member's side of a thread: hidden (deleted for them), archived. */
export const threadParticipants = pgTable(
  'thread_participants',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set by DELETE /threads/{id}; cleared when a new message arrives or the member opens it again. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('thread_participants_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text, stored and returned as sent (the web escapes it). */
    content: text('content').notNull().default(''),
    attachments: jsonb('attachments').$type<MessageAttachmentValue[]>().notNull().default([]),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // newest page first: walk the thread's messages in this order
    index('messages_thread_created_idx').on(t.threadId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('messages_sender_idx').on(t.senderId),
    // the admin dashboard's messages per day
    index('messages_created_idx').on(t.createdAt),
    // unread counts only ever look at the unread rows
    index('messages_unread_idx').on(t.threadId, t.senderId).where(sql`not ${t.isRead}`),
    // an attachment link finds its message by the attachment id; only messages with files are indexed
    index('messages_attachments_idx')
      .using('gin', sql`${t.attachments} jsonb_path_ops`)
      .where(sql`${t.attachments} <> '[]'::jsonb`),
  ],
);

/** In-app notifications (a new message, later others); the notifications screen reads them. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The event it came from: one notification per event and member, whatever the retries. */
    eventId: uuid('event_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_event_user_key').on(t.eventId, t.userId),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/* ---------------------------------------------------------------------------------------------
 * Currency rates: pesos per unit of each foreign currency, as staff enter them (no live rates)
 * ------------------------------------------------------------------------------------------- */

/**
 * One rate per currency and date: the rows are the history, and a currency's current rate is its row
 * with the latest `as_of`. The currencies are FOREIGN_CURRENCIES of @app/domain (PHP is the base, 1).
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Pesos for one unit of `currency`. */
    phpPerUnit: numeric('php_per_unit', { precision: 16, scale: 6, mode: 'number' }).notNull(),
    /** The date the rate is of (YYYY-MM-DD). */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** Where the rate came from, in the staff member's words. */
    source: text('source').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // one rate per currency and day; also read backwards for a currency's newest rate and its history
    uniqueIndex('currency_rates_currency_as_of_key').on(t.currency, t.asOf),
    index('currency_rates_updated_by_idx').on(t.updatedBy),
    check('currency_rates_currency_check', sql`${t.currency} in ('USD', 'EUR', 'GBP', 'INR', 'CNY', 'JPY', 'KRW', 'BRL')`),
    check('currency_rates_php_per_unit_positive', sql`${t.phpPerUnit} > 0`),
  ],
);

/* ---------------------------------------------------------------------------------------------
 * Domain events: the transactional outbox, and the event ids each subscriber has handled
 * ------------------------------------------------------------------------------------------- */

/**
 * An event written in the same transaction as the change it records (see DomainEvent in @app/domain).
 * The relay moves rows that are not yet relayed to the BullMQ `events` queue (the event id is the job
 * id) and marks them; relayed rows are pruned after a few days.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    /** Write order: the relay takes the oldest first. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    actorId: uuid('actor_id'),
    entityKind: text('entity_kind'),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    context: jsonb('context').$type<Record<string, string>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    relayedAt: timestamp('relayed_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_pending_idx').on(t.seq).where(sql`${t.relayedAt} is null`),
    index('outbox_relayed_at_idx').on(t.relayedAt).where(sql`${t.relayedAt} is not null`),
  ],
);

/** One row per (subscriber, event) handled, written in the transaction of the handler's own writes. */
export const eventHandled = pgTable(
  'event_handled',
  {
    handler: text('handler').notNull(),
    eventId: uuid('event_id').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.handler, t.eventId] }), index('event_handled_handled_at_idx').on(t.handledAt)],
);

/* ---------------------------------------------------------------------------------------------
 * Audit log: who did what, written from events, never edited (super admins may remove an entry,
 * which is itself audited)
 * ------------------------------------------------------------------------------------------- */

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull(),
    /** No foreign key: the log outlives the accounts it names; the actor's name is kept as it was. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    type: text('type').notNull(),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    entityKind: text('entity_kind'),
    entityId: text('entity_id'),
    description: text('description').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The words of the audit search: the description and the actor's name and e-mail, as the simple
     * dictionary splits them (no stemming: names, codes and e-mail addresses are searched as written).
     * Stored, so a recheck or a walk of the newest entries reads it instead of parsing the text again
     * (parsing per row made a search over 5,000,000 entries take seconds).
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', description || ' ' || coalesce(actor_name, '') || ' ' || coalesce(actor_email, ''))`),
  },
  (t) => [
    uniqueIndex('audit_log_event_key').on(t.eventId),
    index('audit_log_search_idx').using('gin', t.searchVector),
    index('audit_log_occurred_idx').on(t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_type_idx').on(t.type, t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_severity_idx').on(t.severity, t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_entity_idx').on(t.entityKind, t.entityId, t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('audit_log_severity_check', sql`${t.severity} in ('low', 'medium', 'high', 'critical')`),
  ],
);

/**
 * How many audit entries each UTC day has per type and severity, kept by the audit repository in the
 * same statement as each insert and removal: the audit facets of a query by type, severity and time
 * read these instead of counting millions of entries.
 */
export const auditDailyCounts = pgTable(
  'audit_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    severity: text('severity').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type, t.severity] })],
);

/* ---------------------------------------------------------------------------------------------
 * Activity: what a member did and what happened to their things, in their words
 * ------------------------------------------------------------------------------------------- */

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose history this is. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The event it came from (null: recorded by the web app, such as a share). */
    eventId: uuid('event_id'),
    kind: text('kind').notNull(),
    /** Who did it: the member themself, or someone who did something to their listing. */
    actorId: uuid('actor_id'),
    entityKind: text('entity_kind'),
    entityId: text('entity_id'),
    title: text('title').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_user_idx').on(t.userId, t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('activities_event_user_key').on(t.eventId, t.userId),
    index('activities_occurred_idx').on(t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A member's e-mail choice per notification kind (in-app is always on); no row: the kind's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/* ---------------------------------------------------------------------------------------------
 * Billing (issue 13): subscriptions, the AI credits ledger, payments
 * ------------------------------------------------------------------------------------------- */

/**
 * A member's plan over a period: the current one (active or suspended, at most one per member), the
 * next one when a downgrade or renewal waits for the period's end (scheduled), and the history
 * (expired). `users.subscription` caches the current one for the session's User.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['free', 'basic', 'premium', 'enterprise'] }).notNull(),
    billingPeriod: text('billing_period', { enum: ['free', 'monthly', 'annually', 'lifetime'] }).notNull(),
    status: text('status', { enum: ['active', 'suspended', 'expired', 'scheduled'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** End of the paid period; null for free and lifetime. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended or was suspended: period_end, upgraded, replaced, staff, chargeback, cancelled. */
    endReason: text('end_reason'),
    /** Back to Free at the end of the period (a downgrade to Free). */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    source: text('source', { enum: ['payment', 'staff'] }).notNull(),
    paymentId: uuid('payment_id'),
    /** What was paid for this period (centavos), for proration. */
    paidCentavos: integer('paid_centavos').notNull().default(0),
    /** How many monthly credit allowances of this period were granted. */
    allowancesGranted: integer('allowances_granted').notNull().default(0),
    note: text('note'),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_current_key').on(t.userId).where(sql`${t.status} in ('active', 'suspended')`),
    uniqueIndex('subscriptions_payment_key').on(t.paymentId),
    index('subscriptions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('subscriptions_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
    index('subscriptions_scheduled_idx').on(t.userId, t.startedAt).where(sql`${t.status} = 'scheduled'`),
    index('subscriptions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('subscriptions_paid_not_negative', sql`${t.paidCentavos} >= 0`),
  ],
);

/**
 * The AI credits ledger: every grant, spend and refund is a row; a member's balance is the sum of
 * their rows, cached in `users.credits_remaining` by the same transaction. `idempotency_key` makes a
 * grant for a payment, an allowance month or a retried request happen once.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['allowance', 'purchase', 'adjustment', 'reserve', 'commit', 'refund', 'transfer'] }).notNull(),
    amount: integer('amount').notNull(),
    /** The balance after this row: the member's, or the pool's when `pool_id` is set. */
    balanceAfter: integer('balance_after').notNull(),
    /** Set when the row moves an enterprise's credit pool (user_id is then the member who spent, or who added). */
    poolId: uuid('pool_id').references((): AnyPgColumn => creditPools.enterpriseId, { onDelete: 'cascade' }),
    reservationId: uuid('reservation_id'),
    paymentId: uuid('payment_id'),
    subscriptionId: uuid('subscription_id'),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('credit_ledger_pool_idx').on(t.poolId, t.id.desc().nullsFirst()).where(sql`${t.poolId} is not null`),
    index('credit_ledger_pool_member_idx').on(t.poolId, t.userId, t.createdAt).where(sql`${t.poolId} is not null`),
    uniqueIndex('credit_ledger_idempotency_key').on(t.idempotencyKey),
    check('credit_ledger_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Credits held for a piece of AI work until it commits (spent) or refunds (failed: costs nothing). */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    purpose: text('purpose').notNull(),
    /** Held from an enterprise's credit pool (the member is user_id) instead of the member's own balance. */
    poolId: uuid('pool_id').references((): AnyPgColumn => creditPools.enterpriseId, { onDelete: 'cascade' }),
    status: text('status', { enum: ['reserved', 'committed', 'refunded'] }).notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_reservations_user_idx').on(t.userId, t.status),
    index('credit_reservations_open_idx').on(t.expiresAt).where(sql`${t.status} = 'reserved'`),
    index('credit_reservations_pool_idx').on(t.poolId).where(sql`${t.poolId} is not null`),
    check('credit_reservations_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Official receipt numbers, given to a payment when it is paid (never reused). */
export const paymentReceiptSeq = pgSequence('payment_receipt_seq', { startWith: 1 });

/**
 * A payment for a purpose (a plan, a credit pack) through a provider; its status moves once per
 * transition (PAYMENT_TRANSITIONS), and the move to paid fulfils the purpose in the same transaction.
 * Kept when the member's account is removed (financial record): the payer's name and e-mail are copied.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    payerName: text('payer_name').notNull(),
    payerEmail: text('payer_email').notNull(),
    purpose: text('purpose', { enum: ['subscription', 'credit_pack'] }).notNull(),
    plan: text('plan', { enum: ['free', 'basic', 'premium', 'enterprise'] }),
    billingPeriod: text('billing_period', { enum: ['free', 'monthly', 'annually', 'lifetime'] }),
    creditPack: text('credit_pack'),
    credits: integer('credits').notNull().default(0),
    description: text('description').notNull(),
    method: text('method', { enum: ['maya_qr', 'maya_wallet', 'gcash', 'card'] }).notNull(),
    provider: text('provider', { enum: ['sandbox', 'paymongo', 'maya'] }).notNull(),
    providerCheckoutId: text('provider_checkout_id'),
    providerPaymentId: text('provider_payment_id'),
    amountCentavos: integer('amount_centavos').notNull(),
    /** Taken off the plan's price for the unused part of the current period (proration). */
    prorationCentavos: integer('proration_centavos').notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull().default('PHP'),
    status: text('status', {
      enum: ['pending', 'awaiting_action', 'paid', 'failed', 'expired', 'cancelled', 'refunded'],
    })
      .notNull()
      .default('pending'),
    checkoutUrl: text('checkout_url'),
    qrPayload: text('qr_payload'),
    failureReason: text('failure_reason'),
    /** The client's key: the same key from the same member answers the same payment. */
    idempotencyKey: text('idempotency_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    receiptNumber: text('receipt_number'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    uniqueIndex('payments_receipt_number_key').on(t.receiptNumber),
    uniqueIndex('payments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('payments_provider_checkout_key').on(t.provider, t.providerCheckoutId),
    index('payments_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payments_open_idx').on(t.expiresAt).where(sql`${t.status} in ('pending', 'awaiting_action')`),
    // the admin dashboard's payments per day
    index('payments_paid_at_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    check('payments_amount_positive', sql`${t.amountCentavos} > 0`),
  ],
);

/** Webhook deliveries seen, by the provider's event id: a repeated delivery is answered at once. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('payment_webhook_events_received_idx').on(t.receivedAt)],
);

/**
 * A table export (users, listings, audit log to CSV or PDF), run by the `exports` queue's worker.
 * The file is written to private storage under a temporary key and only named here (`file_key`)
 * once it is whole, so a worker killed mid-export never offers a partial file; it expires after a day.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource', { enum: ['users', 'listings', 'audit'] }).notNull(),
    format: text('format', { enum: ['csv', 'pdf'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'ready', 'failed', 'expired'] }).notNull().default('queued'),
    /** The request as validated: filters, sort, columns, layout, limit. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** Rows the filters select (an estimate until the export ends) and rows written so far. */
    totalRows: integer('total_rows'),
    rowsWritten: integer('rows_written').notNull().default(0),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('export_jobs_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('export_jobs_expires_idx').on(t.expiresAt).where(sql`${t.fileKey} is not null`),
  ],
);

/**
 * A JSON import of listings (`/listing/import/json`), run by the `imports` queue's worker: the
 * uploaded file in private storage, progress, and the report (created, updated, unchanged,
 * rejected rows with their reasons).
 */
export const listingImports = pgTable(
  'listing_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    totalRows: integer('total_rows'),
    rowsDone: integer('rows_done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** Rejected rows: index in the file, the listing's code when it had one, and the reason. At most 1,000 kept. */
    rejections: jsonb('rejections').$type<Array<{ row: number; code: string | null; reason: string }>>().notNull().default([]),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_imports_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/** A member's report of a listing (a scam, wrong details, already sold...), for the admins' review. */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: ['scam', 'wrong_details', 'unavailable', 'duplicate', 'offensive', 'other'] }).notNull(),
    note: text('note').notNull().default(''),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_reports_listing_idx').on(t.listingId, t.createdAt.desc().nullsFirst()),
    index('listing_reports_open_idx').on(t.listingId).where(sql`${t.resolvedAt} is null`),
    index('listing_reports_reporter_idx').on(t.reporterId),
    index('listing_reports_resolved_by_idx').on(t.resolvedById),
    // one open report per member and listing
    uniqueIndex('listing_reports_open_reporter_key').on(t.listingId, t.reporterId).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * Identity verification (KYC): a member's submission of a government ID. The ID number is stored
 * encrypted (envelope, like the files); `id_number_last4` is what screens show. At most one open
 * submission per member (draft, submitted, in review, resubmission requested).
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['draft', 'submitted', 'in_review', 'approved', 'rejected', 'resubmission_requested', 'expired', 'withdrawn'],
    })
      .notNull()
      .default('draft'),
    idType: text('id_type').notNull(),
    /** Envelope-encrypted ID number (base64 of key id, wrapped data key, IV, tag and ciphertext). */
    idNumberEncrypted: text('id_number_encrypted').notNull(),
    idNumberLast4: text('id_number_last4').notNull(),
    fullName: text('full_name').notNull(),
    birthDate: date('birth_date').notNull(),
    /** The ID's own expiry date, when it has one (PhilSys has none). */
    idExpiresOn: date('id_expires_on'),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The last reviewer decision's reason codes and note: what the member is asked to fix. */
    reasonCodes: text('reason_codes').array().notNull().default(sql`'{}'::text[]`),
    reviewNote: text('review_note'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** When an approval stops counting (the configured period, or the ID's expiry if sooner). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    filesPurgedAt: timestamp('files_purged_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('kyc_submissions_open_key')
      .on(t.userId)
      .where(sql`${t.status} in ('draft', 'submitted', 'in_review', 'resubmission_requested')`),
    index('kyc_submissions_queue_idx').on(t.submittedAt, t.id).where(sql`${t.status} in ('submitted', 'in_review')`),
    index('kyc_submissions_assigned_idx').on(t.assignedToId),
    index('kyc_submissions_reviewed_by_idx').on(t.reviewedById),
    index('kyc_submissions_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'approved'`),
    index('kyc_submissions_retention_idx').on(t.updatedAt).where(sql`${t.filesPurgedAt} is null`),
  ],
);

/** A KYC image (front, back, selfie with the ID), encrypted with its own data key wrapped by the master key. */
export const kycFiles = pgTable(
  'kyc_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => kycSubmissions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['front', 'back', 'selfie'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    /** Bytes of the original (plaintext) image. */
    size: integer('size').notNull(),
    /** Which master key wrapped the data key (rotation). */
    keyId: text('key_id').notNull(),
    /** The file's data key, encrypted with the master key (base64: IV, tag, ciphertext). */
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_files_submission_kind_key').on(t.submissionId, t.kind)],
);

/** Every reviewer action on a submission (assign, approve, reject, ask to resubmit) with its reason codes and note. */
export const kycReviews = pgTable(
  'kyc_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => kycSubmissions.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['assigned', 'released', 'approved', 'rejected', 'resubmission_requested', 'expired'] }).notNull(),
    reasonCodes: text('reason_codes').array().notNull().default(sql`'{}'::text[]`),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_reviews_submission_idx').on(t.submissionId, t.id), index('kyc_reviews_reviewer_idx').on(t.reviewerId)],
);

/**
 * A PRC licence (broker, appraiser, consultant) or a salesperson's accreditation under a supervising
 * broker (RESA, RA 9646). A salesperson's waits for the broker's confirmation (`pending_broker`), then
 * staff review it against the PRC ID in KYC. One current licence per member; an approved number
 * belongs to one member.
 */
export const professionalLicences = pgTable(
  'professional_licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['broker', 'salesperson', 'appraiser', 'consultant'] }).notNull(),
    number: text('number').notNull(),
    validUntil: date('valid_until').notNull(),
    supervisingBrokerId: uuid('supervising_broker_id').references(() => users.id, { onDelete: 'set null' }),
    brokerConfirmedAt: timestamp('broker_confirmed_at', { withTimezone: true }),
    brokerDeclinedAt: timestamp('broker_declined_at', { withTimezone: true }),
    status: text('status', { enum: ['pending_broker', 'submitted', 'approved', 'rejected', 'expired', 'revoked', 'withdrawn'] }).notNull(),
    reasonCodes: text('reason_codes').array().notNull().default(sql`'{}'::text[]`),
    reviewNote: text('review_note'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('professional_licences_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('professional_licences_current_key')
      .on(t.userId)
      .where(sql`${t.status} in ('pending_broker', 'submitted', 'approved')`),
    uniqueIndex('professional_licences_number_key').on(t.kind, t.number).where(sql`${t.status} = 'approved'`),
    index('professional_licences_broker_idx').on(t.supervisingBrokerId),
    index('professional_licences_reviewed_by_idx').on(t.reviewedById),
    index('professional_licences_queue_idx').on(t.submittedAt).where(sql`${t.status} = 'submitted'`),
    index('professional_licences_expiry_idx').on(t.validUntil).where(sql`${t.status} = 'approved'`),
  ],
);

/** An enterprise account (a brokerage, a developer's sales team): an owner, admins and members within a seat limit. */
export const enterprises = pgTable(
  'enterprises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    seatLimit: integer('seat_limit').notNull(),
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('enterprises_owner_idx').on(t.ownerId),
    index('enterprises_created_by_idx').on(t.createdById),
    index('enterprises_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    check('enterprises_seat_limit_positive', sql`${t.seatLimit} > 0`),
  ],
);

/** A member of an enterprise (a sub-account): a member belongs to one enterprise at a time. */
export const enterpriseMembers = pgTable(
  'enterprise_members',
  {
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull().default('member'),
    status: text('status', { enum: ['active', 'paused'] }).notNull().default('active'),
    /** Credits the member may spend from the pool in a calendar month (Asia/Manila); null: no cap. */
    monthlyCreditCap: integer('monthly_credit_cap'),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.userId] }),
    uniqueIndex('enterprise_members_user_key').on(t.userId),
    index('enterprise_members_invited_by_idx').on(t.invitedById),
    check('enterprise_members_cap_not_negative', sql`${t.monthlyCreditCap} is null or ${t.monthlyCreditCap} >= 0`),
  ],
);

/** An invitation by e-mail: a single-use token (only its SHA-256 hash is stored) that expires. */
export const enterpriseInvites = pgTable(
  'enterprise_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull().default('member'),
    monthlyCreditCap: integer('monthly_credit_cap'),
    tokenHash: text('token_hash').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: uuid('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enterprise_invites_token_key').on(t.tokenHash),
    index('enterprise_invites_enterprise_idx').on(t.enterpriseId, t.createdAt.desc().nullsFirst()),
    index('enterprise_invites_invited_by_idx').on(t.invitedById),
    index('enterprise_invites_accepted_by_idx').on(t.acceptedById),
    // one open invitation per address and team
    uniqueIndex('enterprise_invites_open_key')
      .on(t.enterpriseId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/** An enterprise's shared AI credits; moved only through the credit ledger (rows with its pool_id). */
export const creditPools = pgTable(
  'credit_pools',
  {
    enterpriseId: uuid('enterprise_id')
      .primaryKey()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_pools_balance_not_negative', sql`${t.balance} >= 0`)],
);

/* ---------------------------------------------------------------------------------------------
 * Market reports (issue 16): module `market` (listing aggregates, developments, cost assumptions)
 * and module `market-data` (public statistics and zonal values loaded by importers)
 * ------------------------------------------------------------------------------------------- */

/**
 * A listing's market life, recorded from listing events (module `market`): where it is, what it asks,
 * when it was listed and when it left the market (sold, rented, archived or removed) and how. It
 * outlives the listing (no foreign key): a removed listing still counts in days on market.
 */
export const marketListings = pgTable(
  'market_listings',
  {
    listingId: uuid('listing_id').primaryKey(),
    regionCode: text('region_code').notNull(),
    provinceCode: text('province_code'),
    cityCode: text('city_code').notNull(),
    barangayCode: text('barangay_code').notNull(),
    type: text('type').notNull(),
    kind: text('kind'),
    offer: text('offer').notNull(),
    /** The asking price (sale) or monthly rent in pesos; listings in other currencies are not counted (null). */
    pricePhp: numeric('price_php', { precision: 14, scale: 2, mode: 'number' }),
    firstPricePhp: numeric('first_price_php', { precision: 14, scale: 2, mode: 'number' }),
    floorSize: numeric('floor_size', { precision: 12, scale: 2, mode: 'number' }),
    lotSize: numeric('lot_size', { precision: 12, scale: 2, mode: 'number' }),
    status: text('status').notNull(),
    /** Whether the public sees it now (isPublicListing). */
    isPublic: boolean('is_public').notNull(),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
    /** When it left the market; null while on it. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['sold', 'rented', 'archived', 'removed'] }),
    priceCuts: integer('price_cuts').notNull().default(0),
    saves: integer('saves').notNull().default(0),
    inquiries: integer('inquiries').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('market_listings_barangay_idx').on(t.barangayCode),
    index('market_listings_city_idx').on(t.cityCode),
    index('market_listings_province_idx').on(t.provinceCode),
    index('market_listings_region_idx').on(t.regionCode),
  ],
);

/** Every change of a listing's asking price, from its events (module `market`). */
export const marketPriceChanges = pgTable(
  'market_price_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: uuid('listing_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    oldPricePhp: numeric('old_price_php', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    newPricePhp: numeric('new_price_php', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** The event that recorded it: a redelivered event records nothing twice. */
    eventId: uuid('event_id'),
  },
  (t) => [
    index('market_price_changes_listing_idx').on(t.listingId, t.changedAt),
    uniqueIndex('market_price_changes_event_key').on(t.eventId),
  ],
);

/** Barangays whose figures must be computed again (module `market`); the refresh job takes them. */
export const marketDirtyAreas = pgTable('market_dirty_areas', {
  barangayCode: text('barangay_code').primaryKey(),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Precomputed listing figures per area (barangay, city, province, region, national 'PH'), offer and
 * kind ('all' or a kind), kept current by the refresh job (module `market`). `figures` holds the
 * numbers (medians, quartiles, counts, days on market, price cuts, demand, price bands) with their
 * sample sizes.
 */
export const marketAreaStats = pgTable(
  'market_area_stats',
  {
    areaCode: text('area_code').notNull(),
    level: text('level', { enum: ['barangay', 'city', 'province', 'region', 'national'] }).notNull(),
    offer: text('offer').notNull(),
    kind: text('kind').notNull(),
    activeCount: integer('active_count').notNull(),
    medianPrice: numeric('median_price', { precision: 14, scale: 2, mode: 'number' }),
    medianPricePerSqm: numeric('median_price_per_sqm', { precision: 14, scale: 2, mode: 'number' }),
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    /** The area's parents (null above their level): rankings within a city, province or region read them by index. */
    cityCode: text('city_code'),
    provinceCode: text('province_code'),
    regionCode: text('region_code'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.areaCode, t.offer, t.kind] }),
    index('market_area_stats_level_idx').on(t.level, t.offer, t.kind),
    index('market_area_stats_city_idx').on(t.level, t.offer, t.kind, t.cityCode),
    index('market_area_stats_province_idx').on(t.level, t.offer, t.kind, t.provinceCode),
    index('market_area_stats_region_idx').on(t.level, t.offer, t.kind, t.regionCode),
  ],
);

/** Monthly listing figures per area, offer and kind (module `market`): the history behind trends. */
export const marketAreaMonthly = pgTable(
  'market_area_monthly',
  {
    areaCode: text('area_code').notNull(),
    offer: text('offer').notNull(),
    kind: text('kind').notNull(),
    /** First day of the month (Asia/Manila). */
    month: date('month').notNull(),
    /** Listings listed that month. */
    newCount: integer('new_count').notNull(),
    /** Listings on the market at the month's end. */
    activeCount: integer('active_count').notNull(),
    /** Listings that left the market that month. */
    endedCount: integer('ended_count').notNull(),
    medianPrice: numeric('median_price', { precision: 14, scale: 2, mode: 'number' }),
    medianPricePerSqm: numeric('median_price_per_sqm', { precision: 14, scale: 2, mode: 'number' }),
    /** Listings behind the medians (listed that month with a price, and with a size for the m² figure). */
    priceSample: integer('price_sample').notNull(),
    sqmSample: integer('sqm_sample').notNull(),
    /** Median days on market of the listings that left the market that month (listed → ended; its sample: ended_count). */
    medianDaysOnMarket: numeric('median_days_on_market', { precision: 8, scale: 1, mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.areaCode, t.offer, t.kind, t.month] })],
);

/** A development project staff record (module `market`): shown on the map near its barangay. */
export const marketDevelopments = pgTable(
  'market_developments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    expectedCompletion: date('expected_completion'),
    barangayCode: text('barangay_code').notNull(),
    cityCode: text('city_code').notNull(),
    regionCode: text('region_code').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    description: text('description').notNull().default(''),
    /** Where staff learned of it (a developer's announcement, a government notice). */
    sourceNote: text('source_note').notNull().default(''),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('market_developments_barangay_idx').on(t.barangayCode),
    index('market_developments_city_idx').on(t.cityCode),
    index('market_developments_created_by_idx').on(t.createdById),
  ],
);

/** Staff's capital-expenditure and operating-cost assumptions per property kind (module `market`). */
export const marketCostAssumptions = pgTable('market_cost_assumptions', {
  kind: text('kind').primaryKey(),
  values: jsonb('values').$type<Record<string, number>>().notNull(),
  note: text('note').notNull().default(''),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('market_cost_assumptions_updated_by_idx').on(t.updatedById)]);

/** One import of a public statistics file (module `market-data`): what, from where, when, how many rows. */
export const statDatasets = pgTable('stat_datasets', {
  dataset: text('dataset').primaryKey(),
  title: text('title').notNull(),
  source: text('source').notNull(),
  fileName: text('file_name').notNull(),
  sha256: text('sha256').notNull(),
  rows: integer('rows').notNull(),
  periodFrom: text('period_from'),
  periodTo: text('period_to'),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Public statistics in one long table (module `market-data`): a value of an indicator for an area
 * and period, with its breakdown (a commodity group, an occupation, an industry, a crime) and
 * variant (the CPI's regional boundaries before / with the Negros Island Region).
 */
export const statValues = pgTable(
  'stat_values',
  {
    dataset: text('dataset').notNull(),
    /** The PSGC code of the region, province or city, or 'PH' for the country. */
    areaCode: text('area_code').notNull(),
    areaLevel: text('area_level', { enum: ['national', 'region', 'province', 'city'] }).notNull(),
    /** The area as the file names it. */
    areaName: text('area_name').notNull(),
    indicator: text('indicator').notNull(),
    breakdown: text('breakdown').notNull().default(''),
    period: text('period').notNull(),
    variant: text('variant').notNull().default(''),
    value: doublePrecision('value'),
    unit: text('unit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dataset, t.areaCode, t.indicator, t.breakdown, t.period, t.variant] }),
    index('stat_values_area_idx').on(t.areaCode, t.dataset),
  ],
);

/** BIR zonal values imported from an operator's workbooks (module `market-data`). */
export const zonalValues = pgTable(
  'zonal_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The file's identity (RDO and department order); a re-import replaces the rows of the same key. */
    sourceKey: text('source_key').notNull(),
    rdo: text('rdo').notNull().default(''),
    departmentOrder: text('department_order').notNull().default(''),
    effectiveDate: date('effective_date'),
    cityCode: text('city_code'),
    barangayCode: text('barangay_code'),
    barangayName: text('barangay_name').notNull(),
    street: text('street').notNull().default(''),
    vicinity: text('vicinity').notNull().default(''),
    classification: text('classification').notNull().default(''),
    valuePerSqm: numeric('value_per_sqm', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [index('zonal_values_barangay_idx').on(t.barangayCode), index('zonal_values_source_idx').on(t.sourceKey)],
);

/** Bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (typeof v === 'string' ? Buffer.from(v.startsWith('\\x') ? v.slice(2) : v, 'hex') : Buffer.from(v)),
});

/**
 * ARIA's history (module `aria`): one row per chat, feasibility run or comparison of a member (the
 * spec's /ai/history/*). Members rename and delete their own; staff read them for support (audited).
 */
export const ariaConversations = pgTable(
  'aria_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['chat', 'feasibility', 'compare'] }).notNull().default('chat'),
    title: text('title').notNull(),
    /** The provider that answered last ("builtin" or "openai-compatible:<model>"). */
    provider: text('provider').notNull().default('builtin'),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('aria_conversations_user_idx').on(t.userId, t.updatedAt.desc().nullsFirst()),
    index('aria_conversations_updated_idx').on(t.updatedAt.desc().nullsFirst()),
  ],
);

/** A member's question or ARIA's answer in a conversation, with the tools the answer called and what it cites. */
export const ariaMessages = pgTable(
  'aria_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => ariaConversations.id, { onDelete: 'cascade' }),
    /** The conversation's member (the daily message count of the Free plan reads it). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** The tool calls behind an answer: name, arguments and the compact result shown (cards, figures). */
    toolCalls: jsonb('tool_calls').$type<unknown[]>().notNull().default([]),
    /** The listings and report figures the answer used, as links. */
    citations: jsonb('citations').$type<unknown[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('aria_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('aria_messages_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A feasibility run or a comparison (`/ai/run/*`), run by the `aria-runs` queue's worker with AI
 * credits held by a reservation (committed when it succeeds, refunded when it fails for good).
 */
export const ariaRuns = pgTable(
  'aria_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => ariaConversations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['feasibility', 'compare'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** The request as validated (listing ids or the described property, and the assumptions). */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    narrative: text('narrative'),
    error: text('error'),
    credits: integer('credits').notNull(),
    /** The credit reservation (module `credits`) holding this run's credits. */
    reservationId: uuid('reservation_id'),
    /** The run's PDF in private storage. */
    pdfKey: text('pdf_key'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('aria_runs_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('aria_runs_conversation_idx').on(t.conversationId),
  ],
);

/**
 * A listing's sentence embedding for ARIA's semantic search (module `aria`), computed by a subscriber
 * from its name, kind, place and description: a unit vector quantised to signed bytes (512 bytes for
 * the built-in model's 512 dimensions), ranked in the API within the candidates of a structured search.
 */
export const listingEmbeddings = pgTable(
  'listing_embeddings',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    vector: bytea('vector').notNull(),
    /** sha1 of the text embedded: an update that changes none of it is not embedded again. */
    contentHash: text('content_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

export type PlaceRow = typeof places.$inferSelect;
export type AriaConversationRow = typeof ariaConversations.$inferSelect;
export type AriaMessageRow = typeof ariaMessages.$inferSelect;
export type AriaRunRow = typeof ariaRuns.$inferSelect;
export type ListingEmbeddingRow = typeof listingEmbeddings.$inferSelect;
export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
export type SavedItemRow = typeof savedItems.$inferSelect;
export type ThreadRow = typeof threads.$inferSelect;
export type ThreadParticipantRow = typeof threadParticipants.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type SavedSearchMatchRow = typeof savedSearchMatches.$inferSelect;
export type SavedSearchAlertKeyRow = typeof savedSearchAlertKeys.$inferSelect;
export type CurrencyRateRow = typeof currencyRates.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type AuditLogRow = Omit<typeof auditLog.$inferSelect, 'searchVector'>;
export type ActivityRow = typeof activities.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CreditLedgerRow = typeof creditLedger.$inferSelect;
export type CreditReservationRow = typeof creditReservations.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type ExportJobRow = typeof exportJobs.$inferSelect;
export type ListingImportRow = typeof listingImports.$inferSelect;
export type ListingReportRow = typeof listingReports.$inferSelect;
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
export type KycFileRow = typeof kycFiles.$inferSelect;
export type KycReviewRow = typeof kycReviews.$inferSelect;
export type ProfessionalLicenceRow = typeof professionalLicences.$inferSelect;
export type EnterpriseRow = typeof enterprises.$inferSelect;
export type EnterpriseMemberRow = typeof enterpriseMembers.$inferSelect;
export type EnterpriseInviteRow = typeof enterpriseInvites.$inferSelect;
export type CreditPoolRow = typeof creditPools.$inferSelect;
export type MarketListingRow = typeof marketListings.$inferSelect;
export type MarketAreaStatsRow = typeof marketAreaStats.$inferSelect;
export type MarketAreaMonthlyRow = typeof marketAreaMonthly.$inferSelect;
export type MarketDevelopmentRow = typeof marketDevelopments.$inferSelect;
export type StatValueRow = typeof statValues.$inferSelect;
export type ZonalValueRow = typeof zonalValues.$inferSelect;
