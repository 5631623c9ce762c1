import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { and, arrayContains, asc, count, desc, eq, getTableColumns, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  GRID_CELLS_PER_DEGREE,
  GRID_COLUMNS,
  gridCellOf,
  listingDocuments,
  listingEvents,
  listingReviews,
  listingGridCells,
  listings,
  users,
  type ListingImage,
  type ListingRow,
  type NewListingRow,
} from '@app/db';
import { PRICE_BANDS } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';
import type { SortTerm } from '../../common/query/list-query';
import { toWordsTsQuery, type ListingFilters } from './listing-search';
import type { ListingWithOwner } from './listing.mapper';

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
  isAdmin: boolean;
}

/** The grid cells a box touches: those wholly inside it, and those its edges cross. */
export interface BoxCells {
  interior: number[];
  border: number[];
}

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
 * (OFFSET 0) so the planner cannot turn it back into a walk on a wrong row estimate.
 */
export type SearchPageForm = 'walk' | 'gin';

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
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar },
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

  /** The WHERE of a search: the filters plus what this viewer may see. */
  /**
   * The WHERE of a search: the filters plus what this viewer may see. With a search text there are two
   * forms. For a total (`count`), the city, barangay, type, offer and kind go into the full-text query as tokens, so
   * one GIN scan intersects them. For a newest-first page (`page`), the text stays words only and the
   * filters stay plain conditions: with honest row estimates the planner walks the
   * `(city_code, created_at desc)` index and stops at the page size.
   */
  whereOf(f: ListingFilters, viewer: Viewer, purpose: 'page' | 'count' = 'page'): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    const ownSearch = viewer.id !== undefined && f.ownerId === viewer.id;
    if (!viewer.isAdmin && !ownSearch) {
      parts.push(eq(listings.isVisible, true), ne(listings.status, 'draft'));
    }
    const words = f.text && f.textMatch !== 'similar' ? toWordsTsQuery(f.text) : null;
    const asTokens = words !== null && purpose === 'count';
    if (words) {
      // full text (GIN, exact words)
      const anyOf = (prefix: string, values?: string[]) => (values?.length ? [`(${values.map((v) => `${prefix}${v}`).join(' | ')})`] : []);
      const kinds = f.kind?.map((k) => k.replace(/_/g, ''));
      const query = asTokens
        ? [words, ...anyOf('c', f.city), ...anyOf('b', f.barangay), ...anyOf('t', f.type), ...anyOf('o', f.offer), ...anyOf('k', kinds)].join(' & ')
        : words;
      parts.push(sql`${listings.searchVector} @@ to_tsquery('simple', ${query})`);
    } else if (f.text) {
      // word similarity (pg_trgm, GIN): partial and misspelt words ('poblacoin' finds Poblacion)
      parts.push(sql`${f.text} <% ${listings.searchText}`);
    }
    if (f.ownerId) parts.push(eq(listings.ownerId, f.ownerId));
    if (f.code) parts.push(eq(listings.code, f.code));
    if (f.verified !== undefined) parts.push(eq(listings.verified, f.verified));
    for (const [key, column] of [
      ['price', listings.price],
      ['lotSize', listings.lotSize],
      ['floorSize', listings.floorSize],
      ['bedrooms', listings.bedrooms],
      ['bathrooms', listings.bathrooms],
      ['parkingSlots', listings.parkingSlots],
    ] as const) {
      const range = f[key];
      if (range?.min !== undefined) parts.push(gte(column, range.min));
      if (range?.max !== undefined) parts.push(lte(column, range.max));
    }
    if (f.type?.length && !asTokens) parts.push(inArray(listings.type, f.type as ListingRow['type'][]));
    if (f.offer?.length && !asTokens) parts.push(inArray(listings.offer, f.offer as ListingRow['offer'][]));
    if (f.kind?.length && !asTokens) parts.push(inArray(listings.kind, f.kind as NonNullable<ListingRow['kind']>[]));
    if (f.furnishing?.length) parts.push(inArray(listings.furnishing, f.furnishing as NonNullable<ListingRow['furnishing']>[]));
    if (f.status?.length) parts.push(inArray(listings.status, f.status as ListingRow['status'][]));
    if (f.city?.length && !asTokens) parts.push(inArray(listings.cityCode, f.city));
    if (f.barangay?.length && !asTokens) parts.push(inArray(listings.barangayCode, f.barangay));
    if (f.tags?.length) parts.push(arrayContains(listings.tags, f.tags));
    if (f.minRating !== undefined) parts.push(gte(listings.ratingAverage, f.minRating));
    if (f.bounds) {
      const b = f.bounds;
      parts.push(sql`point(${listings.lng}, ${listings.lat}) <@ box(point(${b.west}, ${b.south}), point(${b.east}, ${b.north}))`);
    }
    return parts.length ? and(...parts) : undefined;
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
    const keys: { expr: SQL | (typeof LISTING_SORT_COLUMNS)[ListingSortKey] | typeof listings.id; direction: 'asc' | 'desc' }[] = [
      ...(sort === 'relevance' && f.text
        ? [
            {
              expr:
                f.textMatch === 'similar'
                  ? sql`word_similarity(${f.text}, ${listings.searchText})`
                  : sql`ts_rank(${listings.searchVector}, to_tsquery('simple', ${toWordsTsQuery(f.text) ?? ''}))`,
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
      ids = this.db
        .select({ id: listings.id })
        .from(listings)
        .where(this.whereOf(f, viewer, 'page'))
        .orderBy(...order(keys.map((k) => k.expr)))
        .limit(limit)
        .offset(skip);
    } else {
      const columns = Object.fromEntries(keys.map((k, i) => [`k${i}`, sql`${k.expr}`.as(`k${i}`)]));
      const matches = this.db.select(columns).from(listings).where(this.whereOf(f, viewer, 'count')).offset(0).as('matches');
      const aliased = keys.map((_, i) => (matches as unknown as Record<string, SQL.Aliased>)[`k${i}`]);
      ids = this.db
        .select({ id: sql`${aliased[aliased.length - 1]}` })
        .from(matches)
        .orderBy(...order(aliased))
        .limit(limit)
        .offset(skip);
    }
    // built on demand: a search runs one or two of these
    return {
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
  async searchPage(f: ListingFilters, viewer: Viewer, sort: SortTerm<ListingSortKey>[] | 'relevance', limit: number, skip: number, form: SearchPageForm) {
    const found = (await this.searchQueries(f, viewer, sort, limit, skip, form).ids()) as { id: string }[];
    return this.cardsByIds(found.map((r) => r.id));
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
    const words = toWordsTsQuery(text);
    if (!words) return false;
    const rows = await this.db
      .select({ id: listings.id })
      .from(listings)
      .where(sql`${listings.searchVector} @@ to_tsquery('simple', ${words})`)
      .limit(1);
    return rows.length > 0;
  }

  /** The planner's estimate of the number of listings (no scan; good enough to choose a plan). */
  async estimatedTotal(): Promise<number> {
    const result = await this.db.execute(sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = 'listings'::regclass`);
    return Number((result as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
  }

  async searchTotal(f: ListingFilters, viewer: Viewer): Promise<number> {
    const [{ total }] = await this.totalQuery(f, viewer);
    return Number(total);
  }

  async facets(f: ListingFilters, viewer: Viewer) {
    const where = this.whereOf(f, viewer, 'count');
    const bandCases = PRICE_BANDS.map(
      (b, i) => sql`count(*) filter (where ${listings.price} >= ${b.min}${b.max === null ? sql`` : sql` and ${listings.price} < ${b.max}`}) as ${sql.raw(`b${i}`)}`,
    );
    const byValue = (column: typeof listings.type | typeof listings.offer | typeof listings.kind | typeof listings.furnishing) =>
      this.db
        .select({ value: sql<string>`${column}`, count: count() })
        .from(listings)
        .where(and(where, sql`${column} is not null`))
        .groupBy(column)
        .orderBy(desc(count()));
    const [types, tags, bands, cities, offers, kinds, furnishings] = await Promise.all([
      byValue(listings.type),
      this.db
        .select({ value: sql<string>`t.tag`, count: count() })
        .from(listings)
        .innerJoin(sql`unnest(${listings.tags}) as t(tag)`, sql`true`)
        .where(where)
        .groupBy(sql`t.tag`)
        .orderBy(desc(count())),
      this.db.execute(sql`select ${sql.join(bandCases, sql`, `)} from ${listings} ${where ? sql`where ${where}` : sql``}`),
      this.db
        .select({ code: listings.cityCode, name: listings.cityName, count: count() })
        .from(listings)
        .where(where)
        .groupBy(listings.cityCode, listings.cityName)
        .orderBy(desc(count()))
        .limit(30),
      byValue(listings.offer),
      byValue(listings.kind),
      byValue(listings.furnishing),
    ]);
    const bandRow = (bands as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
    return {
      types: types.map((t) => ({ value: t.value, count: Number(t.count) })),
      tags: tags.map((t) => ({ value: t.value, count: Number(t.count) })),
      priceBands: PRICE_BANDS.map((b, i) => ({ min: b.min, max: b.max, count: Number(bandRow[`b${i}`] ?? 0) })),
      cities: cities.map((c) => ({ code: c.code, name: c.name, count: Number(c.count) })),
      offers: offers.map((t) => ({ value: t.value, count: Number(t.count) })),
      kinds: kinds.map((t) => ({ value: t.value, count: Number(t.count) })),
      furnishings: furnishings.map((t) => ({ value: t.value, count: Number(t.count) })),
    };
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
  async recordBehavior(listingId: string, kind: string, viewerKey: string, day: string): Promise<number> {
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
      return row?.views ?? 0;
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
}
