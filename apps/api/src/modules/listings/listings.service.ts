import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { isUUID } from 'class-validator';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  forwardRef,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ADMIN_ROLES, PAGINATION, PRICE_BANDS, STAFF_ROLES, VERIFIED_TAG, buildPagination, hasVerifiedIdentity } from '@app/domain';
import type { ListingRow, NewListingRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { isUniqueViolation } from '../../common/db/pg-errors';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import { htmlToText, sanitizeRichText } from '../../common/html/sanitize-html';
import { applySelection, parseListQuery, type RawListQuery, type ResourceQuerySpec } from '../../common/query/list-query';
import { NearbyService, POI_ATTRIBUTION } from '../nearby/nearby.service';
import { PlacesService } from '../places/places.service';
import { DASHBOARD_KEYS } from './dto/listing-input.dto';
import type {
  CreateListingDto,
  DashboardDto,
  DashboardKey,
  ListingSearchDto,
  NearbySearchDto,
  ReviewInputDto,
  UpdateListingDto,
} from './dto/listing-input.dto';
import type {
  DashboardResultDto,
  ListingDto,
  ListingFacetsDto,
  ListingListDto,
  NearbyResultDto,
  OwnershipDocumentDto,
  ReviewDto,
  ReviewListDto,
} from './dto/listing-output.dto';
import { canSeeListing, isAdmin, isPublicListing, seesAllListings } from './listing-access';
import { INDEX_MAX_PAGE_ROWS, indexOrderOf, ListingSearchIndexService, searchesPublic } from './search-index/listing-search-index.service';
import type { ListingSearchIndex } from './search-index/listing-search-index';
import { addressColumns, LISTING_FIELDS, toListingDto, type ListingCard, type ListingWithOwner } from './listing.mapper';
import { ListingMediaService, MAX_IMAGES_PER_LISTING } from './listing-media.service';
import { hasOnlyBounds, parseListingFilters, STAFF_QUERY_FIELDS, type ListingFilters } from './listing-search';
import type { PeriodCount, PeriodWindow } from '../../common/db/period-counts';
import { ListingWordsService } from './listing-words.service';
import { assertKindOfType, furnishingFromTags, offerFromTags, tagsInStep } from './listing-kinds';
import { ListingCountCache } from './listing-count-cache';
import { ListingMapService } from './listing-map.service';
import { GuestViews } from './guest-views';
import { SAVED_LISTINGS_LOOKUP, type SavedListingsLookup } from './saved-listings-lookup';
import { LISTING_INQUIRIES_COUNTER, type ListingInquiriesCounter } from './listing-inquiries-counter';
import type { SortTerm } from '../../common/query/list-query';
import { BOUNDED_WALK_ROWS, LISTING_SORT_COLUMNS, ListingsRepository, type FacetCounts, type ListingSortKey, type SearchPageForm, type Viewer } from './listings.repository';
import type { AddressInput, ResolvedAddress } from '../places/places.service';
import type { NewDomainEvent } from '@app/domain';
import type { ListingExportRow, ListingExportSortKey } from './listings.repository';
import { ListingTeamService } from './team/listing-team.service';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { UsersService } from '../users/users.service';

export const NOT_FOUND_MESSAGE = "The listing you're looking for might have been deleted or does not exist";

/** A listing as saved-search alerts test it against a search's filters (see ListingsService.forAlerts). */
export interface ListingForAlerts {
  id: string;
  code: string;
  name: string;
  ownerId: string;
  status: string;
  price: number;
  currency: string;
  lotSize: number | null;
  floorSize: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  parkingSlots: number | null;
  type: string;
  offer: string;
  kind: string | null;
  furnishing: string | null;
  tags: string[];
  verified: boolean;
  rating: number;
  lat: number;
  lng: number;
  cityCode: string;
  cityName: string;
  barangayCode: string;
  /** The listing's full-text lexemes (`tsvector_to_array(search_vector)`). */
  lexemes: string[];
  createdAt: Date;
  /** Whether the public sees it (visible and not a draft). */
  isPublic: boolean;
}

/** A text[] as the driver gives it: parsed, or PostgreSQL's text form `{a,"b c"}` (PGlite, some types). */
function pgTextArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  if (!inner) return [];
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|([^,]+)/g;
  for (let m = re.exec(inner); m; m = re.exec(inner)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]);
  return out;
}

/** A listing as a viewer may see it: the whole listing, or only its id when it is hidden from them. */
export type ListingForViewer = ListingDto | { _id: string; unavailable: true };

/** What a message thread shows of the listing it is about. */
export interface ListingSummary {
  id: string;
  name: string;
  code: string;
  price: number;
  currency: string;
  thumbnailUrl: string | null;
}
/** Rows an ordered index walk may pass over to fill a page before one GIN scan and a sort is cheaper. */
const WALK_BUDGET = 2000;
/** The most listings a bounded walk passes before gathering the matches (up to GATHER_UP_TO of them). */
const MAX_BOUNDED_WALK_ROWS = 20_000;
/** The same in price order, where a walk that gives up gathers band by band. */
const MAX_PRICE_WALK_ROWS = 3_000;
/** Past this many matches a text search in price or name order walks to the end instead of gathering them. */
const GATHER_UP_TO = 50_000;
/**
 * Up to this many matches a search's total is exact; past it, the total is an estimate, labelled so
 * (`pagination.totalIsEstimate`): nobody pages through 2,000 listings, and counting 125,000 one by
 * one is what made a broad search slow.
 */
export const EXACT_TOTAL_UP_TO = 2000;
/** How long counting up to EXACT_TOTAL_UP_TO by walking may take before the facet tokens count instead. */
const WALK_COUNT_BUDGET_MS = 40;
/** A search with words the planner expects in this many listings is not counted: its estimate is the total. */
const PLANNED_WORDS_ESTIMATE_FROM = 20_000;
/** How long counting by the facet tokens may take before a sample of pages estimates instead. */
const COUNT_BUDGET_MS = 150;
/** The sidebar counts at most this many matches one by one; past it, those rows stand for all of them. */
export const FACET_ROWS = 2000;
/** From this many matches (the planner's estimate) the sidebar counts a fixed sample of pages instead of reading matches. */
const SAMPLE_FACETS_FROM = 30_000;
/** How many matches a sample of pages should hold for the sidebar (its share of the pages is 1-5 %). */
const FACET_SAMPLE_ROWS = 1500;
/** How long reading FACET_ROWS matches may take before a sample of pages answers instead. */
const FACET_BUDGET_MS = 120;

/** A search's total: exact, or an estimate (two significant digits) when there are many matches. */
export interface SearchTotal {
  total: number;
  estimated: boolean;
}

/** An estimate as people read one: two significant digits (125,431 → 130,000). */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** The spec's box around a point for nearby listings. */
export const NEARBY_HALF_WIDTH_DEG = 0.005;

export const LISTING_QUERY_SPEC: ResourceQuerySpec<ListingSortKey> = {
  resource: 'listing',
  selectable: LISTING_FIELDS,
  sortable: Object.keys(LISTING_SORT_COLUMNS) as ListingSortKey[],
  relations: ['owner'],
  defaultSort: '-createdAt',
};

const TYPE_PREFIX: Record<ListingRow['type'], string> = {
  residential: 'RES',
  commercial: 'COM',
  industrial: 'IND',
  agricultural: 'AGR',
  land: 'LND',
  other: 'OTH',
};

function toReviewDto(r: {
  review: { id: string; rating: number; comment: string; createdAt: Date };
  user: { id: string; firstName: string; lastName: string; avatar: string | null };
}): ReviewDto {
  return {
    _id: r.review.id,
    rating: r.review.rating,
    comment: r.review.comment,
    user: { _id: r.user.id, firstName: r.user.firstName, lastName: r.user.lastName, avatar: r.user.avatar },
    createdAt: r.review.createdAt.toISOString(),
  };
}

/** The sidebar's answer from counts over the rows read, each standing for `factor` listings. */
function toFacetsDto(c: FacetCounts, factor: number, estimated: boolean): ListingFacetsDto {
  const scaled = (n: number) => (estimated ? Math.max(1, roundEstimate(n * factor)) : n);
  const values = (list: { value: string; count: number }[]) =>
    list.map((v) => ({ value: v.value, count: scaled(v.count) })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const bands = new Map(c.bands.map((b) => [Number(b.value), b.count]));
  return {
    types: values(c.types),
    tags: values(c.tags),
    offers: values(c.offers),
    kinds: values(c.kinds),
    furnishings: values(c.furnishings),
    priceBands: PRICE_BANDS.map((b, i) => ({ min: b.min, max: b.max, count: bands.has(i) ? scaled(bands.get(i)!) : 0 })),
    cities: c.cities
      .map((x) => ({ code: x.code, name: x.name, count: scaled(x.count) }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, 30),
    estimated,
  };
}

const isPriceOrder = (sort: SortTerm<ListingSortKey>[] | 'relevance') => sort !== 'relevance' && sort[0]?.field === 'price';


/** A search's order: relevance for words without a chosen sort, else the sort asked for (or the default). */
const searchSort = (body: ListingSearchDto, f: ListingFilters, sort: SortTerm<ListingSortKey>[]): SortTerm<ListingSortKey>[] | 'relevance' =>
  body.sort === undefined && f.text ? 'relevance' : sort;

/** A search's filters, the staff-only ones (ownership documents, open reports) refused to anyone else with 400. */
function filtersFor(caller: AuthUser | undefined, body: ListingSearchDto): ListingFilters {
  const staff = !!caller && STAFF_ROLES.includes(caller.role);
  if (!staff) {
    for (const field of STAFF_QUERY_FIELDS) {
      if (body.query?.[field] !== undefined) throw new BadRequestException(`query.${field} is for staff`);
    }
  }
  return parseListingFilters(body);
}

const viewerOf = (caller?: AuthUser): Viewer => ({ id: caller?.id, isAdmin: seesAllListings(caller) });
/** Which listings a viewer's search can see, as far as cached totals are concerned. */
const scopeOf = (viewer: Viewer, filters: ListingFilters) =>
  viewer.isAdmin ? 'admin' : filters.ownerId && filters.ownerId === viewer.id ? 'owner' : 'public';

@Injectable()
export class ListingsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly media: ListingMediaService,
    private readonly places: PlacesService,
    private readonly nearbyPlaces: NearbyService,
    @Inject(forwardRef(() => SAVED_LISTINGS_LOOKUP)) private readonly saved: SavedListingsLookup,
    private readonly counts: ListingCountCache,
    private readonly guestViews: GuestViews,
    private readonly words: ListingWordsService,
    @Inject(forwardRef(() => LISTING_INQUIRIES_COUNTER)) private readonly inquiries: ListingInquiriesCounter,
    private readonly map: ListingMapService,
    private readonly searchIndex: ListingSearchIndexService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly team: ListingTeamService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A member (not staff) making a listing active must have room on their plan (PLANS activeListings). */
  private async assertListingRoom(caller: AuthUser, ownerId: string): Promise<void> {
    if (caller.role !== 'user') return;
    await this.subscriptions.assertListingRoom(ownerId, await this.listings.activeCountOf(ownerId));
  }

  /**
   * Identity required for volume: a member without a verified identity (an approved KYC: the User's
   * `kyc`, `hasVerifiedIdentity`) may have at most KYC_UNVERIFIED_ACTIVE_LISTINGS listings the public sees (active and
   * visible); showing one more (create active, publish a draft, show a hidden one) is refused with 403.
   * Staff and imports are exempt, as for plan limits. A member acts only on their own listings here.
   */
  private async assertIdentityRoom(caller: AuthUser, ownerId: string): Promise<void> {
    if (caller.role !== 'user') return;
    const limit = this.config.unverifiedActiveListings;
    if ((await this.listings.shownCountOf(ownerId)) < limit) return;
    if (hasVerifiedIdentity((await this.users.getCurrent(caller)).kyc)) return;
    throw new ForbiddenException(`Verify your identity to have more than ${limit} active listings. Go to Verification to submit your ID.`);
  }

  /**
   * Marks the listings the caller saved (asked of the saved module: saved_items is its table). A
   * guest costs no query; a member one index lookup for the whole page.
   */
  private async withSaved<T extends ListingWithOwner>(caller: AuthUser | undefined, rows: T[]): Promise<T[]> {
    if (!caller || rows.length === 0) return rows;
    const saved = await this.saved.savedListingIds(caller.id, rows.map((r) => r.listing.id));
    return rows.map((r) => ({ ...r, isSaved: saved.has(r.listing.id) }));
  }

  /**
   * 404 (the spec's not-found message) unless the listing exists and the caller may see it; answers
   * what an event says of it (its id, name, code and owner).
   */
  async mustSee(caller: AuthUser | undefined, id: string): Promise<ListingRef> {
    const listing = await this.listings.findRow(id);
    if (!listing || !canSeeListing(caller, listing)) throw new NotFoundException(NOT_FOUND_MESSAGE);
    return listingRef(listing);
  }

  /** Whether the listing exists and the caller may see it (`canSeeListing`). */
  async canSee(caller: AuthUser | undefined, id: string): Promise<boolean> {
    const listing = await this.listings.findRow(id);
    return !!listing && canSeeListing(caller, listing);
  }

  /**
   * The listings by id as this caller may see them, in one batch: the whole listing, or
   * `{ _id, unavailable: true }` for one hidden from them (the owner and admins see their hidden
   * listings). Listings that no longer exist are left out.
   */
  async forViewer(caller: AuthUser, ids: string[]): Promise<Map<string, ListingForViewer>> {
    const rows = await this.withSaved(caller, await this.listings.cardsByIds(ids));
    return new Map(
      rows.map((r) => [r.listing.id, canSeeListing(caller, r.listing) ? toListingDto(r) : { _id: r.listing.id, unavailable: true as const }]),
    );
  }

  /** The listing a thread is about, when the caller may see it: its id and owner; null otherwise. */
  async forThread(caller: AuthUser, id: string): Promise<{ id: string; ownerId: string; name: string } | null> {
    const listing = await this.listings.findRow(id);
    return listing && canSeeListing(caller, listing) ? { id: listing.id, ownerId: listing.ownerId, name: listing.name } : null;
  }

  /** What message threads show of their listings (one query for all of them). */
  async summaries(ids: string[]): Promise<ListingSummary[]> {
    const rows = await this.listings.summariesByIds(ids);
    return rows.map((l) => ({ id: l.id, name: l.name, code: l.code, price: Number(l.price), currency: l.currency, thumbnailUrl: l.images[0]?.thumbnailUrl ?? null }));
  }

  /**
   * Listings as saved-search alerts test them (the saved module asks: listings is this module's table):
   * the columns the search filters read, the full-text lexemes, and whether the public sees them
   * (`isPublicListing`). Deleted listings are left out.
   */
  async forAlerts(ids: string[]): Promise<ListingForAlerts[]> {
    const rows = await this.listings.forAlerts(ids);
    return rows.map(({ isVisible, ...r }) => ({
      ...r,
      price: Number(r.price),
      lotSize: r.lotSize === null ? null : Number(r.lotSize),
      floorSize: r.floorSize === null ? null : Number(r.floorSize),
      rating: Number(r.rating),
      lexemes: pgTextArray(r.lexemes),
      isPublic: isPublicListing({ isVisible, status: r.status }),
    }));
  }

  /**
   * What the market figures record of listings (module `market`: their market life, from listing
   * events): place codes, type, kind, offer, price, sizes, status, whether the public sees them
   * (`isPublicListing`), when listed, saves. Deleted listings are left out.
   */
  async marketFacts(ids: string[]): Promise<ListingMarketFacts[]> {
    return (await this.listings.marketFacts(ids)).map(toMarketFacts);
  }

  /** The same for every listing, in id order, `limit` after `afterId` (null: from the start): the market figures' backfill. */
  async marketFactsBatch(afterId: string | null, limit: number): Promise<ListingMarketFacts[]> {
    return (await this.listings.marketFactsAfter(afterId, Math.min(Math.max(1, limit), 20_000))).map(toMarketFacts);
  }

  /** How many public listings have each word (the rarest of a saved search's words keys its alerts). */
  wordCounts(words: string[]): Promise<Map<string, number>> {
    return this.listings.wordCounts(words);
  }

  /** A search text's words as the search's full-text query has them (`plainto_tsquery('simple', …)`). */
  lexemesOf(text: string): Promise<string[]> {
    return this.searchIndex.lexemesOf(text);
  }

  async list(caller: AuthUser | undefined, raw: RawListQuery): Promise<ListingListDto> {
    const query = parseListQuery({ limit: PAGINATION.listingClientPageSize, ...raw }, LISTING_QUERY_SPEC);
    const { rows, total, estimated } = await this.findPage({}, caller, query.sort, query.limit, query.skip);
    return {
      listings: rows.map((r) => applySelection(toListingDto(r), query) as ListingDto),
      pagination: { ...buildPagination(total, rows.length, query.limit, query.skip), totalIsEstimate: estimated },
    };
  }

  /** A search body read: paging and sort, the filters (misspelt words resolved), relevance order for text without a sort. */
  private async readSearch(caller: AuthUser | undefined, body: ListingSearchDto) {
    const query = parseListQuery(body, LISTING_QUERY_SPEC);
    const parsed = filtersFor(caller, body);
    // the in-memory index, brought up to date once for the whole request (null: PostgreSQL answers)
    const index = searchesPublic(viewerOf(caller), parsed) ? await this.searchIndex.current() : null;
    const filters = await this.words.resolve(parsed, index);
    const sort = searchSort(body, filters, query.sort);
    return { query, filters, sort, index };
  }

  async search(caller: AuthUser | undefined, body: ListingSearchDto): Promise<ListingListDto> {
    const answered = await this.searchFromSnapshot(caller, body);
    if (answered) return this.withStaffCounts(caller, answered);
    const { query, filters, sort, index } = await this.readSearch(caller, body);
    const { rows, total, estimated } = await this.findPage(filters, caller, sort, query.limit, query.skip, index);
    return this.withStaffCounts(caller, this.toSearchDto(rows, total, estimated, query, filters));
  }

  /** For staff: each listing of the page with its ownership documents and open reports counted (one statement for the page). */
  private async withStaffCounts(caller: AuthUser | undefined, dto: ListingListDto): Promise<ListingListDto> {
    if (!caller || !STAFF_ROLES.includes(caller.role) || dto.listings.length === 0) return dto;
    const counts = await this.listings.staffCounts(dto.listings.map((l) => l._id));
    return {
      ...dto,
      listings: dto.listings.map((l) => ({ ...l, documentsCount: counts.get(l._id)?.documentsCount ?? 0, openReports: counts.get(l._id)?.openReports ?? 0 })),
    };
  }

  private toSearchDto(rows: ListingWithOwner[], total: number, estimated: boolean, query: ReturnType<typeof parseListQuery>, filters: ListingFilters): ListingListDto {
    return {
      listings: rows.map((r) => applySelection(toListingDto(r), query) as ListingDto),
      pagination: { ...buildPagination(total, rows.length, query.limit, query.skip), totalIsEstimate: estimated },
      ...(filters.searchedWords && { searchedWords: filters.searchedWords }),
    };
  }

  /**
   * A public search in one round trip: answered from the index as it is, its page's listings read
   * together with the changes committed since the index last looked; kept only when none of them is
   * new to it (ListingSearchIndexService.isCurrent), else null and the caller brings the index up to
   * date first. An empty page reads only the changes. Null too when the index cannot answer (see pageFromIndex).
   */
  private async searchFromSnapshot(caller: AuthUser | undefined, body: ListingSearchDto): Promise<ListingListDto | null> {
    const query = parseListQuery(body, LISTING_QUERY_SPEC);
    const parsed = filtersFor(caller, body);
    const viewer = viewerOf(caller);
    const order = indexOrderOf(searchSort(body, parsed, query.sort));
    const snapshot = order && searchesPublic(viewer, parsed) && query.limit + query.skip <= INDEX_MAX_PAGE_ROWS ? this.searchIndex.peek() : null;
    if (!order || !snapshot) return null;
    const filters = await this.words.resolve(parsed, snapshot.index);
    const { ids, total } = snapshot.index.search(filters, await this.searchIndex.wordGroups(filters), order, query.limit, query.skip);
    // nothing matches (or the page is past the last): only the changes to read
    if (!ids.length) return (await this.searchIndex.stillCurrent(snapshot)) ? this.toSearchDto([], total, false, query, filters) : null;
    const { rows, changes } = await this.listings.cardsAndChanges(ids, snapshot.fromXid);
    if (!changes || !this.searchIndex.isCurrent(snapshot, changes)) return null;
    const shown = await this.withSaved(caller, rows.filter((r) => isPublicListing(r.listing)));
    return this.toSearchDto(shown, total, false, query, filters);
  }

  /** How a search would be answered: its total and the form its page is read in (for the plan-bound test and benchmarks). */
  async searchPlan(caller: AuthUser | undefined, body: ListingSearchDto): Promise<SearchTotal & { form: SearchPageForm }> {
    const { query, filters, sort } = await this.readSearch(caller, body);
    const viewer = viewerOf(caller);
    const total = await this.totalOf(filters, viewer);
    return { ...total, form: await this.pageForm(filters, viewer, sort, total, query.limit + query.skip) };
  }

  /** One page of a search and its total (exact when small, else estimated; see totalOf). */
  private async findPage(
    filters: ListingFilters,
    caller: AuthUser | undefined,
    sort: SortTerm<ListingSortKey>[] | 'relevance',
    limit: number,
    skip: number,
    held?: ListingSearchIndex | null,
  ): Promise<{ rows: ListingWithOwner[]; total: number; estimated: boolean }> {
    const viewer = viewerOf(caller);
    const indexed = await this.pageFromIndex(filters, viewer, sort, limit, skip, held);
    if (indexed) return { rows: await this.withSaved(caller, indexed.rows), total: indexed.total, estimated: false };
    // a map box and nothing else: the grid-cell path pages and totals it
    if (filters.bounds && hasOnlyBounds(filters)) {
      // a large public box: ListingMapService pages it from the grid blocks; else the cell walk or GiST
      const { rows, total } =
        (await this.map.boxPage(filters, caller, sort, limit, skip)) ?? (await this.listings.searchPageAndTotal(filters, viewer, sort, limit, skip));
      return { rows: await this.withSaved(caller, rows), total, estimated: false };
    }
    const { total, estimated } = await this.totalOf(filters, viewer);
    if (!estimated && (total === 0 || skip >= total)) return { rows: [], total, estimated };
    const form = await this.pageForm(filters, viewer, sort, { total, estimated }, limit + skip);
    // a bounded walk may pass as many listings as half the matches: past that, gathering them costs less
    // (in price order only a few thousand: gathering band by band is cheap)
    const walkRows = Math.min(isPriceOrder(sort) ? MAX_PRICE_WALK_ROWS : MAX_BOUNDED_WALK_ROWS, Math.max(BOUNDED_WALK_ROWS, Math.round(total / 2)));
    const rows = await this.withSaved(caller, await this.listings.searchPage(filters, viewer, sort, limit, skip, form, walkRows));
    // a short page is the last: the total is exact whatever was estimated
    if (estimated && rows.length < limit) return { rows, total: skip + rows.length, estimated: false };
    return { rows, total, estimated };
  }

  /**
   * A public search's page and exact total from the listings held in memory (ListingSearchIndexService),
   * the page's listings then read by id; null when the index cannot answer it (still loading, an admin
   * or an owner's own search, an order it does not keep, a page deeper than INDEX_MAX_PAGE_ROWS).
   */
  private async pageFromIndex(
    filters: ListingFilters,
    viewer: Viewer,
    sort: SortTerm<ListingSortKey>[] | 'relevance',
    limit: number,
    skip: number,
    held?: ListingSearchIndex | null,
  ): Promise<{ rows: ListingWithOwner[]; total: number } | null> {
    const order = indexOrderOf(sort);
    if (!order || !searchesPublic(viewer, filters) || limit + skip > INDEX_MAX_PAGE_ROWS) return null;
    const index = held === undefined ? await this.searchIndex.current() : held;
    if (!index) return null;
    const words = await this.searchIndex.wordGroups(filters);
    const { ids, total } = index.search(filters, words, order, limit, skip);
    // read by id after the index answered: one changed in between is shown as it is now, or dropped when hidden
    const rows = (await this.listings.cardsByIds(ids)).filter((r) => isPublicListing(r.listing));
    return { rows, total };
  }

  /**
   * A search's total, never a count of every match: the matches are counted up to EXACT_TOTAL_UP_TO
   * (a common filter stops early; a rare one has few rows to read); past that, the planner's estimate
   * from the column statistics; when counting ran out of time (filters that are common alone but
   * rare together), the matches in a fixed sample of pages. Remembered for a minute (ListingCountCache).
   */
  private totalOf(filters: ListingFilters, viewer: Viewer): Promise<SearchTotal> {
    return this.counts.getOrCompute('total', { filters, scope: scopeOf(viewer, filters) }, async () => {
      // common matches: a walk or a scan meets EXACT_TOTAL_UP_TO + 1 of them soon
      // (not with words: a walk visits the table for each row to read them, and runs out of time; a
      // word the planner expects in many listings is estimated at once, and a page that comes back
      // short makes its total exact in findPage)
      let planned: number | undefined;
      if (filters.text) {
        planned = await this.listings.plannedCount(filters, viewer);
        if (planned >= PLANNED_WORDS_ESTIMATE_FROM) return { total: roundEstimate(planned), estimated: true };
      }
      let counted = filters.text ? null : await this.listings.countUpTo(filters, viewer, EXACT_TOTAL_UP_TO, WALK_COUNT_BUDGET_MS, 'page');
      // rare ones (or filters common alone but rare together): intersect their tokens' posting lists
      counted ??= await this.listings.countUpTo(filters, viewer, EXACT_TOTAL_UP_TO, COUNT_BUDGET_MS, 'tokens');
      if (counted !== null && counted <= EXACT_TOTAL_UP_TO) return { total: counted, estimated: false };
      const guess =
        counted === null
          ? await this.listings.sampledCount(filters, viewer)
          : Math.max(EXACT_TOTAL_UP_TO + 1, planned ?? (await this.listings.plannedCount(filters, viewer)));
      return { total: roundEstimate(guess), estimated: true };
    });
  }

  /**
   * Walk an ordered index, or scan the full-text index and sort? A newest-first walk through the
   * city's listings (or all listings) passes about `wanted × walked / matches` rows before the page
   * is full: cheap when the words are common there, ruinous when they are rare.
   */
  private async pageForm(
    filters: ListingFilters,
    viewer: Viewer,
    sort: SortTerm<ListingSortKey>[] | 'relevance',
    { total, estimated }: SearchTotal,
    wanted: number,
  ): Promise<SearchPageForm> {
    if (sort === 'relevance' && filters.text) return 'gin';
    if (!filters.text && estimated) {
      // many matches, and a covering index checks the filters as it walks: a walk is cheap even
      // where the estimate is off (at worst every public listing's index entry, ~0.3 µs each)
      return 'walk';
    }
    const newest = sort !== 'relevance' && sort[0]?.field === 'createdAt';
    const byCity = newest && filters.city?.length;
    const walked = byCity
      ? await this.counts.getOrCount({ filters: { city: filters.city }, scope: scopeOf(viewer, filters) }, () =>
          this.listings.searchTotal({ city: filters.city }, viewer),
        )
      : await this.listings.estimatedTotal();
    if (filters.text && !newest) {
      // a price or name order is not independent of the words and filters (condos for sale are dearer
      // than every rental a price walk passes first): where the matches look common enough for a walk,
      // walk only so far (a bounded walk) before gathering and sorting them instead
      if ((wanted * walked) / Math.max(total, 1) > BOUNDED_WALK_ROWS) return 'gin';
      // in price order a bounded walk that gives up gathers band by band (only the first bands'
      // matches); in name order, past GATHER_UP_TO matches, a whole walk costs less than gathering
      return isPriceOrder(sort) || total <= GATHER_UP_TO ? 'bounded' : 'walk';
    }
    return (wanted * walked) / Math.max(total, 1) <= WALK_BUDGET ? 'walk' : 'gin';
  }

  /**
   * The sidebar's counts, never a pass over every match: up to FACET_ROWS matches are read one by one
   * (exact counts when that is all of them); past that, those rows stand for the whole set (scaled to
   * the estimated total); for a broad set (SAMPLE_FACETS_FROM), or when reading ran out of time, a
   * fixed sample of pages answers. Scaled counts are rounded to two significant digits and the answer
   * says `estimated`.
   */
  async facets(caller: AuthUser | undefined, body: ListingSearchDto): Promise<ListingFacetsDto> {
    const parsed = filtersFor(caller, body);
    const viewer = viewerOf(caller);
    const index = searchesPublic(viewer, parsed) ? await this.searchIndex.current() : null;
    const filters = await this.words.resolve(parsed, index);
    // exact counts over every match, from the listings held in memory
    if (index) return toFacetsDto(index.facets(filters, await this.searchIndex.wordGroups(filters)), 1, false);
    return this.counts.getOrCompute('facets', { filters, scope: scopeOf(viewer, filters) }, async () => {
      const planned = await this.listings.plannedCount(filters, viewer);
      // a broad set: a fixed 1 % of the pages holds enough of it (1,000+ rows), read in one pass
      // without walking the table row by row (a word's newest 2,001 matches cost 15,000 visits)
      const read = planned >= SAMPLE_FACETS_FROM ? null : await this.listings.facetsUpTo(filters, viewer, FACET_ROWS, FACET_BUDGET_MS);
      let counts: FacetCounts;
      let factor: number;
      if (read === null) {
        // about FACET_SAMPLE_ROWS matches in the sample: 1 % of the pages for a broad set, up to 5 %
        counts = await this.listings.facetsOfSample(filters, viewer, Math.min(5, Math.max(1, (100 * FACET_SAMPLE_ROWS) / Math.max(planned, 1))));
        factor = counts.scale;
      } else if (read.read > FACET_ROWS) {
        counts = read;
        factor = Math.max(FACET_ROWS + 1, planned) / read.read;
      } else {
        return toFacetsDto(read, 1, false);
      }
      return toFacetsDto(counts, factor, true);
    });
  }

  async get(caller: AuthUser | undefined, id: string): Promise<ListingDto> {
    const found = await this.listings.findWithOwner(id);
    if (!found || !canSeeListing(caller, found.listing)) throw new NotFoundException(NOT_FOUND_MESSAGE);
    const [withSaved] = await this.withSaved(caller, [found]);
    return toListingDto(withSaved);
  }

  async create(caller: AuthUser, dto: CreateListingDto): Promise<ListingDto> {
    assertKindOfType(dto.type, dto.kind);
    if ((dto.status ?? 'active') === 'active') {
      await this.assertListingRoom(caller, caller.id);
      await this.assertIdentityRoom(caller, caller.id);
    }
    const values = await this.listingValues(dto);
    const code = await this.listings.nextCode(TYPE_PREFIX[dto.type]);
    // a member of an active team posts for the team (listings.enterprise_id; see team/listing-team.service.ts)
    const enterpriseId = await this.team.teamFor(caller.id);
    const row = await this.transactions.run(async () => {
      const row = await this.listings.insert({ ...values, code, ownerId: caller.id, uploadedById: caller.id, enterpriseId });
      await this.events.publish({ type: 'listing.created', actorId: caller.id, entity: listingEntity(row), data: listingRef(row) });
      return row;
    });
    return this.get(caller, row.id);
  }

  async update(caller: AuthUser, dto: UpdateListingDto): Promise<ListingDto> {
    if (!dto._id || !dto.owner) throw new BadRequestException('Missing required fields: _id or owner');
    const listing = await this.mustOwnOrAdmin(caller, dto._id);
    if (listing.ownerId !== dto.owner) throw new BadRequestException('owner does not match the listing’s owner');
    const patch: Partial<NewListingRow> = {};
    if (dto.name !== undefined) patch.name = dto.name;
    if (dto.type !== undefined) patch.type = dto.type;
    if (dto.status !== undefined) patch.status = dto.status;
    if (dto.status === 'active' && listing.status !== 'active') {
      await this.assertListingRoom(caller, listing.ownerId);
      if (listing.isVisible) await this.assertIdentityRoom(caller, listing.ownerId);
    }
    if (dto.type !== undefined || dto.kind !== undefined) {
      const kind = dto.kind !== undefined ? dto.kind : listing.kind;
      assertKindOfType(dto.type ?? listing.type, kind);
      if (dto.kind !== undefined) patch.kind = dto.kind;
    }
    if (dto.tags !== undefined || dto.offer !== undefined || dto.furnishing !== undefined) {
      // what the tags of an old client say counts unless the new fields are sent too
      const tags = dto.tags !== undefined ? this.cleanTags(dto.tags, listing.verified) : listing.tags;
      const offer = dto.offer ?? (dto.tags !== undefined ? offerFromTags(tags) : undefined) ?? listing.offer;
      let furnishing = listing.furnishing;
      if (dto.furnishing !== undefined) furnishing = dto.furnishing;
      else if (dto.tags !== undefined) furnishing = furnishingFromTags(tags) ?? (listing.furnishing === 'semi_furnished' ? 'semi_furnished' : null);
      Object.assign(patch, { offer, furnishing, tags: tagsInStep(tags, offer, furnishing) });
    }
    if (dto.currency !== undefined) patch.currency = dto.currency;
    if (dto.price !== undefined) patch.price = dto.price;
    if (dto.lotSize !== undefined) patch.lotSize = dto.lotSize;
    if (dto.floorSize !== undefined) patch.floorSize = dto.floorSize;
    if (dto.bedrooms !== undefined) patch.bedrooms = dto.bedrooms;
    if (dto.bathrooms !== undefined) patch.bathrooms = dto.bathrooms;
    if (dto.parkingSlots !== undefined) patch.parkingSlots = dto.parkingSlots;
    if (dto.amenities !== undefined) patch.amenities = this.cleanAmenities(dto.amenities);
    if (dto.location) Object.assign(patch, { lat: dto.location.lat, lng: dto.location.lng });
    if (dto.description !== undefined || dto.descriptionHtml !== undefined) {
      Object.assign(patch, this.descriptions(dto.description, dto.descriptionHtml));
    }
    if (dto.address) {
      Object.assign(patch, addressColumns(await this.places.resolveAddress(dto.address), dto.address));
    }
    await this.transactions.run(async () => {
      await this.listings.update(listing.id, patch);
      const fields = changedFields(listing, patch);
      if (fields.length) {
        await this.events.publish({ type: 'listing.updated', actorId: caller.id, entity: listingEntity(listing), data: { ...listingRef(listing), fields } });
      }
    });
    return this.get(caller, listing.id);
  }

  async remove(caller: AuthUser, id: string): Promise<{ message: string }> {
    const listing = await this.mustOwnOrAdmin(caller, id);
    const documents = await this.listings.documents(id);
    await this.transactions.run(async () => {
      await this.listings.remove(id);
      await this.events.publish({
        type: 'listing.removed',
        actorId: caller.id,
        entity: listingEntity(listing),
        data: { ...listingRef(listing), byStaff: listing.ownerId !== caller.id },
      });
    });
    await this.media.removeAll(id, listing.images, documents.map((d) => d.storageKey)).catch(() => undefined);
    return { message: 'Listing removed' };
  }

  /**
   * A member's account is being removed (AccountRemovalSteps, inside its transaction): each of their
   * listings is removed with its own `listing.removed` event (the market figures end its market life,
   * savers' alerts stop), before the cascade would take the rows silently. Answers the cleanup of their
   * images and ownership documents in storage, run after the commit.
   */
  async removeAllOfOwner(ownerId: string, actorId: string): Promise<() => Promise<void>> {
    const owned = await this.listings.allOfOwner(ownerId);
    const media: Array<{ id: string; images: ListingRow['images']; documents: string[] }> = [];
    for (const listing of owned) {
      media.push({ id: listing.id, images: listing.images, documents: (await this.listings.documents(listing.id)).map((d) => d.storageKey) });
      await this.listings.remove(listing.id);
      await this.events.publish({ type: 'listing.removed', actorId, entity: listingEntity(listing), data: { ...listingRef(listing), byStaff: actorId !== ownerId } });
    }
    return async () => {
      for (const m of media) await this.media.removeAll(m.id, m.images, m.documents).catch(() => undefined);
    };
  }

  async setVisibility(caller: AuthUser, listingId: string, visible: boolean): Promise<ListingDto> {
    const listing = await this.mustOwnOrAdmin(caller, listingId);
    if (visible && !listing.isVisible && listing.status === 'active') await this.assertIdentityRoom(caller, listing.ownerId);
    await this.transactions.run(async () => {
      // a choice made while the owner is suspended stands: reinstating the owner no longer shows it
      await this.listings.update(listingId, { isVisible: visible, hiddenForSuspension: false });
      if (listing.isVisible !== visible) {
        await this.events.publish({
          type: 'listing.visibility_changed',
          actorId: caller.id,
          entity: listingEntity(listing),
          data: { ...listingRef(listing), visible },
        });
      }
    });
    return this.get(caller, listingId);
  }

  /**
   * The owner's account was suspended: their visible listings leave the public (search, map, pages,
   * alerts, market figures) as if hidden, each with its `listing.visibility_changed` event, in one
   * transaction. Idempotent: a second call finds nothing visible.
   */
  async hideForSuspendedOwner(ownerId: string, actorId: string | null): Promise<number> {
    return this.transactions.run(async () => {
      const hidden = await this.listings.hideForSuspendedOwner(ownerId);
      for (const listing of hidden) {
        await this.events.publish({ type: 'listing.visibility_changed', actorId, entity: listingEntity(listing), data: { ...listingRef(listing), visible: false } });
      }
      return hidden.length;
    });
  }

  /** The owner was reinstated: the listings the suspension hid are shown again (those hidden by a choice stay hidden). Idempotent. */
  async showAfterSuspension(ownerId: string, actorId: string | null): Promise<number> {
    return this.transactions.run(async () => {
      const shown = await this.listings.showAfterSuspension(ownerId);
      for (const listing of shown) {
        await this.events.publish({ type: 'listing.visibility_changed', actorId, entity: listingEntity(listing), data: { ...listingRef(listing), visible: true } });
      }
      return shown.length;
    });
  }

  /**
   * Records a behaviour (a view counts once per viewer per day). A member is a viewer by their id; a
   * guest by their network (IP, or IPv6 /64) alone, and a guest's network counts at most
   * GUEST_VIEWS_PER_IP_PER_DAY listings a day (beyond that the answer is the count as it is).
   */
  async recordBehavior(caller: AuthUser | undefined, id: string, behavior: string, client: { ip: string }) {
    const listing = await this.listings.findRow(id);
    if (!listing || !canSeeListing(caller, listing)) throw new NotFoundException(NOT_FOUND_MESSAGE);
    const day = new Date().toISOString().slice(0, 10);
    if (caller) {
      // a member's first view of the day goes to their recent activity (not their own listing's)
      const views = await this.transactions.run(async () => {
        const { views, firstToday } = await this.listings.recordBehavior(id, behavior, `user:${caller.id}`, day);
        if (behavior === 'view' && firstToday && listing.ownerId !== caller.id) {
          await this.events.publish({ type: 'listing.viewed', actorId: caller.id, entity: listingEntity(listing), data: listingRef(listing) });
        }
        return views;
      });
      return { views };
    }
    const viewerKey = this.guestViews.viewerKey(client.ip);
    if (!(await this.guestViews.admit(viewerKey, id, day))) return { views: listing.views };
    return { views: (await this.listings.recordBehavior(id, behavior, viewerKey, day)).views };
  }

  async nearby(caller: AuthUser | undefined, dto: NearbySearchDto): Promise<NearbyResultDto> {
    let lat = dto.lat;
    let lng = dto.lng;
    if (dto.listingId) {
      const listing = await this.listings.findRow(dto.listingId);
      if (!listing || !canSeeListing(caller, listing)) throw new NotFoundException(NOT_FOUND_MESSAGE);
      ({ lat, lng } = listing);
    }
    if (lat === undefined || lng === undefined) throw new BadRequestException('Send lat and lng, or a listingId');
    const [rows, areasNearby, poiCoverage] = await Promise.all([
      this.listings.nearby(lat, lng, NEARBY_HALF_WIDTH_DEG, viewerOf(caller), 50, dto.listingId),
      this.nearbyPlaces.nearbyPlaces({ lat, lng, categories: dto.categories as never }),
      this.nearbyPlaces.coverage(lat, lng),
    ]);
    return {
      listings: (await this.withSaved(caller, rows)).map(toListingDto),
      areasNearby,
      poiCoverage,
      poiAttribution: poiCoverage === 'imported' ? POI_ATTRIBUTION : null,
    };
  }

  async uploadImages(caller: AuthUser, id: string, files: Express.Multer.File[] | undefined): Promise<ListingDto> {
    const listing = await this.mustOwnOrAdmin(caller, id);
    if (!files?.length) throw new BadRequestException("Send the photos as multipart field 'image'");
    if (listing.images.length + files.length > MAX_IMAGES_PER_LISTING) {
      throw new BadRequestException(
        `A listing holds at most ${MAX_IMAGES_PER_LISTING} photos; it has ${listing.images.length}, so at most ${MAX_IMAGES_PER_LISTING - listing.images.length} more`,
      );
    }
    const stored = await this.media.storeImages(id, files);
    await this.transactions.run(async () => {
      await this.listings.setImages(id, [...listing.images, ...stored]);
      await this.events.publish({
        type: 'listing.photos_changed',
        actorId: caller.id,
        entity: listingEntity(listing),
        data: { ...listingRef(listing), added: stored.length, removed: 0 },
      });
    });
    return this.get(caller, id);
  }

  async deleteImage(caller: AuthUser, listingId: string, imageId: string): Promise<ListingDto> {
    const listing = await this.mustOwnOrAdmin(caller, listingId);
    if (!listing.images.some((img) => img._id === imageId)) throw new NotFoundException('Image not found on this listing');
    await this.transactions.run(async () => {
      await this.listings.setImages(listingId, listing.images.filter((img) => img._id !== imageId));
      await this.events.publish({
        type: 'listing.photos_changed',
        actorId: caller.id,
        entity: listingEntity(listing),
        data: { ...listingRef(listing), added: 0, removed: 1 },
      });
    });
    await this.media.removeImage(listingId, imageId);
    return this.get(caller, listingId);
  }

  async uploadDocuments(caller: AuthUser, id: string, files: Express.Multer.File[] | undefined): Promise<{ documents: OwnershipDocumentDto[] }> {
    const listing = await this.mustOwnOrAdmin(caller, id);
    if (!files?.length) throw new BadRequestException("Send the documents as multipart field 'documents'");
    const types = await Promise.all(files.map((f) => this.media.sniffDocument(f)));
    const rows: Parameters<ListingsRepository['addDocuments']>[0] = [];
    for (const [i, file] of files.entries()) {
      const docId = randomUUID();
      const key = await this.media.storeDocument(id, docId, file);
      rows.push({
        id: docId,
        listingId: id,
        storageKey: key,
        filename: file.originalname.replace(/[^\w.\- ()]/g, '_').slice(0, 200) || 'document',
        contentType: types[i],
        size: file.size,
        uploadedById: caller.id,
      });
    }
    await this.transactions.run(async () => {
      await this.listings.addDocuments(rows);
      await this.events.publish({
        type: 'listing.documents_uploaded',
        actorId: caller.id,
        entity: listingEntity(listing),
        data: { ...listingRef(listing), count: rows.length },
      });
    });
    return this.documents(caller, id);
  }

  async documents(caller: AuthUser, id: string): Promise<{ documents: OwnershipDocumentDto[] }> {
    await this.mustOwnOrAdmin(caller, id, true);
    const rows = await this.listings.documents(id);
    return {
      documents: rows.map((d) => ({ _id: d.id, filename: d.filename, contentType: d.contentType, size: d.size, createdAt: d.createdAt.toISOString() })),
    };
  }

  async openDocument(caller: AuthUser, id: string, documentId: string) {
    const listing = await this.mustOwnOrAdmin(caller, id, true);
    const doc = await this.listings.document(id, documentId);
    const file = doc ? await this.media.openDocument(doc.storageKey) : null;
    if (!doc || !file) throw new NotFoundException('Document not found');
    // a private document: who opened it is recorded (staff reviewing ownership)
    await this.events.publish({
      type: 'listing.document_opened',
      actorId: caller.id,
      entity: listingEntity(listing),
      data: { ...listingRef(listing), documentId, byStaff: listing.ownerId !== caller.id },
    });
    return { ...file, filename: doc.filename, contentType: doc.contentType };
  }

  async verify(caller: AuthUser, id: string, verified: boolean): Promise<ListingDto> {
    const listing = await this.listings.findRow(id);
    if (!listing) throw new NotFoundException(NOT_FOUND_MESSAGE);
    if (verified && (await this.listings.documents(id)).length === 0) {
      throw new BadRequestException('This listing has no ownership documents to review; the owner must upload them first');
    }
    const tags = listing.tags.filter((t) => t !== VERIFIED_TAG);
    await this.transactions.run(async () => {
      await this.listings.update(id, { verified, tags: verified ? [...tags, VERIFIED_TAG] : tags });
      if (listing.verified !== verified) {
        await this.events.publish({ type: 'listing.verified', actorId: caller.id, entity: listingEntity(listing), data: { ...listingRef(listing), verified } });
      }
    });
    return this.get(caller, id);
  }

  async dashboard(caller: AuthUser, dto: DashboardDto): Promise<DashboardResultDto> {
    const userId = dto.filter?.userId ?? caller.id;
    if (typeof userId !== 'string' || !isUUID(userId)) throw new BadRequestException('filter.userId must be a user id (a UUID)');
    if (userId !== caller.id && !['viewer', ...ADMIN_ROLES].includes(caller.role)) {
      throw new ForbiddenException('You can only see your own dashboard');
    }
    const wanted = dto.data.length ? dto.data : DASHBOARD_KEYS;
    const totals: Record<DashboardKey, number> = {
      ...(await this.listings.dashboard(userId)),
      totalInquiries: wanted.includes('totalInquiries')
        ? await this.inquiries.countInquiries(userId, await this.listings.listingIdsOf(userId))
        : 0,
    };
    return Object.fromEntries(wanted.map((k) => [k, totals[k]]));
  }

  async reviews(caller: AuthUser | undefined, id: string, raw: RawListQuery): Promise<ReviewListDto> {
    await this.get(caller, id);
    const query = parseListQuery(raw, { ...LISTING_QUERY_SPEC, resource: 'review', selectable: [], sortable: ['createdAt'] });
    const { rows, total } = await this.listings.reviews(id, query.limit, query.skip);
    return {
      reviews: rows.map(toReviewDto),
      pagination: buildPagination(total, rows.length, query.limit, query.skip),
    };
  }

  async review(caller: AuthUser, id: string, dto: ReviewInputDto): Promise<ReviewDto> {
    const listing = await this.get(caller, id);
    if (listing.owner._id === caller.id) throw new ForbiddenException('You cannot review your own listing');
    try {
      await this.transactions.run(async () => {
        const review = await this.listings.addReview(id, caller.id, dto.rating, dto.comment ?? '');
        await this.events.publish({
          type: 'review.created',
          actorId: caller.id,
          entity: { kind: 'review', id: review.id },
          data: { listingId: id, name: listing.name, code: listing.code, ownerId: listing.owner._id, reviewId: review.id, rating: dto.rating },
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException('You have already reviewed this listing');
      throw err;
    }
    return toReviewDto((await this.listings.reviewBy(id, caller.id))!);
  }

  /**
   * The listing when the caller owns it or is an admin (staff may read with `readOnlyStaff`); 404 when
   * the caller cannot see it, 403 when they can but it is not theirs. The upload routes ask it before
   * reading a body (`ListingOwnerGuard`), the service again for the row it changes.
   */
  async mustOwnOrAdmin(caller: AuthUser, id: string, readOnlyStaff = false): Promise<ListingRow> {
    const listing = await this.listings.findRow(id);
    if (!listing) throw new NotFoundException(NOT_FOUND_MESSAGE);
    const staffOk = isAdmin(caller) || (readOnlyStaff && caller.role === 'viewer');
    if (listing.ownerId !== caller.id && !staffOk) {
      if (!canSeeListing(caller, listing)) throw new NotFoundException(NOT_FOUND_MESSAGE);
      throw new ForbiddenException('Only the owner of this listing or an admin can do this');
    }
    return listing;
  }

  /** Staff columns (ownership documents, open reports) of listings by id, in one statement. */
  staffCounts(ids: string[]): Promise<Map<string, { documentsCount: number; openReports: number }>> {
    return this.listings.staffCounts(ids);
  }

  /** How many listings a member (or everyone) has, and how many are active (the admin console). */
  totals(ownerId?: string): Promise<{ listings: number; active: number }> {
    return this.listings.totals(ownerId);
  }

  /** Listings created per Manila day (week, month) of the window, of one owner or all (the admin dashboard). */
  createdByPeriod(window: PeriodWindow, ownerId?: string): Promise<PeriodCount[]> {
    return this.listings.createdByPeriod(window, ownerId);
  }

  /** Listings created in the window, of one owner or all. */
  createdIn(window: { from: Date; to: Date }, ownerId?: string): Promise<number> {
    return this.listings.createdIn(window, ownerId);
  }

  /**
   * A member's listings for staff (the admin's user page): every status and visibility, newest first,
   * with the staff columns. Staff only: callers check the role.
   */
  async ofOwnerForStaff(ownerId: string, limit: number, skip: number): Promise<ListingListDto> {
    const { rows, total } = await this.listings.searchPageAndTotal({ ownerId }, { isAdmin: true }, [{ field: 'createdAt', direction: 'desc' }], limit, skip);
    const counts = await this.listings.staffCounts(rows.map((r) => r.listing.id));
    return {
      listings: rows.map((r) => ({ ...toListingDto(r), ...(counts.get(r.listing.id) ?? { documentsCount: 0, openReports: 0 }) })),
      pagination: { ...buildPagination(total, rows.length, limit, skip), totalIsEstimate: false },
    };
  }

  /** Members cannot set the verified tag themselves; it follows the listing's verified flag. */
  private cleanTags(tags: string[], verified = false): string[] {
    const unique = [...new Set(tags.filter((t) => t !== VERIFIED_TAG))];
    return verified ? [...unique, VERIFIED_TAG] : unique;
  }

  private cleanAmenities(amenities: string[]): string[] {
    return [...new Set(amenities.map((a) => a.trim()).filter(Boolean))];
  }

  private descriptions(description?: string, html?: string): { description?: string; descriptionHtml?: string } {
    const safeHtml = html !== undefined ? sanitizeRichText(html) : undefined;
    return {
      descriptionHtml: safeHtml,
      description: description !== undefined ? description.trim() : safeHtml !== undefined ? htmlToText(safeHtml) : undefined,
    };
  }

  /**
   * Rows of a listing export (the exports module reads listings only through here): the filters of a
   * search body (`parseListingFilters`, 400 on anything it refuses) as the caller may see them (staff
   * roles that are not admins see what the public sees, as in their searches), in keyset batches.
   */
  exportFilters(body: { fuzzySearch?: string; query?: Record<string, unknown>; match?: Record<string, unknown>; bounds?: ListingFilters['bounds'] }): ListingFilters {
    return parseListingFilters(body);
  }

  exportBatch(
    caller: Pick<AuthUser, 'id' | 'role'>,
    filters: ListingFilters,
    sort: { field: ListingExportSortKey; desc: boolean },
    after: { key: string; id: string } | null,
    limit: number,
    skip = 0,
  ): Promise<ListingExportRow[]> {
    return this.listings.exportBatch(filters, viewerOf(caller as AuthUser), sort, after, limit, skip);
  }

  /** How many listings a listing export selects (exact when small, else estimated; see totalOf). */
  exportTotal(caller: Pick<AuthUser, 'id' | 'role'>, filters: ListingFilters): Promise<SearchTotal> {
    return this.totalOf(filters, viewerOf(caller as AuthUser));
  }

  /** The exact number of listings an export selects, up to `cap`. */
  exportCount(caller: Pick<AuthUser, 'id' | 'role'>, filters: ListingFilters, cap: number): Promise<number> {
    return this.listings.exportCount(filters, viewerOf(caller as AuthUser), cap);
  }

  /**
   * The columns of a listing from create's input, by create's rules: one rule set for POST
   * /listing/create and the JSON import (`import/`). The kind belongs to the type, the PSGC address
   * resolves through the places module (`resolveAddress`; the import passes a memo of it), the
   * verified tag follows `verified` (nobody sets it by hand), the offer and furnishing are read from
   * the tags when not given and the tags kept in step with them, amenities trimmed and unique, the
   * description sanitised. A 400 with the reason for anything it refuses.
   */
  async listingValues(
    dto: CreateListingDto,
    opts: { verified?: boolean; resolveAddress?: (address: AddressInput) => Promise<ResolvedAddress> } = {},
  ): Promise<ListingValues> {
    assertKindOfType(dto.type, dto.kind);
    const address = await (opts.resolveAddress ?? ((a: AddressInput) => this.places.resolveAddress(a)))(dto.address);
    const tags = this.cleanTags(dto.tags ?? [], opts.verified);
    const offer = dto.offer ?? offerFromTags(tags) ?? 'sale';
    const furnishing = dto.furnishing !== undefined ? dto.furnishing : (furnishingFromTags(tags) ?? null);
    const described = this.descriptions(dto.description, dto.descriptionHtml);
    return {
      name: dto.name,
      type: dto.type,
      kind: dto.kind ?? null,
      offer,
      furnishing,
      status: dto.status ?? 'active',
      tags: tagsInStep(tags, offer, furnishing),
      currency: dto.currency ?? 'PHP',
      price: dto.price,
      lotSize: dto.lotSize ?? null,
      floorSize: dto.floorSize ?? null,
      bedrooms: dto.bedrooms ?? null,
      bathrooms: dto.bathrooms ?? null,
      parkingSlots: dto.parkingSlots ?? null,
      lat: dto.location.lat,
      lng: dto.location.lng,
      ...addressColumns(address, dto.address),
      amenities: this.cleanAmenities(dto.amenities ?? []),
      // the columns' defaults, written out so an import compares like with like
      description: described.description ?? '',
      descriptionHtml: described.descriptionHtml ?? '',
    };
  }

  /** Listings by code (the JSON import matches its rows by code). */
  rowsByCodes(codes: string[]): Promise<ListingCard[]> {
    return this.listings.rowsByCodes(codes);
  }

  /**
   * Writes one batch of a staff JSON import (call it inside the import's transaction): new listings,
   * with their code from the file, each published as `listing.created`; listings whose columns differ
   * from the file's updated with `listing.updated` naming the fields; the others not written at all
   * (so a re-import writes nothing). Plan listing limits do not apply (staff keep the catalogue).
   */
  async writeImported(
    actorId: string,
    creates: ImportedListing[],
    updates: Array<{ before: ListingCard; values: ImportedListing }>,
  ): Promise<{ created: number; updated: number; unchanged: number }> {
    const events: NewDomainEvent[] = [];
    if (creates.length) {
      await this.listings.advanceCodeSequence(creates.map((c) => c.code));
      const rows = await this.listings.insertMany(creates.map((c) => ({ ...c, uploadedById: actorId })));
      for (const row of rows) events.push({ type: 'listing.created', actorId, entity: listingEntity(row), data: listingRef(row) });
    }
    let updated = 0;
    for (const { before, values } of updates) {
      const patch: Partial<NewListingRow> = { ...values };
      delete patch.code;
      const fields = changedFields(before as ListingRow, patch);
      if (!fields.length) continue;
      const changed = Object.fromEntries(fields.map((f) => [f, patch[f as keyof NewListingRow]])) as Partial<NewListingRow>;
      await this.listings.update(before.id, changed);
      events.push({ type: 'listing.updated', actorId, entity: listingEntity(before), data: { ...listingRef({ ...before, ...changed }), fields } });
      updated++;
    }
    if (events.length) await this.events.publish(...events);
    return { created: creates.length, updated, unchanged: updates.length - updated };
  }

  /* ---------------------------------------------------------------------------------------------
   * ARIA (issue 17): what the assistant's tools read of listings, by the search's visibility rule.
   * ------------------------------------------------------------------------------------------- */

  /**
   * Up to `cap` ids of the listings this caller's search would show for the filters (the search's own
   * rule: the public see visible non-draft listings, staff every listing), newest first, and how many
   * match. A public search answers from the listings held in memory (ListingSearchIndexService, exact
   * total); otherwise PostgreSQL walks `whereOf` newest first and the total is the search's (totalOf:
   * exact up to EXACT_TOTAL_UP_TO, else estimated).
   */
  async ariaCandidates(caller: AuthUser, filters: ListingFilters, cap: number): Promise<{ ids: string[]; total: number }> {
    const viewer = viewerOf(caller);
    const limit = Math.min(Math.max(1, cap), INDEX_MAX_PAGE_ROWS);
    const index = searchesPublic(viewer, filters) ? await this.searchIndex.current() : null;
    if (index) return index.search(filters, await this.searchIndex.wordGroups(filters), { field: 'createdAt', direction: 'desc' }, limit, 0);
    const ids = await this.listings.ariaCandidateIds(filters, viewer, limit);
    return { ids, total: ids.length < limit ? ids.length : (await this.totalOf(filters, viewer)).total };
  }

  /**
   * The listings among these ids or codes that the caller may see (`canSeeListing`: public ones, their
   * own, every one for staff), every column but the search's; unknown and unseen ones are left out.
   */
  async ariaListings(caller: AuthUser, refs: string[]): Promise<ListingCard[]> {
    const ids = refs.filter((r) => isUUID(r));
    const codes = refs.filter((r) => !isUUID(r)).map((c) => c.trim().toUpperCase());
    const [byId, byCode] = await Promise.all([this.listings.cardsByIds(ids), this.listings.rowsByCodes(codes)]);
    const seen = new Map<string, ListingCard>();
    for (const row of [...byId.map((r) => r.listing), ...byCode]) if (canSeeListing(caller, row)) seen.set(row.id, row);
    return [...seen.values()];
  }

  /** What ARIA's listing embeddings are computed from (name, type, kind, offer, place, the start of the description), by id; deleted listings left out. */
  embeddingTextsOf(ids: string[]) {
    return this.listings.embeddingTextsOf(ids);
  }

  /** The same for every listing in id order, `limit` after `afterId` (null: from the start): the embeddings' backfill. */
  embeddingTexts(afterId: string | null, limit: number) {
    return this.listings.embeddingTextsAfter(afterId, Math.min(Math.max(1, limit), 5000));
  }
}


/** A listing's columns as create computes them from its input (see ListingsService.listingValues). */
export type ListingValues = Omit<NewListingRow, 'id' | 'code' | 'ownerId' | 'uploadedById'> &
  Required<Pick<NewListingRow, 'kind' | 'offer' | 'furnishing' | 'status' | 'tags' | 'currency' | 'description' | 'descriptionHtml' | 'amenities'>>;

/** A listing of a JSON import: create's columns, the code from the file and the owner. */
export type ImportedListing = ListingValues & { code: string; ownerId: string };

export interface ListingRef {
  listingId: string;
  name: string;
  code: string;
  ownerId: string;
}

/** A listing as the market figures record it (ListingsService.marketFacts). */
export interface ListingMarketFacts {
  id: string;
  regionCode: string;
  provinceCode: string | null;
  cityCode: string;
  barangayCode: string;
  type: string;
  kind: string | null;
  offer: string;
  currency: string;
  price: number;
  floorSize: number | null;
  lotSize: number | null;
  status: string;
  isPublic: boolean;
  savedCount: number;
  createdAt: Date;
  updatedAt: Date;
}

function toMarketFacts({ isVisible, ...r }: Awaited<ReturnType<ListingsRepository['marketFacts']>>[number]): ListingMarketFacts {
  return {
    ...r,
    price: Number(r.price),
    floorSize: r.floorSize === null ? null : Number(r.floorSize),
    lotSize: r.lotSize === null ? null : Number(r.lotSize),
    isPublic: isPublicListing({ isVisible, status: r.status }),
  };
}

/** What an event says about a listing. */
export function listingRef(row: Pick<ListingRow, 'id' | 'name' | 'code' | 'ownerId'>): ListingRef {
  return { listingId: row.id, name: row.name, code: row.code, ownerId: row.ownerId };
}

export function listingEntity(row: Pick<ListingRow, 'id'>) {
  return { kind: 'listing' as const, id: row.id };
}

/** The fields a patch really changes (compared as JSON: arrays and numbers alike). */
function changedFields(before: ListingRow, patch: Partial<NewListingRow>): string[] {
  return Object.keys(patch).filter(
    (k) => JSON.stringify(patch[k as keyof NewListingRow]) !== JSON.stringify(before[k as keyof ListingRow]),
  );
}
