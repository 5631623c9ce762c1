import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { and, arrayContains, asc, count, desc, eq, getTableColumns, gte, inArray, lte, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  GRID_CELLS_PER_DEGREE,
  GRID_COLUMNS,
  gridCellOf,
  listingDocuments,
  listingEvents,
  listingReviews,
  listingGridCells,
  listingWords,
  listings,
  users,
  type ListingImage,
  type ListingRow,
  type NewListingRow,
} from '@app/db';
import { PRICE_BANDS } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';
import { isQueryCanceled } from '../../common/db/pg-errors';
import type { SortTerm } from '../../common/query/list-query';
import { coveredByTokens, facetTokensOf, PRICE_TOKEN_BOUNDS, toWordsTsQuery, type ListingFilters } from './listing-search';
import type { ListingCard, ListingWithOwner } from './listing.mapper';
import { PUBLIC_LISTINGS } from './listing-access';
import { countInWindow, countsByPeriod, type PeriodCount, type PeriodWindow } from '../../common/db/period-counts';
import { changeSeqsSince, seqsOf } from './search-index/listing-search-index.repository';

export const LISTING_SORT_COLUMNS = {
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
  name: listings.name,
  price: listings.price,
  views: listings.views,
  savedCount: listings.savedCount,
  rating: listings.ratingAverage,
} as const;
export type ListingSortKey = keyof typeof LISTING_SORT_COLUMNS;

/** Who is looking: decides which hidden or draft listings they may see. */
export interface Viewer {
  id?: string;
  /** Sees hidden and draft listings too: staff (viewer, admin, super admin; `seesAllListings`). */
  isAdmin: boolean;
}

/** The grid cells a box touches: those wholly inside it, and those its edges cross. */
export interface BoxCells {
  interior: number[];
  border: number[];
}

/** The share of the table's pages (per cent) a sampled estimate reads: about 1,300 of 132,000 at 1,000,000 listings. */
const SAMPLE_PERCENT = 1;
/**
 * What the sidebar counts of each match: columns the covering indexes INCLUDE (migration 0014), so
 * reading 2,001 matches of a search without text is an index-only scan (the city's name is read for
 * the 30 top cities only).
 */
const FACET_COLUMNS = sql.raw('type, offer, kind, furnishing, price, city_code, tags');
/**
 * A LIMIT no search reaches, on the subquery of the `gin` form: a subquery with a LIMIT is never merged
 * into the outer query, so the planner cannot turn the gathering back into an ordered walk (drizzle
 * leaves out OFFSET 0, the usual fence: it dropped the fence without a word until issue 11).
 */
const FENCE_LIMIT = 1_000_000_000;
/** How many listings a bounded walk reads before it gives up and the matches are gathered instead. */
export const BOUNDED_WALK_ROWS = 1000;

/** What the sidebar counts, over the rows read (`read` of them). */
export interface FacetCounts {
  read: number;
  /** What each count stands for: 1 for rows read one by one, 100 / SAMPLE_PERCENT for a sample of pages. */
  scale: number;
  types: { value: string; count: number }[];
  offers: { value: string; count: number }[];
  kinds: { value: string; count: number }[];
  furnishings: { value: string; count: number }[];
  /** By the index of the band in PRICE_BANDS. */
  bands: { value: string; count: number }[];
  cities: { code: string; name: string; count: number }[];
  tags: { value: string; count: number }[];
}

/** Boxes up to this side (degrees) are matched with the GiST point index; larger ones by latitude and longitude ranges. */
const GIST_BOX_MAX_DEG = 0.05;

/** A box touching more grid cells than this pages through the GiST index instead (a zoomed-out map). */
const MAX_BOX_CELLS = 400;
/** Past this many rows per page (limit + skip), walking every cell costs more than one sort. */
const MAX_CELL_WALK = 200;

/** A listing's columns without the search columns (derived text and its vector: never sent, costly to read). */
const { searchText: _searchText, searchVector: _searchVector, ...LISTING_COLUMNS } = getTableColumns(listings);

/**
 * How a search page is read. `walk`: plain conditions, so the planner walks an ordered index
 * (say `(city_code, created_at desc)`) and stops at the page size — right when matches are common
 * among the rows walked. `gin`: the city, barangay and type as full-text tokens, one GIN scan for
 * the matches, then a sort — right when matches are rare. `gin` fences the scan in a subquery
 * (a LIMIT, FENCE_LIMIT) so the planner cannot turn it back into a walk on a wrong row estimate. `bounded`: walk
 * at most BOUNDED_WALK_ROWS listings in the page's order; if they do not fill the page, `gin` (for
 * orders the filters are not independent of: a price walk meets every rental before a condo for sale).
 */
export type SearchPageForm = 'walk' | 'gin' | 'bounded';

/**
 * Which form of the WHERE: `page`, plain conditions (ordered walks, capped counts); `count`, the text's
 * city, barangay, type, offer and kind as full-text tokens (one GIN scan); `tokens`, that plus the
 * other filters as facet tokens (listing_facet_tokens, GIN) for sets too rare to find by walking.
 */
export type WherePurpose = 'page' | 'count' | 'tokens';

/** What a box-by-grid-cells statement takes: values, or placeholders to prepare it once. */
export type BoxValues<T> = {
  interior: T;
  border: T;
  south: T;
  north: T;
  west: T;
  east: T;
  walk: T;
  limit: T;
  skip: T;
};

const BOX_VALUE_NAMES = ['interior', 'border', 'south', 'north', 'west', 'east', 'walk', 'limit', 'skip'] as const;

function placeholders(): BoxValues<ReturnType<typeof sql.placeholder>> {
  return Object.fromEntries(BOX_VALUE_NAMES.map((n) => [n, sql.placeholder(n)])) as unknown as BoxValues<ReturnType<typeof sql.placeholder>>;
}

/** The values of a public box page by grid cells (arrays as PostgreSQL array literals of numbers). */
export function boxValues(f: ListingFilters, cells: BoxCells, limit: number, skip: number): BoxValues<unknown> {
  const array = (ids: number[]) => `{${ids.join(',')}}`;
  const b = f.bounds!;
  return {
    interior: array(cells.interior),
    border: array(cells.border),
    south: b.south,
    north: b.north,
    west: b.west,
    east: b.east,
    walk: limit + skip,
    limit,
    skip,
  };
}

@Injectable()
export class ListingsRepository {
  /** Statements prepared once per process (and by name once per connection), with placeholders. */
  private readonly prepared = new Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>();

  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * A card's columns. `isSaved` is false here: a member's saved listings belong to the saved module,
   * which ListingsService asks for a page's ids (so members and guests share one prepared statement).
   * Public for ListingMapRepository's box page.
   */
  selection() {
    return {
      listing: LISTING_COLUMNS,
      // the owner's trust (type, verified identity, licence summary) rides on the same join: listing answers show the badges
      owner: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: users.avatar,
        type: users.type,
        // a verified identity is an approved KYC (users.kyc), not users.is_verified (a confirmed e-mail)
        isVerified: sql<boolean>`coalesce((${users.kyc} ->> 'status') = 'approved', false)`,
        licence: users.licence,
      },
      isSaved: sql<boolean>`false`,
    };
  }

  async nextCode(prefix: string): Promise<string> {
    const result = await this.db.execute(sql`select nextval('listing_code_seq') as n`);
    const n = (result as unknown as { rows: { n: string }[] }).rows[0].n;
    return `${prefix}-${String(n).padStart(6, '0')}`;
  }

  async insert(values: NewListingRow): Promise<ListingRow> {
    const [row] = await this.db.insert(listings).values(values).returning();
    return row;
  }

  async findRow(id: string): Promise<ListingRow | null> {
    const [row] = await this.db.select().from(listings).where(eq(listings.id, id)).limit(1);
    return row ?? null;
  }

  async findWithOwner(id: string): Promise<ListingWithOwner | null> {
    const [row] = await this.db
      .select(this.selection())
      .from(listings)
      .innerJoin(users, eq(users.id, listings.ownerId))
      .where(eq(listings.id, id))
      .limit(1);
    return (row as ListingWithOwner) ?? null;
  }

  async update(id: string, patch: Partial<NewListingRow>): Promise<ListingRow | null> {
    const [row] = await this.db
      .update(listings)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(listings.id, id))
      .returning();
    return row ?? null;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(listings).where(eq(listings.id, id));
  }

  /** Every listing of an owner (any status), oldest first. */
  allOfOwner(ownerId: string): Promise<ListingRow[]> {
    return this.db.select().from(listings).where(eq(listings.ownerId, ownerId)).orderBy(asc(listings.createdAt));
  }

  /** Hides the owner's visible listings, marked as hidden for the suspension; answers those it hid. */
  hideForSuspendedOwner(ownerId: string): Promise<ListingRow[]> {
    return this.db
      .update(listings)
      .set({ isVisible: false, hiddenForSuspension: true, updatedAt: new Date() })
      .where(and(eq(listings.ownerId, ownerId), eq(listings.isVisible, true)))
      .returning();
  }

  /** Shows again the owner's listings hidden for the suspension (not those hidden otherwise); answers them. */
  showAfterSuspension(ownerId: string): Promise<ListingRow[]> {
    return this.db
      .update(listings)
      .set({ isVisible: true, hiddenForSuspension: false, updatedAt: new Date() })
      .where(and(eq(listings.ownerId, ownerId), eq(listings.hiddenForSuspension, true)))
      .returning();
  }

  /** The WHERE of a search: the filters plus what this viewer may see. */
  /**
   * The WHERE of a search: the filters plus what this viewer may see. With a search text there are two
   * forms. For a total (`count`), the city, barangay, type, offer and kind go into the full-text query as tokens, so
   * one GIN scan intersects them. For a newest-first page (`page`), the text stays words only and the
   * filters stay plain conditions: with honest row estimates the planner walks the
   * `(city_code, created_at desc)` index and stops at the page size.
   */
  whereOf(f: ListingFilters, viewer: Viewer, purpose: WherePurpose = 'page'): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    const ownSearch = viewer.id !== undefined && f.ownerId === viewer.id;
    const publicOnly = !viewer.isAdmin && !ownSearch;
    if (publicOnly) {
      parts.push(PUBLIC_LISTINGS);
    }
    const words = f.wordsQuery ?? (f.text ? toWordsTsQuery(f.text) : null);
    const asTokens = words !== null && purpose !== 'page';
    const facetTokens = purpose === 'tokens' && publicOnly ? facetTokensOf(f) : [];
    if (facetTokens.length) {
      // the GIN index of migration 0015 (public listings only): its exact expression, or it is not used
      parts.push(
        sql`listing_facet_tokens(${listings.offer}, ${listings.type}, ${listings.kind}, ${listings.furnishing}, ${listings.bedrooms}, ${listings.bathrooms}, ${listings.parkingSlots}, ${listings.price}, ${listings.tags}) @> ${`{${facetTokens.map((t) => `"${t}"`).join(',')}}`}::text[]`,
      );
    }
    if (words) {
      // full text (GIN, exact words): the text parsed by PostgreSQL's own parser, as the listings were
      // ("RES-001000" is 'res' and '-001000'), or the corrected query
      const text = this.textQueryOf(f);
      const anyOf = (prefix: string, values?: string[]) => (values?.length ? [`(${values.map((v) => `${prefix}${v}`).join(' | ')})`] : []);
      const kinds = f.kind?.map((k) => k.replace(/_/g, ''));
      const tokens = asTokens ? [...anyOf('c', f.city), ...anyOf('b', f.barangay), ...anyOf('t', f.type), ...anyOf('o', f.offer), ...anyOf('k', kinds)] : [];
      parts.push(
        tokens.length
          ? sql`${listings.searchVector} @@ (${text} && to_tsquery('simple', ${tokens.join(' & ')}))`
          : sql`${listings.searchVector} @@ ${text}`,
      );
    }
    if (f.ownerId) parts.push(eq(listings.ownerId, f.ownerId));
    if (f.code) parts.push(eq(listings.code, f.code));
    if (f.verified !== undefined) parts.push(eq(listings.verified, f.verified));
    if (f.visible !== undefined) parts.push(eq(listings.isVisible, f.visible));
    if (f.hasDocuments !== undefined) {
      // written out: whereOf also goes into select fields, where drizzle leaves columns unqualified
      const has = sql`exists (select 1 from listing_documents d where d.listing_id = listings.id)`;
      parts.push(f.hasDocuments ? has : sql`not ${has}`);
    }
    if (f.reported !== undefined) {
      // the partial index listing_reports_open_idx holds only open reports
      const open = sql`exists (select 1 from listing_reports r where r.listing_id = listings.id and r.resolved_at is null)`;
      parts.push(f.reported ? open : sql`not ${open}`);
    }
    // with facet tokens, a filter the tokens say exactly is not repeated, and the others are checked
    // on the rows the GIN scan finds as plain expressions (`+ 0`): a btree on them would only make the
    // planner AND in a large bitmap (250,000 commercial listings) to a scan that found ten
    const covered = facetTokens.length ? coveredByTokens(f) : new Set<string>();
    const recheck = (column: SQL.Aliased | AnyColumn) => (facetTokens.length ? sql`(${column} + 0)` : column);
    for (const [key, column] of [
      ['price', listings.price],
      ['lotSize', listings.lotSize],
      ['floorSize', listings.floorSize],
      ['bedrooms', listings.bedrooms],
      ['bathrooms', listings.bathrooms],
      ['parkingSlots', listings.parkingSlots],
    ] as const) {
      const range = f[key];
      if (covered.has(key)) continue;
      if (range?.min !== undefined) parts.push(gte(recheck(column) as typeof column, range.min));
      if (range?.max !== undefined) parts.push(lte(recheck(column) as typeof column, range.max));
    }
    if (f.type?.length && !asTokens && !covered.has('type')) parts.push(inArray(listings.type, f.type as ListingRow['type'][]));
    if (f.offer?.length && !asTokens && !covered.has('offer')) parts.push(inArray(listings.offer, f.offer as ListingRow['offer'][]));
    if (f.kind?.length && !asTokens && !covered.has('kind')) parts.push(inArray(listings.kind, f.kind as NonNullable<ListingRow['kind']>[]));
    if (f.furnishing?.length && !covered.has('furnishing')) parts.push(inArray(listings.furnishing, f.furnishing as NonNullable<ListingRow['furnishing']>[]));
    if (f.status?.length) parts.push(inArray(listings.status, f.status as ListingRow['status'][]));
    if (f.city?.length && !asTokens) parts.push(inArray(listings.cityCode, f.city));
    if (f.barangay?.length && !asTokens) parts.push(inArray(listings.barangayCode, f.barangay));
    if (f.tags?.length && !covered.has('tags')) parts.push(arrayContains(listings.tags, f.tags));
    if (f.minRating !== undefined) parts.push(gte(listings.ratingAverage, f.minRating));
    if (f.bounds) {
      const b = f.bounds;
      if (Math.max(b.north - b.south, b.east - b.west) <= GIST_BOX_MAX_DEG) {
        // a street or a district: the GiST index gathers its few listings
        parts.push(sql`point(${listings.lng}, ${listings.lat}) <@ box(point(${b.west}, ${b.south}), point(${b.east}, ${b.north}))`);
      } else {
        // a city or a region: plain ranges, whose row estimate comes from the columns' statistics (the
        // planner takes any `<@` box as 0.1 % of the table, and gathered 340,000 listings of a 2° box to
        // sort them), so a walk of a covering index checks the coordinates without the table
        parts.push(sql`${listings.lat} between ${b.south} and ${b.north} and ${listings.lng} between ${b.west} and ${b.east}`);
      }
    }
    return parts.length ? and(...parts) : undefined;
  }

  /** The full-text query of a search's text: the corrected query when there is one, else the text as PostgreSQL parses it. */
  private textQueryOf(f: ListingFilters): SQL {
    return f.wordsQuery !== undefined ? sql`to_tsquery('simple', ${f.wordsQuery})` : sql`plainto_tsquery('simple', ${f.text ?? ''})`;
  }

  /** The statements of a search (the page's ids, the page with its total, the total), unexecuted, so benchmarks can EXPLAIN them. */
  searchQueries(
    f: ListingFilters,
    viewer: Viewer,
    sort: SortTerm<ListingSortKey>[] | 'relevance',
    limit: number,
    skip: number,
    form: SearchPageForm = 'walk',
  ) {
    const db = this.db;
    const keys: { expr: SQL | (typeof LISTING_SORT_COLUMNS)[ListingSortKey] | typeof listings.id; direction: 'asc' | 'desc' }[] = [
      ...(sort === 'relevance' && f.text
        ? [
            {
              expr: sql`ts_rank(${listings.searchVector}, ${this.textQueryOf(f)})`,
              direction: 'desc' as const,
            },
            { expr: listings.createdAt, direction: 'desc' as const },
          ]
        : (sort === 'relevance' ? [] : sort).map((s) => ({ expr: LISTING_SORT_COLUMNS[s.field], direction: s.direction }))),
      { expr: listings.id, direction: 'desc' },
    ];
    const order = (exprs: (SQL | SQL.Aliased | (typeof keys)[number]['expr'])[]) =>
      exprs.map((e, i) => (keys[i].direction === 'desc' ? desc(e as SQL) : asc(e as SQL)));
    // ids first (an index-only scan where the indexes cover the filters and the order), then the rows
    let ids;
    if (form === 'walk') {
      ids = db
        .select({ id: listings.id })
        .from(listings)
        .where(this.whereOf(f, viewer, 'page'))
        .orderBy(...order(keys.map((k) => k.expr)))
        .limit(limit)
        .offset(skip);
    } else {
      const columns = Object.fromEntries(keys.map((k, i) => [`k${i}`, sql`${k.expr}`.as(`k${i}`)]));
      const matches = db.select(columns).from(listings).where(this.whereOf(f, viewer, 'tokens')).limit(FENCE_LIMIT).as('matches');
      const aliased = keys.map((_, i) => (matches as unknown as Record<string, SQL.Aliased>)[`k${i}`]);
      ids = db
        .select({ id: sql`${aliased[aliased.length - 1]}` })
        .from(matches)
        .orderBy(...order(aliased))
        .limit(limit)
        .offset(skip);
    }
    // the page's matches among the first `rows` listings (in the page's order) this viewer may see; the
    // outer query has no ORDER BY so it streams the walk in its order and stops at the page's last match
    const visibility = this.visibilityOf(f, viewer);
    const boundedWalk = (rows: number) => {
      const columns = { id: listings.id, hit: sql<boolean>`coalesce(${this.whereOf(f, viewer, 'page') ?? sql`true`}, false)`.as('hit') };
      const walked = db.select(columns).from(listings).where(visibility).orderBy(...order(keys.map((k) => k.expr))).limit(rows).as('walked');
      return db.select({ id: walked.id }).from(walked).where(sql`${walked.hit}`).limit(limit).offset(skip);
    };
    // built on demand: a search runs one or two of these
    return {
      /** The page's ids among at most `rows` listings walked in order (SearchPageForm 'bounded'). */
      boundedWalk,
      /** The page's ids, in order (`cardsByIds` reads their listings). */
      ids: () => ids,
      total: () => this.totalQuery(f, viewer),
      /** The page with the total on every row (an uncorrelated subquery, run once): one round trip. */
      pageWithTotal: () =>
        this.db
          .select({ ...this.selection(), total: sql<string>`(select count(*) from ${listings} where ${this.whereOf(f, viewer, 'count')})` })
          .from(listings)
          .innerJoin(users, eq(users.id, listings.ownerId))
          .where(inArray(listings.id, ids))
          .orderBy(...order(keys.map((k) => k.expr))),
    };
  }

  /**
   * A page and its total in one statement, for searches whose totals are rarely asked twice (a map
   * box: every pan is a new box, so caching its count would only cost a write). An empty page (an
   * empty box, or a page past the end) answers its total with a second, cheap count.
   */
  async searchPageAndTotal(f: ListingFilters, viewer: Viewer, sort: SortTerm<ListingSortKey>[] | 'relevance', limit: number, skip: number) {
    const cells = this.gridCellsOf(f, viewer, sort, limit + skip);
    let rows: (ListingWithOwner & { total: string })[];
    if (cells) {
      rows = (await this.boxStatement().execute(boxValues(f, cells, limit, skip))) as typeof rows;
    } else {
      const statement = this.searchQueries(f, viewer, sort, limit, skip, 'walk').pageWithTotal();
      // a named statement: each pooled connection parses and plans this shape once, then reuses it
      const name = `search_${createHash('sha1').update(statement.toSQL().sql).digest('hex').slice(0, 20)}`;
      rows = (await statement.prepare(name).execute()) as typeof rows;
    }
    const total = rows.length ? Number(rows[0].total) : await this.searchTotal(f, viewer);
    return { rows: rows as ListingWithOwner[], total };
  }

  /** A statement built and prepared on first use under this name: nothing to build per search. */
  private preparedOnce(name: string, build: () => { prepare(name: string): { execute(values: Record<string, unknown>): Promise<unknown> } }) {
    let statement = this.prepared.get(name);
    if (!statement) {
      statement = build().prepare(name);
      this.prepared.set(name, statement);
    }
    return statement;
  }

  /** The public box page by grid cells, with placeholders (one statement for guests and members). */
  private boxStatement() {
    return this.preparedOnce('search_box_cells_guest', () => this.boxByGridCells(placeholders()));
  }

  /**
   * The grid cells a public, newest-first map box page can be read from (split into the cells wholly
   * inside the box and those on its border), or null when the search does not suit them: only a box
   * (other filters would make each cell's walk read the table), a viewer who sees what the public sees
   * (the grid index holds only that), newest first, at most MAX_BOX_CELLS cells, and not so deep a page
   * that every cell must give up most of its rows.
   */
  gridCellsOf(f: ListingFilters, viewer: Viewer, sort: SortTerm<ListingSortKey>[] | 'relevance', wanted: number): BoxCells | null {
    const { bounds, ...rest } = f;
    if (!bounds || viewer.isAdmin || wanted > MAX_CELL_WALK) return null;
    if (Object.values(rest).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))) return null;
    const newestFirst = sort !== 'relevance' && (sort.length === 0 || (sort.length === 1 && sort[0].field === 'createdAt' && sort[0].direction === 'desc'));
    if (!newestFirst) return null;
    // the same IEEE arithmetic as gridCellOf in SQL: (degrees + offset) × cells per degree, floored
    const cell = (deg: number, offset: number) => Math.floor((deg + offset) * GRID_CELLS_PER_DEGREE);
    const [r0, r1, c0, c1] = [cell(bounds.south, 90), cell(bounds.north, 90), cell(bounds.west, 180), cell(bounds.east, 180)];
    if ((r1 - r0 + 1) * (c1 - c0 + 1) > MAX_BOX_CELLS) return null;
    const cells: BoxCells = { interior: [], border: [] };
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) (r > r0 && r < r1 && c > c0 && c < c1 ? cells.interior : cells.border).push(r * GRID_COLUMNS + c);
    }
    return cells;
  }

  /**
   * A public box page read cell by cell: the newest `limit + skip` listings of each grid cell the box
   * touches (an index-only walk per cell, LATERAL), merged newest first; its total is the public
   * count of the cells wholly inside the box (kept by triggers in listing_grid_cells) plus the
   * listings of the border cells that lie inside, counted from the same index by their coordinates.
   * The cells go as array parameters (a `generate_series` grid costs the planner ten times more), the
   * visibility as literals (so the planner can prove the partial index's condition whatever the plan).
   */
  boxByGridCells(v: BoxValues<unknown>) {
    const cell = gridCellOf(listings.lat, listings.lng);
    const publicOnly = sql`${listings.isVisible} and ${listings.status} <> 'draft'`;
    const inBox = sql`${listings.lat} between ${v.south} and ${v.north} and ${listings.lng} between ${v.west} and ${v.east}`;
    const newestOf = (cells: string) => sql`cross join lateral (
        select ${listings.id} as id, ${listings.createdAt} as created_at from ${listings}
        where ${cell} = ${sql.raw(cells)}.cell and ${publicOnly} and ${inBox}
        order by ${listings.createdAt} desc, ${listings.id} desc limit ${v.walk}
      ) found`;
    const g = listingGridCells;
    // the box's cells that have public listings, with their counts and newest-listing bounds
    const boxCells = this.db
      .$with('box_cells', { cell: sql`cell`, listings: sql`listings`, newest: sql`newest`, interior: sql`interior` })
      .as(
        sql`select ${g.cell} as cell, ${g.listings} as listings, ${g.newest} as newest, ${g.cell} = any(${v.interior}::int8[]) as interior
          from ${g} where ${g.cell} = any(${v.interior}::int8[] || ${v.border}::int8[]) and ${g.listings} > 0`,
      );
    // walk the cells whose newest listings are newest first; their walk-th newest listing in the box
    // is a floor: no other cell whose newest is older than it can place a listing on the page
    const firstCells = this.db.$with('first_cells', { cell: sql`cell` }).as(sql`select cell from box_cells order by newest desc limit ${v.walk}`);
    const firstFound = this.db
      .$with('first_found', { id: sql`id`, created_at: sql`created_at` })
      .as(sql`select found.id, found.created_at from first_cells ${newestOf('first_cells')}`);
    const floor = sql`(select coalesce((select created_at from first_found order by created_at desc, id desc offset ${v.walk}::int - 1 limit 1), '-infinity'))`;
    const ids = sql`select merged.id from (
        select id, created_at from first_found
        union all
        select found.id, found.created_at from box_cells ${newestOf('box_cells')}
        where box_cells.newest >= ${floor} and box_cells.cell not in (select cell from first_cells)
      ) merged
      order by merged.created_at desc, merged.id desc limit ${v.limit} offset ${v.skip}`;
    const total = sql<string>`(select coalesce(sum(listings), 0) from box_cells where interior)
      + (select count(*) from ${listings} where ${cell} = any(${v.border}::int8[]) and ${publicOnly} and ${inBox})`;
    return this.db
      .with(boxCells, firstCells, firstFound)
      .select({ ...this.selection(), total })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.ownerId))
      .where(sql`${listings.id} in (${ids})`)
      .orderBy(desc(listings.createdAt), desc(listings.id));
  }

  private totalQuery(f: ListingFilters, viewer: Viewer) {
    return this.db.select({ total: count() }).from(listings).where(this.whereOf(f, viewer, 'count'));
  }

  /**
   * One page of a search, read in the given form (see SearchPageForm): the ids by a statement built
   * for these filters (small), then the listings by one statement prepared once. Building and planning
   * the ~50 columns of a page with its filters was half the API's and two thirds of PostgreSQL's time
   * for a text search; a listing that goes between the two reads is left out of the page.
   */
  async searchPage(
    f: ListingFilters,
    viewer: Viewer,
    sort: SortTerm<ListingSortKey>[] | 'relevance',
    limit: number,
    skip: number,
    form: SearchPageForm,
    walkRows = BOUNDED_WALK_ROWS,
  ) {
    return this.cardsByIds(await this.searchPageIds(f, viewer, sort, limit, skip, form, walkRows));
  }

  /**
   * The ids of a search page, read in the given form; a bounded walk that did not fill the page within
   * `walkRows` listings gathers instead.
   */
  async searchPageIds(
    f: ListingFilters,
    viewer: Viewer,
    sort: SortTerm<ListingSortKey>[] | 'relevance',
    limit: number,
    skip: number,
    form: SearchPageForm,
    walkRows = BOUNDED_WALK_ROWS,
  ) {
    const queries = this.searchQueries(f, viewer, sort, limit, skip, form === 'bounded' ? 'gin' : form);
    if (form === 'bounded') {
      const ids = ((await queries.boundedWalk(walkRows)) as { id: string }[]).map((r) => r.id);
      // a full page: the walk's answer; short, it gave up (or the table is small and gathering is cheap)
      if (ids.length === limit) return ids;
      const banded = await this.priceBandedIds(f, viewer, sort, limit, skip);
      if (banded) return banded;
    }
    return ((await queries.ids()) as { id: string }[]).map((r) => r.id);
  }

  /**
   * A page in price order gathered band by band (the price bands of the facet tokens, cheapest or
   * dearest first), each band one GIN scan of the words, the filters and the band's tokens: the work
   * is the matches of the bands before the page is full, not all the matches. Null when the order is
   * not by price or the viewer does not search the public listings (the tokens index holds only those).
   */
  private async priceBandedIds(
    f: ListingFilters,
    viewer: Viewer,
    sort: SortTerm<ListingSortKey>[] | 'relevance',
    limit: number,
    skip: number,
  ): Promise<string[] | null> {
    if (sort === 'relevance' || sort[0]?.field !== 'price' || this.visibilityOf(f, viewer) === undefined) return null;
    const bounds = [0, ...PRICE_TOKEN_BOUNDS];
    const bands = bounds.map((min, i) => ({ min, max: i + 1 < bounds.length ? bounds[i + 1] - 0.01 : undefined }));
    if (sort[0].direction === 'desc') bands.reverse();
    const ids: string[] = [];
    for (const band of bands) {
      const min = Math.max(band.min, f.price?.min ?? 0);
      const max = band.max === undefined ? f.price?.max : f.price?.max === undefined ? band.max : Math.min(band.max, f.price.max);
      if (max !== undefined && min > max) continue;
      const within = { ...f, price: { ...(min > 0 && { min }), ...(max !== undefined && { max }) } };
      const found = (await this.searchQueries(within, viewer, sort, skip + limit - ids.length, 0, 'gin').ids()) as { id: string }[];
      ids.push(...found.map((r) => r.id));
      if (ids.length >= skip + limit) break;
    }
    return ids.slice(skip, skip + limit);
  }

  /** The visibility part of whereOf alone (what the public may see, unless the viewer is an admin or searches their own listings). */
  private visibilityOf(f: ListingFilters, viewer: Viewer): SQL | undefined {
    const ownSearch = viewer.id !== undefined && f.ownerId === viewer.id;
    return !viewer.isAdmin && !ownSearch ? PUBLIC_LISTINGS : undefined;
  }

  /**
   * What saved-search alerts test a listing against (ListingForAlerts): the columns the search filters
   * read, its full-text lexemes as PostgreSQL parsed them, and what decides whether the public sees it.
   */
  /** What the market figures record of listings (module `market` asks through ListingsService.marketFacts). */
  private readonly marketColumns = {
    id: listings.id,
    regionCode: listings.regionCode,
    provinceCode: listings.provinceCode,
    cityCode: listings.cityCode,
    barangayCode: listings.barangayCode,
    type: listings.type,
    kind: listings.kind,
    offer: listings.offer,
    currency: listings.currency,
    price: listings.price,
    floorSize: listings.floorSize,
    lotSize: listings.lotSize,
    status: listings.status,
    isVisible: listings.isVisible,
    savedCount: listings.savedCount,
    createdAt: listings.createdAt,
    updatedAt: listings.updatedAt,
  };

  async marketFacts(ids: string[]) {
    if (!ids.length) return [];
    return this.db.select(this.marketColumns).from(listings).where(inArray(listings.id, ids));
  }

  /** The next `limit` listings after `afterId` in id order (a keyset walk over the whole table). */
  async marketFactsAfter(afterId: string | null, limit: number) {
    return this.db
      .select(this.marketColumns)
      .from(listings)
      .where(afterId ? sql`${listings.id} > ${afterId}` : undefined)
      .orderBy(asc(listings.id))
      .limit(limit);
  }

  async forAlerts(ids: string[]) {
    if (!ids.length) return [];
    return this.db
      .select({
        id: listings.id,
        code: listings.code,
        name: listings.name,
        ownerId: listings.ownerId,
        isVisible: listings.isVisible,
        status: listings.status,
        price: listings.price,
        currency: listings.currency,
        lotSize: listings.lotSize,
        floorSize: listings.floorSize,
        bedrooms: listings.bedrooms,
        bathrooms: listings.bathrooms,
        parkingSlots: listings.parkingSlots,
        type: listings.type,
        offer: listings.offer,
        kind: listings.kind,
        furnishing: listings.furnishing,
        tags: listings.tags,
        verified: listings.verified,
        rating: listings.ratingAverage,
        lat: listings.lat,
        lng: listings.lng,
        cityCode: listings.cityCode,
        cityName: listings.cityName,
        barangayCode: listings.barangayCode,
        lexemes: sql<string[]>`tsvector_to_array(${listings.searchVector})`,
        createdAt: listings.createdAt,
      })
      .from(listings)
      .where(inArray(listings.id, ids));
  }

  /** Listings with their owners by id, in the order given (ids that are gone are left out). */
  async cardsByIds(ids: string[]): Promise<ListingWithOwner[]> {
    if (!ids.length) return [];
    const statement = this.preparedOnce('listing_cards_guest', () =>
      this.db
        .select(this.selection())
        .from(listings)
        .innerJoin(users, eq(users.id, listings.ownerId))
        .where(sql`${listings.id} = any(${sql.placeholder('ids')}::uuid[])`),
    );
    const rows = (await statement.execute({ ids: `{${ids.join(',')}}` })) as ListingWithOwner[];
    const byId = new Map(rows.map((r) => [r.listing.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The cards of these listings and, in the same statement (one round trip), the search index's
   * changes from `fromXid` on (`changeSeqsSince`): a search from the index checks with them that it
   * missed nothing (ListingSearchIndexService.isCurrent); null when none of the listings is found.
   */
  async cardsAndChanges(ids: string[], fromXid: string): Promise<{ rows: ListingWithOwner[]; changes: number[] | null }> {
    if (!ids.length) throw new RangeError('cardsAndChanges needs at least one id (its changes come with the rows)');
    const statement = this.preparedOnce('listing_cards_changes', () =>
      this.db
        .select({ ...this.selection(), changes: changeSeqsSince(sql`${sql.placeholder('fromXid')}`) })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.ownerId))
        .where(sql`${listings.id} = any(${sql.placeholder('ids')}::uuid[])`),
    );
    const found = (await statement.execute({ ids: `{${ids.join(',')}}`, fromXid })) as (ListingWithOwner & { changes: number[] | string })[];
    // every row carries the same changes; unknown (null) when no listing is left: the caller reads them itself
    if (!found.length) return { rows: [], changes: null };
    const changes = seqsOf(found[0].changes);
    const byId = new Map(found.map(({ changes: _changes, ...r }) => [r.listing.id, r as ListingWithOwner]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), changes };
  }

  /** What message threads show of their listings, by id. */
  async summariesByIds(ids: string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: listings.id, name: listings.name, code: listings.code, price: listings.price, currency: listings.currency, images: listings.images })
      .from(listings)
      .where(inArray(listings.id, ids));
  }

  /** Whether any listing at all has these words (cheap: one GIN lookup, stops at the first). */
  async anyHasWords(text: string): Promise<boolean> {
    if (!toWordsTsQuery(text)) return false;
    const rows = await this.db
      .select({ id: listings.id })
      .from(listings)
      .where(sql`${listings.searchVector} @@ plainto_tsquery('simple', ${text})`)
      .limit(1);
    return rows.length > 0;
  }

  /** Which of these words some listing the public sees has (listing_words). */
  async knownWords(words: string[]): Promise<Set<string>> {
    if (!words.length) return new Set();
    const rows = await this.db
      .select({ word: listingWords.word })
      .from(listingWords)
      .where(and(inArray(listingWords.word, words), sql`${listingWords.listings} > 0`));
    return new Set(rows.map((r) => r.word));
  }

  /** How many listings the public sees have each of these words (listing_words; a word not there: none). */
  async wordCounts(words: string[]): Promise<Map<string, number>> {
    if (!words.length) return new Map();
    const rows = await this.db.select().from(listingWords).where(inArray(listingWords.word, words));
    return new Map(rows.map((r) => [r.word, r.listings]));
  }

  /** The known words most like this one (trigram similarity over listing_words: ~1 ms), most alike and most used first. */
  async similarWords(word: string, limit = 3): Promise<string[]> {
    const rows = await this.db
      .select({ word: listingWords.word })
      .from(listingWords)
      .where(and(sql`${listingWords.word} % ${word}`, sql`${listingWords.listings} > 0`))
      .orderBy(sql`${listingWords.word} <-> ${word}`, desc(listingWords.listings))
      .limit(limit);
    return rows.map((r) => r.word);
  }

  /** The planner's estimate of the number of listings (no scan; good enough to choose a plan). */
  async estimatedTotal(): Promise<number> {
    const result = await this.db.execute(sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = 'listings'::regclass`);
    return Number((result as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
  }

  /** The exact number of matches (every one of them is read: for small sets, or a page past the end of a map box). */
  async searchTotal(f: ListingFilters, viewer: Viewer): Promise<number> {
    const [{ total }] = await this.totalQuery(f, viewer);
    return Number(total);
  }

  /**
   * Runs `work` in a transaction whose statements are cancelled after `budgetMs` (on PostgreSQL; the
   * embedded database has no timer and runs it to the end); null when cancelled.
   */
  private async withinBudget<T>(budgetMs: number, work: (tx: Database) => Promise<T>): Promise<T | null> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(budgetMs))}`));
        return work(tx as unknown as Database);
      });
    } catch (err) {
      if (isQueryCanceled(err)) return null;
      throw err;
    }
  }

  /**
   * The matches counted up to `cap + 1` (the plain-condition form: a common filter stops after
   * `cap + 1` rows of an ordered walk or a scan, a rare one reads its few rows from an index); null
   * when that took longer than `budgetMs` (filters common on their own but rare together, which no
   * index serves).
   */
  async countUpTo(f: ListingFilters, viewer: Viewer, cap: number, budgetMs: number, purpose: WherePurpose = 'page'): Promise<number | null> {
    return this.withinBudget(budgetMs, async (tx) => {
      const capped = tx
        .select({ one: sql`1` })
        .from(listings)
        .where(this.whereOf(f, viewer, purpose))
        .limit(cap + 1)
        .as('capped');
      const [{ n }] = await tx.select({ n: count() }).from(capped);
      return Number(n);
    });
  }

  /** The planner's estimate of the matches (EXPLAIN: no row is read), from the column statistics. */
  async plannedCount(f: ListingFilters, viewer: Viewer): Promise<number> {
    const query = this.db.select({ one: sql`1` }).from(listings).where(this.whereOf(f, viewer, 'count'));
    const result = await this.db.execute(sql`explain (format json) ${query}`);
    const plan = (result as unknown as { rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] }).rows[0]['QUERY PLAN'];
    return Math.round(plan[0].Plan['Plan Rows']);
  }

  /**
   * The matches among a fixed 1 % of the table's pages (TABLESAMPLE SYSTEM, REPEATABLE: the same pages
   * every time, so they stay in memory), times 100: a bounded estimate when the planner's is not
   * trustworthy (filters correlated in a way statistics do not see).
   */
  async sampledCount(f: ListingFilters, viewer: Viewer): Promise<number> {
    const result = await this.db.execute(
      sql`select count(*) as n from ${listings} tablesample system (${sql.raw(String(SAMPLE_PERCENT))}) repeatable (0) where ${this.whereOf(f, viewer, 'page') ?? sql`true`}`,
    );
    return Number((result as unknown as { rows: { n: string }[] }).rows[0].n) * (100 / SAMPLE_PERCENT);
  }

  /**
   * The sidebar's counts over at most `cap + 1` matches, in one statement (one pass over those rows):
   * `read` is how many matches were read; when it is `cap + 1` there are more and the counts are those
   * of the newest rows read, for the caller to scale. Null when reading them
   * took longer than `budgetMs`; `facetsOfSample` then answers from a fixed sample of pages.
   */
  async facetsUpTo(f: ListingFilters, viewer: Viewer, cap: number, budgetMs: number): Promise<FacetCounts | null> {
    return this.withinBudget(budgetMs, (tx) =>
      this.facetCounts(
        tx,
        // newest first: an order no filter depends on (a price walk meets every rental before a condo
        // for sale), served by the covering newest-first index or a city's own
        sql`(select ${FACET_COLUMNS} from ${listings} where ${this.whereOf(f, viewer, 'page') ?? sql`true`} order by created_at desc, id desc limit ${cap + 1})`,
        1,
      ),
    );
  }

  /** The sidebar's counts among a fixed `percent` of the table's pages (see sampledCount); `scale` says what one stands for. */
  async facetsOfSample(f: ListingFilters, viewer: Viewer, percent = SAMPLE_PERCENT): Promise<FacetCounts> {
    // a whole percent (1-100): the same few samples of pages for every search, so they stay in memory
    const p = Math.min(100, Math.max(1, Math.round(percent)));
    return this.facetCounts(
      this.db,
      sql`(select ${FACET_COLUMNS} from ${listings} tablesample system (${sql.raw(String(p))}) repeatable (0) where ${this.whereOf(f, viewer, 'page') ?? sql`true`})`,
      100 / p,
    );
  }

  /** Every facet of the rows of `source` (a subquery over listings) in one statement: the rows are read once. */
  private async facetCounts(db: Database, source: SQL, scale: number): Promise<FacetCounts> {
    const band = sql.join(
      PRICE_BANDS.map((b, i) => sql`when price >= ${b.min}${b.max === null ? sql`` : sql` and price < ${b.max}`} then ${String(i)}`),
      sql` `,
    );
    const result = await db.execute(sql`
      with m as materialized (select * from ${source} s)
      select 'read' as facet, null as value, null as name, count(*) as n from m
      union all select 'type', type, null, count(*) from m group by type
      union all select 'offer', offer, null, count(*) from m group by offer
      union all select 'kind', kind, null, count(*) from m where kind is not null group by kind
      union all select 'furnishing', furnishing, null, count(*) from m where furnishing is not null group by furnishing
      union all select 'band', b, null, count(*) from (select case ${band} end as b from m) bands where b is not null group by b
      union all select 'city', c.city_code, (select l.city_name from ${listings} l where l.city_code = c.city_code limit 1), c.n
        from (select city_code, count(*) as n from m group by city_code order by n desc, city_code limit 30) c
      union all select 'tag', t, null, count(*) from m cross join unnest(m.tags) as t group by t`);
    const rows = (result as unknown as { rows: { facet: string; value: string | null; name: string | null; n: string }[] }).rows;
    const counts: FacetCounts = { read: 0, scale, types: [], offers: [], kinds: [], furnishings: [], bands: [], cities: [], tags: [] };
    const lists = { type: counts.types, offer: counts.offers, kind: counts.kinds, furnishing: counts.furnishings, band: counts.bands, tag: counts.tags } as const;
    for (const r of rows) {
      const n = Number(r.n);
      if (r.facet === 'read') counts.read = n;
      else if (r.facet === 'city') counts.cities.push({ code: r.value!, name: r.name!, count: n });
      else lists[r.facet as keyof typeof lists].push({ value: r.value!, count: n });
    }
    return counts;
  }

  /** Listings inside a box around a point, nearest first. */
  async nearby(lat: number, lng: number, halfWidth: number, viewer: Viewer, limit: number, excludeId?: string) {
    const where = and(
      this.whereOf({ bounds: { north: lat + halfWidth, south: lat - halfWidth, east: lng + halfWidth, west: lng - halfWidth } }, viewer),
      excludeId ? ne(listings.id, excludeId) : undefined,
    );
    const rows = await this.db
      .select(this.selection())
      .from(listings)
      .innerJoin(users, eq(users.id, listings.ownerId))
      .where(where)
      .orderBy(sql`point(${listings.lng}, ${listings.lat}) <-> point(${lng}, ${lat})`)
      .limit(limit);
    return rows as ListingWithOwner[];
  }

  /** Records a behaviour on a day (YYYY-MM-DD, UTC); a view counts once per viewer per day. Answers the listing's view count. */
  /** Counts a behaviour; `firstToday` when it is this viewer's first of the kind today (a view then adds to `views`). */
  async recordBehavior(listingId: string, kind: string, viewerKey: string, day: string): Promise<{ views: number; firstToday: boolean }> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(listingEvents)
        .values({ listingId, kind, viewerKey, day })
        .onConflictDoUpdate({
          target: [listingEvents.listingId, listingEvents.kind, listingEvents.viewerKey, listingEvents.day],
          set: { count: sql`${listingEvents.count} + 1` },
        })
        .returning({ count: listingEvents.count });
      const firstToday = inserted[0]?.count === 1;
      const [row] =
        kind === 'view' && firstToday
          ? await tx
              .update(listings)
              .set({ views: sql`${listings.views} + 1` })
              .where(eq(listings.id, listingId))
              .returning({ views: listings.views })
          : await tx.select({ views: listings.views }).from(listings).where(eq(listings.id, listingId));
      return { views: row?.views ?? 0, firstToday };
    });
  }

  async setImages(id: string, images: ListingImage[]): Promise<void> {
    await this.db.update(listings).set({ images, updatedAt: new Date() }).where(eq(listings.id, id));
  }

  async addDocuments(rows: (typeof listingDocuments.$inferInsert)[]) {
    return this.db.insert(listingDocuments).values(rows).returning();
  }

  async documents(listingId: string) {
    return this.db.select().from(listingDocuments).where(eq(listingDocuments.listingId, listingId)).orderBy(asc(listingDocuments.createdAt));
  }

  async document(listingId: string, documentId: string) {
    const [row] = await this.db
      .select()
      .from(listingDocuments)
      .where(and(eq(listingDocuments.listingId, listingId), eq(listingDocuments.id, documentId)));
    return row ?? null;
  }

  async dashboard(ownerId: string) {
    const [row] = await this.db
      .select({
        totalListings: count(),
        totalSaved: sql<string>`coalesce(sum(${listings.savedCount}), 0)`,
        totalViews: sql<string>`coalesce(sum(${listings.views}), 0)`,
      })
      .from(listings)
      .where(eq(listings.ownerId, ownerId));
    return { totalListings: Number(row.totalListings), totalSaved: Number(row.totalSaved), totalViews: Number(row.totalViews) };
  }

  /** How many listings the member has active (what the plan's active-listings limit counts). */
  async activeCountOf(ownerId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(listings).where(and(eq(listings.ownerId, ownerId), eq(listings.status, 'active')));
    return Number(row.n);
  }

  /** A member's listings the public sees (active and visible): the identity rule's count. */
  async shownCountOf(ownerId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(listings)
      .where(and(eq(listings.ownerId, ownerId), eq(listings.status, 'active'), eq(listings.isVisible, true)));
    return Number(row.n);
  }

  /** The ids of every listing the member owns (whatever its status). */
  async listingIdsOf(ownerId: string): Promise<string[]> {
    const rows = await this.db.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, ownerId));
    return rows.map((r) => r.id);
  }

  /** Adds a review and refreshes the listing's average and count, in one transaction. */
  async addReview(listingId: string, userId: string, rating: number, comment: string) {
    return this.db.transaction(async (tx) => {
      const [review] = await tx.insert(listingReviews).values({ listingId, userId, rating, comment }).returning();
      await tx
        .update(listings)
        .set({
          ratingAverage: sql`(select round(avg(${listingReviews.rating})::numeric, 2) from ${listingReviews} where ${listingReviews.listingId} = ${listingId})`,
          ratingCount: sql`(select count(*) from ${listingReviews} where ${listingReviews.listingId} = ${listingId})`,
        })
        .where(eq(listings.id, listingId));
      return review;
    });
  }

  private reviewSelection() {
    return {
      review: listingReviews,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar },
    };
  }

  /** One member's review of a listing, with the member's name. */
  async reviewBy(listingId: string, userId: string) {
    const [row] = await this.db
      .select(this.reviewSelection())
      .from(listingReviews)
      .innerJoin(users, eq(users.id, listingReviews.userId))
      .where(and(eq(listingReviews.listingId, listingId), eq(listingReviews.userId, userId)));
    return row ?? null;
  }

  async reviews(listingId: string, limit: number, skip: number) {
    const where = eq(listingReviews.listingId, listingId);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select(this.reviewSelection())
        .from(listingReviews)
        .innerJoin(users, eq(users.id, listingReviews.userId))
        .where(where)
        .orderBy(desc(listingReviews.createdAt), desc(listingReviews.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(listingReviews).where(where),
    ]);
    return { rows, total: Number(total) };
  }
  /** Staff columns of a page of listings (ownership documents, open reports), for all its ids in one statement. */
  async staffCounts(ids: string[]): Promise<Map<string, { documentsCount: number; openReports: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: listings.id,
        // qualified by hand: drizzle writes a select field's columns without their table
        documentsCount: sql<string>`(select count(*) from listing_documents d where d.listing_id = listings.id)`,
        openReports: sql<string>`(select count(*) from listing_reports r where r.listing_id = listings.id and r.resolved_at is null)`,
      })
      .from(listings)
      .where(inArray(listings.id, ids));
    return new Map(rows.map((r) => [r.id, { documentsCount: Number(r.documentsCount), openReports: Number(r.openReports) }]));
  }

  /** How many listings (of one owner, or all) and how many of them are active. */
  async totals(ownerId?: string): Promise<{ listings: number; active: number }> {
    const [row] = await this.db
      .select({ listings: count(), active: sql<string>`count(*) filter (where ${listings.status} = 'active')` })
      .from(listings)
      .where(ownerId ? eq(listings.ownerId, ownerId) : undefined);
    return { listings: Number(row.listings), active: Number(row.active) };
  }

  /** Listings created per Manila day (week, month) of the window, of one owner or all (listings_created_at_idx). */
  createdByPeriod(window: PeriodWindow, ownerId?: string): Promise<PeriodCount[]> {
    return countsByPeriod(this.db, listings, listings.createdAt, window, { where: ownerId ? eq(listings.ownerId, ownerId) : undefined });
  }

  /** Listings created in the window, of one owner or all. */
  async createdIn(window: { from: Date; to: Date }, ownerId?: string): Promise<number> {
    return (await countInWindow(this.db, listings, listings.createdAt, window, { where: ownerId ? eq(listings.ownerId, ownerId) : undefined })).count;
  }

  /**
   * A batch of a listing export (exports module): the listings the filters select for this viewer
   * (whereOf, the search's own rule), in `sort` order then id in the same direction, after the `after`
   * row (keyset through the sort value as text: exact whatever the column's type); the first batch may
   * skip some. Only the columns an export shows, each row with its `sortKey` for the next batch.
   */
  async exportBatch(
    f: ListingFilters,
    viewer: Viewer,
    sort: { field: ListingExportSortKey; desc: boolean },
    after: { key: string; id: string } | null,
    limit: number,
    skip = 0,
  ): Promise<ListingExportRow[]> {
    const column = LISTING_EXPORT_SORT_COLUMNS[sort.field];
    const keyset = after
      ? sql`(${column}, ${listings.id}) ${sql.raw(sort.desc ? '<' : '>')} (cast(${after.key} as ${sql.raw(column.getSQLType())}), cast(${after.id} as uuid))`
      : undefined;
    return this.db
      .select({
        id: listings.id,
        code: listings.code,
        name: listings.name,
        status: listings.status,
        type: listings.type,
        offer: listings.offer,
        kind: listings.kind,
        price: listings.price,
        currency: listings.currency,
        bedrooms: listings.bedrooms,
        bathrooms: listings.bathrooms,
        floorSize: listings.floorSize,
        lotSize: listings.lotSize,
        regionName: listings.regionName,
        provinceName: listings.provinceName,
        cityName: listings.cityName,
        barangayName: listings.barangayName,
        ownerId: listings.ownerId,
        verified: listings.verified,
        isVisible: listings.isVisible,
        views: listings.views,
        savedCount: listings.savedCount,
        createdAt: listings.createdAt,
        updatedAt: listings.updatedAt,
        sortKey: sql<string>`${column}::text`,
      })
      .from(listings)
      .where(and(this.whereOf(f, viewer, 'page'), keyset))
      .orderBy(...(sort.desc ? [desc(column), desc(listings.id)] : [asc(column), asc(listings.id)]))
      .limit(limit)
      .offset(after ? 0 : skip);
  }

  /** How many listings an export selects, counted exactly up to `cap` (its skip + limit; the worker counts before it writes). */
  async exportCount(f: ListingFilters, viewer: Viewer, cap: number): Promise<number> {
    const capped = this.db.select({ one: sql`1` }).from(listings).where(this.whereOf(f, viewer, 'page')).limit(cap).as('capped');
    const [{ n }] = await this.db.select({ n: count() }).from(capped);
    return Number(n);
  }

  /** Listings by code (the JSON import matches its rows by code; the unique index answers). */
  async rowsByCodes(codes: string[]): Promise<ListingCard[]> {
    if (codes.length === 0) return [];
    // every column but the derived search text and vector (long, and never compared)
    const { searchText: _text, searchVector: _vector, ...columns } = getTableColumns(listings);
    return this.db.select(columns).from(listings).where(inArray(listings.code, codes));
  }

  /**
   * New listings in one statement (a batch of the JSON import); answers what their events say of them.
   * The rows go as one JSON parameter typed by the table's own columns (`jsonb_to_recordset`): drizzle
   * builds a 500-row insert of ~35 parameters a row in 100-170 ms, more than PostgreSQL takes to insert it.
   */
  async insertMany(values: NewListingRow[]): Promise<Array<Pick<ListingRow, 'id' | 'code' | 'name' | 'ownerId'>>> {
    if (values.length === 0) return [];
    const columns = getTableColumns(listings);
    const keys = [...new Set(values.flatMap((v) => Object.keys(v)))].filter((k): k is keyof typeof columns => k in columns);
    const records = values.map((v) => Object.fromEntries(keys.map((k) => [columns[k].name, v[k as keyof NewListingRow] ?? null])));
    const names = sql.raw(keys.map((k) => `"${columns[k].name}"`).join(', '));
    const types = sql.raw(keys.map((k) => `"${columns[k].name}" ${columns[k].getSQLType()}`).join(', '));
    const result = await this.db.execute(
      sql`insert into ${listings} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${types})
          returning id, code, name, owner_id as "ownerId"`,
    );
    return (result as unknown as { rows: Array<Pick<ListingRow, 'id' | 'code' | 'name' | 'ownerId'>> }).rows;
  }

  /**
   * Moves the code sequence past imported codes of the form `XXX-000123`, so a listing created later
   * is never given a code the import already took (nextCode's numbers are shared by every prefix).
   */
  async advanceCodeSequence(codes: string[]): Promise<void> {
    let max = 0;
    for (const code of codes) {
      const m = /^[A-Z]{3}-(\d{1,15})$/.exec(code);
      if (m) max = Math.max(max, Number(m[1]));
    }
    if (max === 0) return;
    await this.db.execute(
      sql`select setval('listing_code_seq', ${max}::bigint) from listing_code_seq where last_value < ${max}::bigint or (last_value = ${max}::bigint and not is_called)`,
    );
  }

  /**
   * ARIA's search candidates (module `aria` asks through ListingsService.ariaCandidates): the ids of
   * the listings the filters select for this viewer (whereOf, the search's own rule), newest first, at
   * most `cap` (the `listings_created_at_idx` / `listings_city_idx` walks stop there).
   */
  async ariaCandidateIds(f: ListingFilters, viewer: Viewer, cap: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: listings.id })
      .from(listings)
      .where(this.whereOf(f, viewer, 'page'))
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(cap);
    return rows.map((r) => r.id);
  }

  /** What ARIA's listing embeddings are computed from (module `aria`), for listings by id. */
  async embeddingTextsOf(ids: string[]) {
    if (!ids.length) return [];
    return this.db.select(this.embeddingColumns).from(listings).where(inArray(listings.id, ids));
  }

  /** The same for every listing in id order, `limit` after `afterId` (null: from the start): the embeddings' backfill. */
  async embeddingTextsAfter(afterId: string | null, limit: number) {
    return this.db
      .select(this.embeddingColumns)
      .from(listings)
      .where(afterId ? sql`${listings.id} > ${afterId}` : undefined)
      .orderBy(asc(listings.id))
      .limit(limit);
  }

  private readonly embeddingColumns = {
    id: listings.id,
    name: listings.name,
    type: listings.type,
    kind: listings.kind,
    offer: listings.offer,
    barangayName: listings.barangayName,
    cityName: listings.cityName,
    description: sql<string>`left(${listings.description}, 600)`,
  };
}

/** The orders a listing export may take (columns that are never null, so the keyset never skips a row). */
export const LISTING_EXPORT_SORT_COLUMNS = {
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
  name: listings.name,
  code: listings.code,
  price: listings.price,
} as const;
export type ListingExportSortKey = keyof typeof LISTING_EXPORT_SORT_COLUMNS;

/** What a listing export reads of a listing. */
export type ListingExportRow = Pick<
  ListingRow,
  | 'id' | 'code' | 'name' | 'status' | 'type' | 'offer' | 'kind' | 'price' | 'currency' | 'bedrooms' | 'bathrooms' | 'floorSize' | 'lotSize'
  | 'regionName' | 'provinceName' | 'cityName' | 'barangayName' | 'ownerId' | 'verified' | 'isVisible' | 'views' | 'savedCount' | 'createdAt' | 'updatedAt'
> & { sortKey: string };
