import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { SortTerm } from '../../common/query/list-query';
import { MAX_CLUSTER_BOX_DEGREES, MAX_MAP_PINS, type ListingClustersDto, type ListingClustersQueryDto } from './dto/listing-map.dto';
import { seesAllListings } from './listing-access';
import { clusterLevel, MAX_CLUSTER_LEVEL, planBox, rowRuns, type Box } from './listing-map';
import { ListingMapRepository, type ClusterRow } from './listing-map.repository';
import { hasOnlyBounds, parseListingFilters, type ListingFilters } from './listing-search';
import { ListingWordsService } from './listing-words.service';
import type { ListingWithOwner } from './listing.mapper';
import { ListingsRepository, type ListingSortKey, type Viewer } from './listings.repository';
import { ListingSearchIndexService, searchesPublic } from './search-index/listing-search-index.service';
import type { ListingSearchIndex } from './search-index/listing-search-index';

/** A box page walks every listing newest first while it passes at most this many rows; else it reads the box's rows of cells. */
const WALK_BUDGET = 2000;
/** Deeper pages than this (limit + skip) are left to the search's general path. */
const MAX_PAGE_WALK = 200;
/** Boxes of at most this many grid cells are paged by the search's cell walk (ListingsRepository.gridCellsOf). */
const SMALL_BOX_CELLS = 400;
/** A box with at most this many public listings is clustered from its matching listings, read one by one. */
const EXACT_MATCHES = 2000;
/** A search the planner says is rare is read listing by listing, up to this many matches (else it is sampled). */
const MATCH_CAP = 1500;
/** A sample reads about this many index entries of the box's listings... */
const SAMPLE_ENTRIES = 30_000;
/** ...and about this many of their rows (each a random read of the table). */
const SAMPLE_LISTINGS = 600;
/** The planner's count of all listings is read again after this long. */
const ESTIMATE_TTL_MS = 60_000;

const viewerOf = (caller?: AuthUser): Viewer => ({ id: caller?.id, isAdmin: seesAllListings(caller) });
const bad = (message: string): never => {
  throw new BadRequestException(message);
};

/** Whether a search is only a box, seen as the public sees it (what the grid blocks and index hold). */
function publicBoxOnly(f: ListingFilters, viewer: Viewer): f is ListingFilters & { bounds: Box } {
  return !!f.bounds && !viewer.isAdmin && hasOnlyBounds(f);
}

const sumCounts = (clusters: ClusterRow[]) => clusters.reduce((s, c) => s + c.count, 0);
/** The extent of the clusters' listings (null when none). */
const extentOf = (clusters: Omit<ClusterRow, 'cluster'>[]) =>
  clusters.length
    ? {
        south: Math.min(...clusters.map((c) => c.south)),
        north: Math.max(...clusters.map((c) => c.north)),
        west: Math.min(...clusters.map((c) => c.west)),
        east: Math.max(...clusters.map((c) => c.east)),
      }
    : null;

/**
 * The search map: clusters of the matches in a box (counted from the grid blocks when the search is
 * only the box, else from the matching listings), pins when few, and the newest-first page of a large
 * public box (exact total from the blocks; see docs/architecture.md, "Map at every zoom").
 */
@Injectable()
export class ListingMapService {
  private estimate: { n: number; at: number } | null = null;

  constructor(
    private readonly map: ListingMapRepository,
    private readonly listings: ListingsRepository,
    private readonly words: ListingWordsService,
    private readonly searchIndex: ListingSearchIndexService,
  ) {}

  async clusters(caller: AuthUser | undefined, dto: ListingClustersQueryDto): Promise<ListingClustersDto> {
    // misspelt words as the page searches them (ListingWordsService), so the map shows the same matches
    const parsed = parseListingFilters(dto);
    const box = parsed.bounds ?? bad("bounds is required: the map's visible box {north, south, east, west}");
    if (box.north - box.south > MAX_CLUSTER_BOX_DEGREES || box.east - box.west > MAX_CLUSTER_BOX_DEGREES) {
      bad(`bounds must be at most ${MAX_CLUSTER_BOX_DEGREES}° on a side: zoom in, or send only the part of the map over the Philippines`);
    }
    const viewer = viewerOf(caller);
    // the in-memory index, brought up to date once for the request (null: PostgreSQL answers)
    const index = searchesPublic(viewer, parsed) ? await this.searchIndex.current() : null;
    const filters = await this.words.resolve(parsed, index);
    const level = clusterLevel(dto.zoom, box);
    const plan = planBox(box, level);
    const counted = { ...filters, bounds: plan.box };
    const indexed = index ? await this.fromIndex(index, counted, level) : null;
    if (indexed) return { ...indexed, level, box: plan.box };
    const publicBlocks = await this.map.publicClusters(plan, level);
    let clusters = publicBlocks;
    let approximate = false;
    if (!publicBoxOnly(filters, viewer)) {
      ({ clusters, approximate } = await this.matchingClusters(counted, viewer, level, publicBlocks));
    }
    const total = sumCounts(clusters);
    // a few matches in a crowded box are found by the filters' own indexes, the box a filter on them
    const crowded = sumCounts(publicBlocks) > EXACT_MATCHES;
    const pins = !approximate && total <= MAX_MAP_PINS && total > 0 ? await this.map.pins(counted, viewer, MAX_MAP_PINS, crowded) : [];
    const extent = extentOf(clusters);
    return {
      total,
      approximate,
      level,
      box: plan.box,
      clusters: pins.length
        ? []
        : clusters.map((c) => ({ lat: c.lat, lng: c.lng, count: c.count, bounds: { south: c.south, north: c.north, west: c.west, east: c.east } })),
      pins: pins.map((p) => ({ _id: p.id, lat: p.lat, lng: p.lng, name: p.name, price: p.price, currency: p.currency, offer: p.offer })),
      extent,
    };
  }

  /**
   * The clusters (or pins) of a public search in a box from the listings held in memory: every match
   * counted, whatever the box and the filters.
   */
  private async fromIndex(index: ListingSearchIndex, f: ListingFilters & { bounds: Box }, level: number) {
    const words = await this.searchIndex.wordGroups(f);
    const clusters = index.clusters(f, words, level);
    const total = sumCounts(clusters);
    const pins = total > 0 && total <= MAX_MAP_PINS ? index.pins(f, words, MAX_MAP_PINS) : [];
    return {
      total,
      approximate: false,
      clusters: pins.length
        ? []
        : clusters.map((c) => ({ lat: c.lat, lng: c.lng, count: c.count, bounds: { south: c.south, north: c.north, west: c.west, east: c.east } })),
      pins: pins.map((p) => ({ _id: p.id, lat: p.lat, lng: p.lng, name: p.name, price: p.price, currency: p.currency, offer: p.offer })),
      extent: extentOf(clusters),
    };
  }

  /**
   * The matches of a filtered search in a box by cluster, bounded whatever the filter. A box with few
   * public listings (EXACT_MATCHES) is read listing by listing through the point index. So is a search
   * the planner's statistics say is rare anywhere (at most MATCH_CAP matches: a place's name, a city),
   * found by its own indexes with the box as a filter, up to MATCH_CAP + 1 rows. Otherwise the box's
   * public clusters (exact, from the blocks) are scaled by the share of a sample of the box's listings
   * that match (`approximate`): about SAMPLE_LISTINGS, chosen in the grid index from every m-th row of
   * cells and by the last byte of their id, then read by id. A filter that matches none of the sample
   * answers none (proving that none of a million match would mean reading them all).
   */
  private async matchingClusters(f: ListingFilters & { bounds: Box }, viewer: Viewer, level: number, publicClusters: ClusterRow[]) {
    const inBox = sumCounts(publicClusters);
    if (inBox <= EXACT_MATCHES) return { clusters: await this.map.matchingClusters(f, viewer, level), approximate: false };
    if ((await this.map.estimatedMatches(f, viewer)) <= MATCH_CAP) {
      const capped = await this.map.matchingClusters(f, viewer, level, { cap: MATCH_CAP, boxAsFilter: true });
      if (sumCounts(capped) <= MATCH_CAP) return { clusters: capped, approximate: false };
    }
    const allRows = rowRuns(f.bounds);
    // every m-th row (m a power of two, leaving at least two rows) so the index reads about SAMPLE_ENTRIES
    const most = 2 ** Math.max(0, Math.floor(Math.log2(allRows.length / 2)));
    const step = Math.min(most, 2 ** Math.max(0, Math.ceil(Math.log2(inBox / SAMPLE_ENTRIES))));
    const rows = allRows.filter((_r, i) => i % step === 0);
    const share = Math.max(1, Math.min(256, Math.round((256 * SAMPLE_LISTINGS * step) / inBox)));
    const { sampled, matched } = await this.map.sampleShare(f, viewer, rows, share);
    const ratio = sampled ? matched / sampled : 0;
    return { clusters: publicClusters.map((c) => ({ ...c, count: Math.round(c.count * ratio) })).filter((c) => c.count > 0), approximate: true };
  }

  /**
   * The newest-first page of a public box too large for the search's cell walk, and its exact total
   * (whole blocks from listing_grid_blocks, edge cells from the grid index); null when the search is
   * not such a page (other filters, another order, a deep page, a small box), for the general path.
   * The page walks every listing newest first when the box holds enough of them that the walk soon
   * fills it; else reads the box's listings from the grid index, a row of cells at a time.
   */
  async boxPage(
    filters: ListingFilters,
    caller: AuthUser | undefined,
    sort: SortTerm<ListingSortKey>[] | 'relevance',
    limit: number,
    skip: number,
  ): Promise<{ rows: ListingWithOwner[]; total: number } | null> {
    const viewer = viewerOf(caller);
    const wanted = limit + skip;
    if (!publicBoxOnly(filters, viewer) || wanted > MAX_PAGE_WALK) return null;
    const newestFirst = sort !== 'relevance' && (sort.length === 0 || (sort.length === 1 && sort[0].field === 'createdAt' && sort[0].direction === 'desc'));
    if (!newestFirst) return null;
    const rows = rowRuns(filters.bounds);
    const cellCount = rows.reduce((s, r) => s + (r.hi - r.lo + 1), 0);
    if (cellCount <= SMALL_BOX_CELLS) return null;
    const plan = planBox(filters.bounds, MAX_CLUSTER_LEVEL);
    if (plan.base > 0) return null; // taller than 4°: not a box the search page asks for
    const found = await this.map.boxPageWithTotal(plan, rows, viewer, limit, skip, await this.allListings(), WALK_BUDGET);
    if (found.length) return { rows: found, total: Number(found[0].total) };
    // an empty page (an empty box, or a page past the end): its total alone
    return { rows: [], total: sumCounts(await this.map.publicClusters(plan, MAX_CLUSTER_LEVEL)) };
  }

  private async allListings(): Promise<number> {
    if (!this.estimate || Date.now() - this.estimate.at > ESTIMATE_TTL_MS) {
      this.estimate = { n: await this.listings.estimatedTotal(), at: Date.now() };
    }
    return Math.max(this.estimate.n, 1);
  }
}
