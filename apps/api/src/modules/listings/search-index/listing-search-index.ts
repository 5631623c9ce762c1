import { CURRENCIES, FURNISHINGS, LISTING_KINDS, LISTING_OFFERS, LISTING_TAGS, LISTING_TYPES, PRICE_BANDS } from '@app/domain';
import { LISTING_STATUSES } from '../dto/listing-input.dto';
import { hasOnlyBounds, type ListingFilters } from '../listing-search';
import type { ClusterRow, PinRow } from '../listing-map.repository';
import type { FacetCounts } from '../listings.repository';

/**
 * The public listings held in memory for search (issue 11): every listing the public may see, as
 * columns of typed arrays, with sorted lists of slots per word, city, barangay, owner and map cell.
 * A search reads the smallest of those lists that applies (or every slot), tests each listing's
 * columns, and keeps the page's best `skip + limit` in a heap, counting every match as it goes: the
 * totals, the sidebar's counts and the map's clusters are exact, and no plan can misfire. PostgreSQL
 * stays the record; `ListingSearchIndexService` loads this from it and applies every change
 * (listing_search_changes, migration 0018). Pure and synchronous: no I/O here.
 *
 * Slots are append-only: a listing that changes gets a new slot (its old one is marked dead), so every
 * list stays sorted by slot without ever removing from it. Dead slots are reclaimed by a reload.
 */

/** A listing as the index holds it (what the service loads from PostgreSQL). */
export interface IndexedListing {
  id: string;
  /** Microseconds since the epoch (PostgreSQL's precision: two listings a microsecond apart keep their order). */
  createdAt: number;
  name: string;
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
  status: string;
  tags: string[];
  verified: boolean;
  rating: number;
  lat: number;
  lng: number;
  ownerId: string;
  cityCode: string;
  cityName: string;
  barangayCode: string;
  /** The listing's full-text lexemes (`tsvector_to_array(search_vector)`), as PostgreSQL parsed them. */
  lexemes: string[];
}

/** The orders the index answers (the search page's; others go to PostgreSQL). Ties: id, descending, as the SQL. */
export type IndexOrder = { field: 'createdAt' | 'price' | 'name'; direction: 'asc' | 'desc' };

/**
 * A search's words: every group must match; a group matches a listing with any of its alternatives
 * (a lexeme, or a prefix written `pre:*`), as the tsquery `(a | pre:*) & b` does.
 */
export type WordGroups = string[][];

/** The sidebar's counts: the SQL's FacetCounts, over every match (`read` of them, each counting once). */
export type IndexFacets = FacetCounts;
/** A map cluster and a map pin: the same rows as the SQL answers. */
export type IndexCluster = ClusterRow;
export type IndexPin = PinRow;

/** Map cells of the index's box lists: 0.04° (eight grid cells of 0.005°) on a side. */
const CELLS_PER_DEGREE = 25;
const CELL_COLUMNS = 360 * CELLS_PER_DEGREE;
/** The cluster level (0.005° × 2^level) of a map cell: clusters of this level or coarser hold whole cells. */
const CELL_LEVEL = 3;
const NONE = 255;

/**
 * A sorted, growable list of slots. Its first slot is kept inline and the array made at the second: a
 * million words have one listing each (a listing code's number), and an array apiece would cost 150 MB.
 */
class SlotList {
  private a: Uint32Array | null = null;
  private first = 0;
  n = 0;
  push(slot: number) {
    if (this.n === 0) {
      this.first = slot;
      this.n = 1;
      return;
    }
    if (!this.a) {
      this.a = new Uint32Array(4);
      this.a[0] = this.first;
    } else if (this.n === this.a.length) {
      const grown = new Uint32Array(this.a.length * 2);
      grown.set(this.a);
      this.a = grown;
    }
    this.a[this.n++] = slot;
  }
  view(): Uint32Array {
    if (this.a) return this.a.subarray(0, this.n);
    return this.n ? Uint32Array.of(this.first) : new Uint32Array(0);
  }
}

/** A name → small number dictionary, with a slot list per entry. */
class Dictionary {
  readonly ids = new Map<string, number>();
  readonly keys: string[] = [];
  readonly lists: SlotList[] = [];
  /** Long lists' slots also as bitsets (see ListingSearchIndex.denseBits), kept up to date by put. */
  readonly bits: (Uint32Array | undefined)[] = [];
  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(key, id);
      this.keys.push(key);
      this.lists.push(new SlotList());
    }
    return id;
  }
}

/** A map box, and filters with one. */
type Box = NonNullable<ListingFilters['bounds']>;
type BoxFilters = ListingFilters & { bounds: Box };

const codes = (values: readonly string[]) => new Map(values.map((v, i) => [v, i]));
const TYPE_CODES = codes(LISTING_TYPES);
const OFFER_CODES = codes(LISTING_OFFERS);
const KIND_CODES = codes(LISTING_KINDS);
const FURNISHING_CODES = codes(FURNISHINGS);
const STATUS_CODES = codes(LISTING_STATUSES);
const TAG_BITS = codes(LISTING_TAGS);
const CURRENCY_CODES = codes(CURRENCIES);

const codeOf = (map: Map<string, number>, value: string | null) => (value === null ? NONE : (map.get(value) ?? NONE - 1));
const gridRowOf = (lat: number) => Math.floor((lat + 90) * 200);
const gridColOf = (lng: number) => Math.floor((lng + 180) * 200);
const cellOf = (lat: number, lng: number) => Math.floor((lat + 90) * CELLS_PER_DEGREE) * CELL_COLUMNS + Math.floor((lng + 180) * CELLS_PER_DEGREE);
const bandOf = (price: number) => {
  for (let i = PRICE_BANDS.length - 1; i >= 0; i--) {
    const b = PRICE_BANDS[i];
    if (price >= b.min && (b.max === null || price < b.max)) return i;
  }
  return -1;
};

/** A search compiled to what the loop tests: lookup tables for sets, bounds for ranges. */
interface Compiled {
  type: Uint8Array | null;
  offer: Uint8Array | null;
  kind: Uint8Array | null;
  furnishing: Uint8Array | null;
  status: Uint8Array | null;
  city: Set<number> | null;
  barangay: Set<number> | null;
  owner: number;
  tagMask: number;
  verified: number;
  minRating: number;
  ranges: { column: Float64Array | Float32Array; min: number; max: number }[];
  bounds: ListingFilters['bounds'] | null;
}

/** A map cell's live listings: how many, their coordinates' sums and extent (stale: made again at next use). */
interface CellTotals {
  n: number;
  sumLat: number;
  sumLng: number;
  south: number;
  north: number;
  west: number;
  east: number;
  stale: boolean;
}

const emptyTotals = (): CellTotals => ({ n: 0, sumLat: 0, sumLng: 0, south: Infinity, north: -Infinity, west: Infinity, east: -Infinity, stale: false });
/** Whether a cell's listings all lie in a box (by their extent). */
const extentWithin = (t: CellTotals, b: Box) => t.south >= b.south && t.north <= b.north && t.west >= b.west && t.east <= b.east;
/** Whether some of a cell's listings may lie in a box (it has some, and their extent meets the box). */
const extentMeets = (t: CellTotals, b: Box) => t.n > 0 && t.north >= b.south && t.south <= b.north && t.east >= b.west && t.west <= b.east;

function addPoint(t: CellTotals, lat: number, lng: number): void {
  t.n++;
  t.sumLat += lat;
  t.sumLng += lng;
  if (lat < t.south) t.south = lat;
  if (lat > t.north) t.north = lat;
  if (lng < t.west) t.west = lng;
  if (lng > t.east) t.east = lng;
}

/**
 * A box's map clusters being added up: per cluster of the grid (rows × cols from row0, col0 at one
 * level) its count, coordinate sums (for the centre, the mean) and extent.
 */
class ClusterGrid {
  private readonly count: Uint32Array;
  private readonly sumLat: Float64Array;
  private readonly sumLng: Float64Array;
  private readonly south: Float64Array;
  private readonly north: Float64Array;
  private readonly west: Float64Array;
  private readonly east: Float64Array;

  constructor(
    private readonly row0: number,
    private readonly col0: number,
    rows: number,
    private readonly cols: number,
  ) {
    const n = rows * cols;
    this.count = new Uint32Array(n);
    this.sumLat = new Float64Array(n);
    this.sumLng = new Float64Array(n);
    this.south = new Float64Array(n).fill(Infinity);
    this.north = new Float64Array(n).fill(-Infinity);
    this.west = new Float64Array(n).fill(Infinity);
    this.east = new Float64Array(n).fill(-Infinity);
  }

  /** The accumulator of the cluster at a row and column of the level. */
  at(row: number, col: number): number {
    return (row - this.row0) * this.cols + (col - this.col0);
  }

  /** Adds listings by slot: their 0.005° grid row and column, shifted to the level, name their cluster. */
  addSlots(slots: ArrayLike<number>, level: number, gridRow: Int32Array, gridCol: Int32Array, latOf: Float64Array, lngOf: Float64Array): void {
    // the accumulators in locals: this loop runs once per match (a million at country zoom)
    const { count, sumLat, sumLng, south, north, west, east, row0, col0, cols } = this;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i];
      const lat = latOf[s];
      const lng = lngOf[s];
      const k = ((gridRow[s] >> level) - row0) * cols + ((gridCol[s] >> level) - col0);
      count[k]++;
      sumLat[k] += lat;
      sumLng[k] += lng;
      if (lat < south[k]) south[k] = lat;
      if (lat > north[k]) north[k] = lat;
      if (lng < west[k]) west[k] = lng;
      if (lng > east[k]) east[k] = lng;
    }
  }

  addTotals(k: number, t: CellTotals): void {
    this.count[k] += t.n;
    this.sumLat[k] += t.sumLat;
    this.sumLng[k] += t.sumLng;
    if (t.south < this.south[k]) this.south[k] = t.south;
    if (t.north > this.north[k]) this.north[k] = t.north;
    if (t.west < this.west[k]) this.west[k] = t.west;
    if (t.east > this.east[k]) this.east[k] = t.east;
  }

  /** The clusters with listings, in cluster order (`row × 72,000 + column`, as the SQL). */
  clusters(): IndexCluster[] {
    const out: IndexCluster[] = [];
    for (let k = 0; k < this.count.length; k++) {
      const n = this.count[k];
      if (!n) continue;
      const row = this.row0 + Math.floor(k / this.cols);
      const col = this.col0 + (k % this.cols);
      out.push({ cluster: row * 72000 + col, count: n, lat: this.sumLat[k] / n, lng: this.sumLng[k] / n, south: this.south[k], north: this.north[k], west: this.west[k], east: this.east[k] });
    }
    return out.sort((x, y) => x.cluster - y.cluster);
  }
}

/** An empty answer's compiled form: nothing can match (an unknown city, owner or word). */
const NOTHING = Symbol('nothing');

/** A search's matches: listed (a selective list drove it) or as a bitset over the slots; `count` either way. */
interface Matches {
  list: Uint32Array | null;
  bits: Uint32Array | null;
  count: number;
  /** The price range every match lies in (bitset matches of a search with one): a price order's walk starts there. */
  price?: { min: number; max: number };
}
const EMPTY: Matches = { list: new Uint32Array(0), bits: null, count: 0 };
/** Slots added since an order was sorted are merged into it past this many. */
const TAIL_MERGE_AT = 20_000;
/** A search whose smallest list (words, owner, barangays, cities, box cells) holds at most this many listings tests them one by one; else bitsets. */
const LIST_PATH_UP_TO = 4096;
/** Words are bucketed for prefix searches by this many first characters (a prefix searched has four or more). */
const PREFIX_BUCKET = 3;
/**
 * A city's, barangay's, owner's or word's list of at least this share of the slots (and DENSE_MIN) is
 * kept as a bitset too once a search needs it as one: ANDing 31,250 words at 1,000,000 listings costs
 * less than setting a bit per listing of a long list on every search. At most DENSE_MAX of them.
 */
const DENSE_SHARE = 1 / 64;
const DENSE_MIN = 4096;
const DENSE_MAX = 1024;
/**
 * A price range holding more than this many listings is taken from bitsets of the price order's first
 * k × step listings (PRICE_MARKS of them): two of them and at most step / 2 bits either side, instead
 * of a bit per listing in the range.
 */
const PRICE_RUN_DIRECT = 40_000;
const PRICE_MARKS = 64;
/** A sidebar over at most this many matches counts them listing by listing; past it, a bitset pass per value. */
const FACETS_BY_LISTING_UP_TO = 150_000;
/** Sidebar and cluster answers remembered (until the next change). */
const MEMO_SIZE = 500;

const bitOf = (bits: Uint32Array, s: number) => (bits[s >>> 5] & (1 << (s & 31))) !== 0;
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
/** Whether a compiled search has anything left to test per listing. */
const hasChecks = (c: Compiled) =>
  !!(c.type || c.offer || c.kind || c.furnishing || c.status || c.city || c.barangay || c.bounds) ||
  c.tagMask !== 0 ||
  c.verified >= 0 ||
  c.minRating > 0 ||
  c.owner >= 0 ||
  c.ranges.length > 0;

export class ListingSearchIndex {
  private capacity: number;
  /** Slots in use (dead ones included). */
  private slots = 0;
  /** Listings held (live slots). */
  size = 0;
  /**
   * A search whose smallest list (words, owner, barangays, cities, box cells) holds at most this many
   * listings tests them one by one; past it, bitsets. Both answer the same (tests set it to try each).
   */
  listPathUpTo = LIST_PATH_UP_TO;
  /** A list is kept as a bitset too from this many listings and this share of the slots (DENSE_MIN, DENSE_SHARE; tests lower them). */
  denseMin = DENSE_MIN;
  denseShare = DENSE_SHARE;
  /** Price runs longer than this come from the price order's marks (PRICE_RUN_DIRECT; tests lower it). */
  priceRunDirect = PRICE_RUN_DIRECT;
  /** A sidebar over at most this many matches counts them listing by listing (FACETS_BY_LISTING_UP_TO; tests change it). */
  facetsByListingUpTo = FACETS_BY_LISTING_UP_TO;
  private ids: string[] = [];
  private names: string[] = [];
  private readonly slotOf = new Map<string, number>();
  /** The `alive` bitset (kept in `bitsets` too), at hand for the per-listing test. */
  private aliveBits: Uint32Array;
  private createdAt: Float64Array;
  private price: Float64Array;
  private lotSize: Float64Array;
  private floorSize: Float64Array;
  private bedrooms: Float32Array;
  private bathrooms: Float32Array;
  private parkingSlots: Float32Array;
  private rating: Float32Array;
  private lat: Float64Array;
  private lng: Float64Array;
  /** The listing's row and column in the 0.005° grid the map's clusters are made of (`(lat + 90) × 200`, `(lng + 180) × 200`, floored). */
  private gridRow: Int32Array;
  private gridCol: Int32Array;
  private type: Uint8Array;
  private offer: Uint8Array;
  private kind: Uint8Array;
  private furnishing: Uint8Array;
  private status: Uint8Array;
  private currency: Uint8Array;
  private verified: Uint8Array;
  /** The price band's index (PRICE_BANDS), NONE outside every band. */
  private band: Uint8Array;
  private tags: Uint32Array;
  private city: Uint32Array;
  private barangay: Uint32Array;
  private owner: Uint32Array;
  private readonly cities = new Dictionary();
  private readonly cityNames: string[] = [];
  private readonly barangays = new Dictionary();
  private readonly owners = new Dictionary();
  private readonly words = new Dictionary();
  private readonly cells = new Map<number, SlotList>();
  /** The vocabulary by its first three characters, for prefixes (`poblac:*`); a new word joins its bucket. */
  private readonly prefixBuckets = new Map<string, string[]>();
  /** Currency codes beyond CURRENCIES (kept as they are). */
  private readonly otherCurrencies: string[] = [];
  /**
   * One bit per slot for each value a filter can ask for (`t<type>`, `o<offer>`, `k<kind>`,
   * `f<furnishing>`, `s<status>`, `x<tag>`, `b<price band>`, `r<N>`/`w<N>`/`g<N>` for at least N
   * bedrooms, bathrooms, parking from 0 to 5, `verified`) and `alive`. A dead slot keeps its other bits:
   * every search starts from `alive`.
   */
  private readonly bitsets = new Map<string, Uint32Array>();

  private bitset(key: string): Uint32Array {
    let b = this.bitsets.get(key);
    if (!b) this.bitsets.set(key, (b = new Uint32Array(Math.ceil(this.capacity / 32))));
    return b;
  }

  /**
   * A zeroed bitset reused by every search (they run one at a time, synchronously): a search would
   * otherwise allocate several 125 KB arrays at 1,000,000 listings for the garbage collector. The
   * `result` one holds a search's matches until the next search.
   */
  private scratchBits(name: 'result' | 'list' | 'union' | 'price' | 'below' | 'box' | 'words' | 'group'): Uint32Array {
    const words = Math.ceil(this.capacity / 32);
    let b = this.scratch.get(name);
    if (!b || b.length !== words) this.scratch.set(name, (b = new Uint32Array(words)));
    else b.fill(0);
    return b;
  }
  private readonly scratch = new Map<string, Uint32Array>();

  private setBit(key: string, s: number) {
    this.bitset(key)[s >>> 5] |= 1 << (s & 31);
  }

  constructor(capacity = 1024) {
    this.capacity = Math.max(16, capacity);
    this.aliveBits = this.bitset('alive');
    this.createdAt = new Float64Array(this.capacity);
    this.price = new Float64Array(this.capacity);
    this.lotSize = new Float64Array(this.capacity);
    this.floorSize = new Float64Array(this.capacity);
    this.bedrooms = new Float32Array(this.capacity);
    this.bathrooms = new Float32Array(this.capacity);
    this.parkingSlots = new Float32Array(this.capacity);
    this.rating = new Float32Array(this.capacity);
    this.lat = new Float64Array(this.capacity);
    this.lng = new Float64Array(this.capacity);
    this.gridRow = new Int32Array(this.capacity);
    this.gridCol = new Int32Array(this.capacity);
    this.type = new Uint8Array(this.capacity);
    this.offer = new Uint8Array(this.capacity);
    this.kind = new Uint8Array(this.capacity);
    this.furnishing = new Uint8Array(this.capacity);
    this.status = new Uint8Array(this.capacity);
    this.currency = new Uint8Array(this.capacity);
    this.verified = new Uint8Array(this.capacity);
    this.band = new Uint8Array(this.capacity);
    this.tags = new Uint32Array(this.capacity);
    this.city = new Uint32Array(this.capacity);
    this.barangay = new Uint32Array(this.capacity);
    this.owner = new Uint32Array(this.capacity);
  }

  /** Slots taken by listings that changed or left since the index was built (a reload reclaims them). */
  get deadSlots(): number {
    return this.slots - this.size;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  private grow() {
    const capacity = this.capacity * 2;
    const grow = <T extends Float64Array | Float32Array | Uint8Array | Uint32Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(capacity);
      b.set(a);
      return b;
    };
    this.createdAt = grow(this.createdAt);
    this.price = grow(this.price);
    this.lotSize = grow(this.lotSize);
    this.floorSize = grow(this.floorSize);
    this.bedrooms = grow(this.bedrooms);
    this.bathrooms = grow(this.bathrooms);
    this.parkingSlots = grow(this.parkingSlots);
    this.rating = grow(this.rating);
    this.lat = grow(this.lat);
    this.lng = grow(this.lng);
    this.gridRow = grow(this.gridRow);
    this.gridCol = grow(this.gridCol);
    this.type = grow(this.type);
    this.offer = grow(this.offer);
    this.kind = grow(this.kind);
    this.furnishing = grow(this.furnishing);
    this.status = grow(this.status);
    this.currency = grow(this.currency);
    this.verified = grow(this.verified);
    this.band = grow(this.band);
    this.tags = grow(this.tags);
    this.city = grow(this.city);
    this.barangay = grow(this.barangay);
    this.owner = grow(this.owner);
    for (const [key, bits] of this.bitsets) {
      const grown = new Uint32Array(Math.ceil(capacity / 32));
      grown.set(bits);
      this.bitsets.set(key, grown);
    }
    for (const dict of [this.cities, this.barangays, this.owners, this.words]) {
      dict.bits.forEach((bits, id) => {
        if (!bits) return;
        const grown = new Uint32Array(Math.ceil(capacity / 32));
        grown.set(bits);
        dict.bits[id] = grown;
      });
    }
    this.aliveBits = this.bitsets.get('alive')!;
    this.capacity = capacity;
  }

  /** Adds a public listing, or replaces the one with its id (a new slot; the old one dies). */
  put(l: IndexedListing): void {
    this.remove(l.id);
    this.version++;
    if (this.slots === this.capacity) this.grow();
    const s = this.slots++;
    this.ids[s] = l.id;
    this.names[s] = l.name;
    this.slotOf.set(l.id, s);
    this.size++;
    this.createdAt[s] = l.createdAt;
    this.price[s] = l.price;
    this.lotSize[s] = l.lotSize ?? NaN;
    this.floorSize[s] = l.floorSize ?? NaN;
    this.bedrooms[s] = l.bedrooms ?? NaN;
    this.bathrooms[s] = l.bathrooms ?? NaN;
    this.parkingSlots[s] = l.parkingSlots ?? NaN;
    this.rating[s] = l.rating;
    this.lat[s] = l.lat;
    this.lng[s] = l.lng;
    this.gridRow[s] = gridRowOf(l.lat);
    this.gridCol[s] = gridColOf(l.lng);
    this.type[s] = codeOf(TYPE_CODES, l.type);
    this.offer[s] = codeOf(OFFER_CODES, l.offer);
    this.kind[s] = codeOf(KIND_CODES, l.kind);
    this.furnishing[s] = codeOf(FURNISHING_CODES, l.furnishing);
    this.status[s] = codeOf(STATUS_CODES, l.status);
    this.currency[s] = this.currencyCode(l.currency);
    this.verified[s] = l.verified ? 1 : 0;
    let mask = 0;
    for (const tag of l.tags) {
      const bit = TAG_BITS.get(tag);
      if (bit !== undefined) mask |= 1 << bit;
    }
    this.tags[s] = mask >>> 0;
    const city = this.cities.idOf(l.cityCode);
    this.cityNames[city] ??= l.cityName;
    this.city[s] = city;
    this.barangay[s] = this.barangays.idOf(l.barangayCode);
    this.owner[s] = this.owners.idOf(l.ownerId);
    for (const [dict, id] of [
      [this.cities, city],
      [this.barangays, this.barangay[s]],
      [this.owners, this.owner[s]],
    ] as const) {
      dict.lists[id].push(s);
      const dense = dict.bits[id];
      if (dense) dense[s >>> 5] |= 1 << (s & 31);
    }
    for (const lexeme of new Set(l.lexemes)) {
      const before = this.words.keys.length;
      const w = this.words.idOf(lexeme);
      if (this.words.keys.length !== before) {
        const key = lexeme.slice(0, PREFIX_BUCKET);
        const bucket = this.prefixBuckets.get(key);
        if (bucket) bucket.push(lexeme);
        else this.prefixBuckets.set(key, [lexeme]);
      }
      this.words.lists[w].push(s);
      const dense = this.words.bits[w];
      if (dense) dense[s >>> 5] |= 1 << (s & 31);
    }
    this.setBit('alive', s);
    this.setBit(`t${l.type}`, s);
    this.setBit(`o${l.offer}`, s);
    if (l.kind !== null) this.setBit(`k${l.kind}`, s);
    if (l.furnishing !== null) this.setBit(`f${l.furnishing}`, s);
    this.setBit(`s${l.status}`, s);
    for (const tag of l.tags) if (TAG_BITS.has(tag)) this.setBit(`x${tag}`, s);
    if (l.verified) this.setBit('verified', s);
    const band = bandOf(l.price);
    this.band[s] = band >= 0 ? band : NONE;
    if (band >= 0) this.setBit(`b${band}`, s);
    for (const [prefix, n] of [
      ['r', l.bedrooms],
      ['w', l.bathrooms],
      ['g', l.parkingSlots],
    ] as const) {
      if (n !== null) for (let k = 0; k <= Math.min(5, n); k++) this.setBit(`${prefix}${k}`, s);
    }
    const e = this.extent;
    if (l.lat < e.south) e.south = l.lat;
    if (l.lat > e.north) e.north = l.lat;
    if (l.lng < e.west) e.west = l.lng;
    if (l.lng > e.east) e.east = l.lng;
    const cell = cellOf(l.lat, l.lng);
    let list = this.cells.get(cell);
    if (!list) this.cells.set(cell, (list = new SlotList()));
    list.push(s);
    this.countLive(s, 1);
    let totals = this.cellTotals.get(cell);
    if (!totals) this.cellTotals.set(cell, (totals = emptyTotals()));
    addPoint(totals, l.lat, l.lng);
  }

  /** Adds (1) or takes away (-1) a live slot's values from the live counts. */
  private countLive(s: number, by: 1 | -1): void {
    const live = this.live;
    live.type[this.type[s]] += by;
    live.offer[this.offer[s]] += by;
    live.kind[this.kind[s]] += by;
    live.furnishing[this.furnishing[s]] += by;
    live.band[this.band[s]] += by;
    for (let t = this.tags[s]; t !== 0; t &= t - 1) live.tag[31 - Math.clz32(t & -t)] += by;
    live.city[this.city[s]] = (live.city[this.city[s]] ?? 0) + by;
  }

  /** A map cell's live totals, its extent and sums made again from its listings once one has left. */
  private totalsOf(cell: number, list: SlotList): CellTotals {
    const totals = this.cellTotals.get(cell)!;
    if (totals.stale) {
      Object.assign(totals, emptyTotals());
      const slots = list.view();
      for (let i = 0; i < slots.length; i++) if (this.isAlive(slots[i])) addPoint(totals, this.lat[slots[i]], this.lng[slots[i]]);
    }
    return totals;
  }

  /** Takes a listing out (it left the public's view, or was deleted); a no-op when not held. */
  remove(id: string): void {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    this.slotOf.delete(id);
    this.version++;
    // its name and keys stay: the orders' permutations still hold the dead slot in its place
    this.aliveBits[s >>> 5] &= ~(1 << (s & 31));
    this.size--;
    this.countLive(s, -1);
    const totals = this.cellTotals.get(cellOf(this.lat[s], this.lng[s]));
    if (totals) totals.stale = true;
  }

  private currencyCode(currency: string): number {
    const known = CURRENCY_CODES.get(currency);
    if (known !== undefined) return known;
    let i = this.otherCurrencies.indexOf(currency);
    if (i < 0) i = this.otherCurrencies.push(currency) - 1;
    return CURRENCIES.length + i;
  }

  private currencyName(code: number): string {
    return code < CURRENCIES.length ? CURRENCIES[code] : this.otherCurrencies[code - CURRENCIES.length];
  }

  /** Whether some listing the public sees has this lexeme. */
  hasWord(word: string): boolean {
    const w = this.words.ids.get(word);
    if (w === undefined) return false;
    const list = this.words.lists[w];
    const slots = list.view();
    for (let i = slots.length - 1; i >= 0; i--) if (this.isAlive(slots[i])) return true;
    return false;
  }

  /**
   * Whether some listing the public sees has every one of these lexemes: the shortest word's listings,
   * newest first, until one is live and has the others (their kept bitsets, else a binary search).
   */
  hasAllWords(words: string[]): boolean {
    const ids: number[] = [];
    for (const word of new Set(words)) {
      const id = this.words.ids.get(word);
      if (id === undefined) return false;
      ids.push(id);
    }
    if (!ids.length) return false;
    ids.sort((a, b) => this.words.lists[a].n - this.words.lists[b].n);
    const shortest = this.words.lists[ids[0]].view();
    const bits: Uint32Array[] = [];
    const lists: Uint32Array[] = [];
    for (const id of ids.slice(1)) {
      const dense = this.denseBits(this.words, id);
      if (dense) bits.push(dense);
      else lists.push(this.words.lists[id].view());
    }
    next: for (let i = shortest.length - 1; i >= 0; i--) {
      const s = shortest[i];
      if (!this.isAlive(s)) continue;
      for (const b of bits) if (!bitOf(b, s)) continue next;
      for (const l of lists) if (!contains(l, s)) continue next;
      return true;
    }
    return false;
  }

  /**
   * The known words most like `word`, as PostgreSQL's `similarWords` finds them in listing_words:
   * pg_trgm's trigram similarity (each word padded with two spaces before and one after; shared
   * distinct trigrams over all distinct trigrams, in single precision) of at least 0.3, among the
   * public listings' words of 3 to 40 characters with a letter (not search_vector's filter tokens); most alike first, then those in more
   * listings, then alphabetical (PostgreSQL leaves such ties unordered). A trigram → words table made
   * at first use and extended as new words arrive.
   */
  similarWords(word: string, limit = 3): string[] {
    this.indexTrigrams();
    const query = trigramsOf(word);
    if (!query.size) return [];
    if (this.sharedTrigrams.length < this.words.keys.length) {
      this.sharedTrigrams = new Uint16Array(Math.max(this.words.keys.length, this.sharedTrigrams.length * 2));
    }
    const shared = this.sharedTrigrams;
    const touched: number[] = [];
    for (const t of query) {
      const posting = this.trigramPostings.get(t);
      if (!posting) continue;
      for (const id of posting) if (shared[id]++ === 0) touched.push(id);
    }
    const found: { id: number; similarity: number; listings: number }[] = [];
    for (const id of touched) {
      const n = shared[id];
      shared[id] = 0;
      const similarity = Math.fround(n / (query.size + this.trigramCounts[id] - n));
      if (similarity >= SIMILARITY_THRESHOLD && this.hasWord(this.words.keys[id])) found.push({ id, similarity, listings: -1 });
    }
    found.sort((a, b) => b.similarity - a.similarity);
    if (found.length > limit) {
      // only words as alike as the last one taken can be ordered by their listings
      const last = found[limit - 1].similarity;
      const cut = found.findIndex((f) => f.similarity < last);
      if (cut >= 0) found.length = cut;
    }
    for (const f of found) f.listings = this.liveCount(this.words, f.id);
    const key = (f: { id: number }) => this.words.keys[f.id];
    found.sort((a, b) => b.similarity - a.similarity || b.listings - a.listings || (key(a) < key(b) ? -1 : 1));
    return found.slice(0, limit).map(key);
  }

  /** The trigrams of every word a misspelt one may be taken for (listing_words' words), up to the newest. */
  private indexTrigrams(): void {
    const keys = this.words.keys;
    for (; this.trigramsUpTo < keys.length; this.trigramsUpTo++) {
      const id = this.trigramsUpTo;
      const word = keys[id];
      const chars = [...word].length;
      if (chars < 3 || chars > 40 || !/\p{L}/u.test(word) || isFilterToken(word)) continue;
      const trigrams = trigramsOf(word);
      this.trigramCounts[id] = trigrams.size;
      for (const t of trigrams) {
        const posting = this.trigramPostings.get(t);
        if (posting) posting.push(id);
        else this.trigramPostings.set(t, [id]);
      }
    }
  }
  private trigramsUpTo = 0;
  private readonly trigramPostings = new Map<string, number[]>();
  private readonly trigramCounts: number[] = [];
  private sharedTrigrams = new Uint16Array(0);

  /** How many live listings an entry's list holds. */
  private liveCount(dict: Dictionary, id: number): number {
    const slots = dict.lists[id].view();
    let n = 0;
    for (let i = 0; i < slots.length; i++) if (this.isAlive(slots[i])) n++;
    return n;
  }

  /* ---------------------------------------------------------------- searching */

  /** One page of the matches in an order, and how many match in all (exact). */
  search(f: ListingFilters, words: WordGroups | null, order: IndexOrder, limit: number, skip: number): { ids: string[]; total: number } {
    const boxed = f.bounds && !words?.length && hasOnlyBounds(f) ? this.boxOnly(f as BoxFilters, order, skip + limit) : null;
    if (boxed) return { ids: boxed.slots.slice(skip).map((s) => this.ids[s]), total: boxed.total };
    const m = this.evaluate(f, words);
    return { ids: this.page(m, order, skip + limit).slice(skip).map((s) => this.ids[s]), total: m.count };
  }

  /**
   * A map box and nothing else (the map moved), when it holds many listings: its total from the
   * totals kept per map cell (listing by listing only in the cells its edges cut and that reach past
   * them), its page from a walk of the order testing each listing's place (about wanted × listings ÷
   * total of them). Null for a box that holds few (the list path is cheaper) or too many cells.
   */
  private boxOnly(f: BoxFilters, order: IndexOrder, wanted: number): { slots: number[]; total: number } | null {
    const b = f.bounds;
    const inBox = (s: number) => this.liveIn(b, s);
    let total = 0;
    const listed = this.forEachCell(b, (list, edge, cell) => {
      const t = this.totalsOf(cell, list);
      if (!edge || extentWithin(t, b)) total += t.n;
      else if (extentMeets(t, b)) {
        const slots = list.view();
        for (let i = 0; i < slots.length; i++) if (inBox(slots[i])) total++;
      }
    });
    if (!listed || total <= this.listPathUpTo) return null;
    if (wanted <= 0) return { slots: [], total };
    const walk = (wanted * this.size) / total;
    return { slots: this.walkOrder(order, inBox, wanted, Math.max(4 * walk, 20_000)) ?? this.page(this.evaluate(f, null), order, wanted), total };
  }

  /** How many listings match (exact). */
  count(f: ListingFilters, words: WordGroups | null): number {
    return this.evaluate(f, words).count;
  }

  /** The box every listing ever held lies in (it only grows): a search box that holds it filters nothing. */
  private extent = { south: Infinity, north: -Infinity, west: Infinity, east: -Infinity };

  /**
   * Kept as listings come and go, for the searches with no filter (the landing page, a map moved with
   * nothing chosen): live listings per value of each sidebar column, and per map cell their number,
   * coordinate sums and extent (an extent is made again from the cell's listings after one leaves).
   */
  private readonly live = {
    type: new Uint32Array(256),
    offer: new Uint32Array(256),
    kind: new Uint32Array(256),
    furnishing: new Uint32Array(256),
    band: new Uint32Array(256),
    tag: new Uint32Array(32),
    city: [] as number[],
  };
  private readonly cellTotals = new Map<number, CellTotals>();

  /** Whether sidebar and cluster answers are remembered until the next change (LISTING_SEARCH_REMEMBER). */
  remember = true;
  /** Bumped by every change: remembered answers are valid only at the version they were made at. */
  private version = 0;
  /** How many changes the index has taken (a search compares it before and after; see ListingSearchIndexService.isCurrent). */
  get revision(): number {
    return this.version;
  }
  private readonly memo = new Map<string, { version: number; answer: unknown }>();

  /**
   * An answer remembered while nothing changes (the sidebar and the map of the landing page are the
   * same for every visitor and count every listing: 10-20 ms each).
   */
  private remembered<T>(key: string, answer: () => T): T {
    if (!this.remember) return answer();
    const found = this.memo.get(key);
    if (found && found.version === this.version) return found.answer as T;
    const fresh = answer();
    if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, { version: this.version, answer: fresh });
    return fresh;
  }

  /** The sidebar's counts over every match. */
  facets(f: ListingFilters, words: WordGroups | null): IndexFacets {
    return this.remembered(JSON.stringify(['facets', f, words]), () => this.countFacets(f, words));
  }

  private countFacets(f: ListingFilters, words: WordGroups | null): IndexFacets {
    const bands = PRICE_BANDS.map((_b, i) => String(i));
    let read: number;
    let byCode: Record<'t' | 'o' | 'k' | 'f' | 'b' | 'x', ArrayLike<number>>;
    let cities: ArrayLike<number>;
    if (!words?.length && hasOnlyBounds(f) && !f.bounds) {
      // no filter: the live counts kept as listings come and go
      const live = this.live;
      read = this.size;
      byCode = { t: live.type, o: live.offer, k: live.kind, f: live.furnishing, b: live.band, x: live.tag };
      cities = live.city;
    } else {
      const m = this.evaluate(f, words);
      read = m.count;
      const cityCounts = new Uint32Array(this.cities.keys.length);
      cities = cityCounts;
      const matches = this.listOf(m);
      if (matches.length <= this.facetsByListingUpTo) {
        // few enough matches: one pass reading each one's columns (a bitset pass per value costs 31,250
        // words at 1,000,000 listings, about fifty of them for a sidebar)
        const type = new Uint32Array(256);
        const offer = new Uint32Array(256);
        const kind = new Uint32Array(256);
        const furnishing = new Uint32Array(256);
        const band = new Uint32Array(256);
        const tag = new Uint32Array(32);
        const [cityOf, typeOf, offerOf, kindOf, furnishingOf, bandOf, tagsOf] = [this.city, this.type, this.offer, this.kind, this.furnishing, this.band, this.tags];
        for (let i = 0; i < matches.length; i++) {
          const s = matches[i];
          cityCounts[cityOf[s]]++;
          type[typeOf[s]]++;
          offer[offerOf[s]]++;
          kind[kindOf[s]]++;
          furnishing[furnishingOf[s]]++;
          band[bandOf[s]]++;
          for (let t = tagsOf[s]; t !== 0; t &= t - 1) tag[31 - Math.clz32(t & -t)]++;
        }
        byCode = { t: type, o: offer, k: kind, f: furnishing, b: band, x: tag };
      } else {
        for (let i = 0; i < matches.length; i++) cityCounts[this.city[matches[i]]]++;
        const counted = (prefix: string, all: readonly string[]) => all.map((value) => this.countIn(m, `${prefix}${value}`));
        byCode = {
          t: counted('t', LISTING_TYPES),
          o: counted('o', LISTING_OFFERS),
          k: counted('k', LISTING_KINDS),
          f: counted('f', FURNISHINGS),
          b: counted('b', bands),
          x: counted('x', LISTING_TAGS),
        };
      }
    }
    const values = (prefix: keyof typeof byCode, all: readonly string[]) =>
      all.flatMap((value, code) => {
        const count = byCode[prefix][code];
        return count ? [{ value, count }] : [];
      });
    const cityList: IndexFacets['cities'] = [];
    for (let c = 0; c < cities.length; c++) if (cities[c]) cityList.push({ code: this.cities.keys[c], name: this.cityNames[c], count: cities[c] });
    cityList.sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : 1));
    return {
      read,
      scale: 1,
      types: values('t', LISTING_TYPES),
      offers: values('o', LISTING_OFFERS),
      kinds: values('k', LISTING_KINDS),
      furnishings: values('f', FURNISHINGS),
      bands: values('b', bands),
      cities: cityList.slice(0, 30),
      tags: values('x', LISTING_TAGS),
    };
  }

  /** How many of the matches are in a value's bitset. */
  private countIn(m: Matches, key: string): number {
    const value = this.bitsets.get(key);
    if (!value) return 0;
    let n = 0;
    if (m.list) {
      for (let i = 0; i < m.list.length; i++) {
        const s = m.list[i];
        if (value[s >>> 5] & (1 << (s & 31))) n++;
      }
    } else {
      const bits = m.bits!;
      for (let w = 0; w < bits.length; w++) {
        const x = bits[w] & value[w];
        if (x) n += popcount(x);
      }
    }
    return n;
  }

  /**
   * The matches in `f.bounds` by cluster at a level of the 0.005° grid (its cell id `(row >> level) ×
   * 72,000 + (column >> level)`, as the SQL): count, centre (mean) and extent of each, in cluster order.
   */
  clusters(f: BoxFilters, words: WordGroups | null, level: number): IndexCluster[] {
    return this.remembered(JSON.stringify(['clusters', f, words, level]), () => this.countClusters(f, words, level));
  }

  private countClusters(f: BoxFilters, words: WordGroups | null, level: number): IndexCluster[] {
    // the box's clusters as a dense grid of accumulators (the caller keeps it to 32 or so across)
    const row0 = gridRowOf(f.bounds.south) >> level;
    const col0 = gridColOf(f.bounds.west) >> level;
    const rows = (gridRowOf(f.bounds.north) >> level) - row0 + 1;
    const cols = (gridColOf(f.bounds.east) >> level) - col0 + 1;
    if (rows * cols > 1_000_000) throw new RangeError('clusters: too many cells for the box at this level');
    const grid = new ClusterGrid(row0, col0, rows, cols);
    const latOf = this.lat;
    const lngOf = this.lng;
    const gridRow = this.gridRow;
    const gridCol = this.gridCol;
    const b = f.bounds;
    if (level >= CELL_LEVEL && !words?.length && hasOnlyBounds(f)) {
      // nothing but the box: whole map cells from their kept totals (a cell nests in one cluster from
      // level 3), listing by listing only in the cells the box's edges cut
      const shift = level - CELL_LEVEL;
      for (const [cell, list] of this.cells) {
        const t = this.totalsOf(cell, list);
        if (!extentMeets(t, b)) continue;
        if (extentWithin(t, b)) {
          const r = Math.floor(cell / CELL_COLUMNS);
          grid.addTotals(grid.at(r >> shift, (cell - r * CELL_COLUMNS) >> shift), t);
          continue;
        }
        const inside = list.view().filter((s) => this.liveIn(b, s));
        grid.addSlots(inside, level, gridRow, gridCol, latOf, lngOf);
      }
      return grid.clusters();
    }
    grid.addSlots(this.listOf(this.evaluate(f, words)), level, gridRow, gridCol, latOf, lngOf);
    return grid.clusters();
  }

  /** The newest `limit` matches as map pins. */
  pins(f: ListingFilters, words: WordGroups | null, limit: number): IndexPin[] {
    return this.page(this.evaluate(f, words), { field: 'createdAt', direction: 'desc' }, limit).map((s) => ({
      id: this.ids[s],
      lat: this.lat[s],
      lng: this.lng[s],
      price: this.price[s],
      currency: this.currencyName(this.currency[s]),
      name: this.names[s],
      offer: LISTING_OFFERS[this.offer[s]],
    }));
  }

  /**
   * The first `wanted` matches in an order: from a heap over the matches when they are few (or listed),
   * else by walking the order's permutation until that many matching slots have passed (about
   * wanted × listings ÷ matches of them).
   */
  private page(m: Matches, order: IndexOrder, wanted: number): number[] {
    if (wanted <= 0 || m.count === 0) return [];
    // in price order, matches within a price range are one run of the order: walk only that run
    const [from, to] = order.field === 'price' && m.price ? this.priceRun(order, m.price) : [0, this.size];
    const walk = (wanted * (to - from)) / m.count;
    if (!m.list && m.count > walk * 4) {
      // a walk passes about `walk` listings when matches are spread evenly through the order; past a
      // few times that they are bunched late in it, and the heap over the matches costs less
      const bits = m.bits!;
      const walked = this.walkOrder(order, (s) => (bits[s >>> 5] & (1 << (s & 31))) !== 0, wanted, Math.max(4 * walk, 20_000), from);
      if (walked) return walked;
    }
    const list = this.listOf(m);
    const heap = new TopK(Math.min(wanted, list.length), this.comparator(order));
    // once the heap is full, a slot whose key is past its last one's cannot get in (compared here,
    // without a call per slot; equal keys go to the heap to be ordered by id). By name the key is the
    // name's rank in the name order (equal names, equal ranks) for the slots it was sorted with; the
    // slots added since go to the heap
    const { key, upTo } = order.field === 'name' ? this.nameRanks() : { key: order.field === 'price' ? this.price : this.createdAt, upTo: Infinity };
    const asc = order.direction === 'asc';
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      if (heap.full && s < upTo && heap.last < upTo) {
        const x = key[s];
        const last = key[heap.last];
        if (asc ? x > last : x < last) continue;
      }
      heap.offer(s);
    }
    return heap.sorted();
  }

  /** The matches as a list (a view of a shared buffer for bitsets: use it before the next call). */
  private listOf(m: Matches): Uint32Array {
    if (m.list) return m.list;
    const bits = m.bits!;
    if (this.buffer.length < m.count) this.buffer = new Uint32Array(Math.max(m.count, this.buffer.length * 2));
    const out = this.buffer;
    let n = 0;
    for (let w = 0; w < bits.length; w++) {
      let x = bits[w];
      while (x) {
        const t = x & -x;
        out[n++] = (w << 5) | (31 - Math.clz32(t));
        x ^= t;
      }
    }
    return out.subarray(0, n);
  }

  /* ---------------------------------------------------------------- orders */

  /**
   * Slots in each order (its direction, ties by id descending) up to `built`; slots added since are the
   * tail, sorted when asked and merged in once it grows past TAIL_MERGE_AT.
   */
  private orders = new Map<string, { perm: Uint32Array; built: number }>();
  private tails = new Map<string, { upTo: number; built: number; slots: number[] }>();

  /**
   * An order's permutations given by the caller (PostgreSQL sorts the ids while the index loads: sorting
   * a million listings here would block the process for seconds). `ids` in the order's ascending
   * order, ties by id descending; ids not held are skipped. Without it an order is sorted on first use.
   */
  setOrder(field: IndexOrder['field'], ids: Iterable<string>): void {
    const asc = new Uint32Array(this.slots);
    let n = 0;
    for (const id of ids) {
      const s = this.slotOf.get(id);
      if (s !== undefined && n < asc.length) asc[n++] = s;
    }
    const perm = asc.slice(0, n);
    // descending: the whole reversed, then each run of equal keys reversed back (ties stay id-descending)
    const desc = perm.slice().reverse();
    const same = this.sameKey(field);
    for (let i = 0; i < desc.length; ) {
      let end = i + 1;
      while (end < desc.length && same(desc[end], desc[i])) end++;
      if (end - i > 1) desc.subarray(i, end).reverse();
      i = end;
    }
    this.orders.set(`${field} asc`, { perm, built: this.slots });
    this.orders.set(`${field} desc`, { perm: desc, built: this.slots });
    this.tails.clear();
  }

  private orderOf(order: IndexOrder): { perm: Uint32Array; built: number } {
    const key = `${order.field} ${order.direction}`;
    let o = this.orders.get(key);
    const before = this.comparator(order);
    const sort = (a: number, b: number) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);
    if (!o) {
      const perm = new Uint32Array(this.slots);
      for (let s = 0; s < perm.length; s++) perm[s] = s;
      perm.sort(sort);
      o = { perm, built: this.slots };
      this.orders.set(key, o);
    } else if (this.slots - o.built > TAIL_MERGE_AT) {
      // merge the tail in: one pass over the permutation, dead slots dropped
      const tail = Array.from({ length: this.slots - o.built }, (_, i) => o!.built + i).filter((s) => this.isAlive(s));
      tail.sort(sort);
      const merged = new Uint32Array(o.perm.length + tail.length);
      let n = 0;
      let j = 0;
      for (let i = 0; i < o.perm.length; i++) {
        const p = o.perm[i];
        if (!this.isAlive(p)) continue;
        while (j < tail.length && before(tail[j], p)) merged[n++] = tail[j++];
        merged[n++] = p;
      }
      while (j < tail.length) merged[n++] = tail[j++];
      o = { perm: merged.slice(0, n), built: this.slots };
      this.orders.set(key, o);
    }
    return o;
  }

  private nameRank: { perm: Uint32Array; key: Uint32Array; upTo: number } | null = null;

  /**
   * Each slot's place in the name order as it was last sorted (slots below `upTo`; a listing's name
   * never changes in its slot: a changed listing takes a new one), listings of the same name sharing
   * the first place among them. Made again when the order is (its tail merged in).
   */
  private nameRanks(): { key: Uint32Array; upTo: number } {
    const { perm, built } = this.orderOf({ field: 'name', direction: 'asc' });
    if (this.nameRank?.perm !== perm) {
      const names = this.names;
      const rank = new Uint32Array(built);
      for (let i = 0; i < perm.length; i++) {
        rank[perm[i]] = i > 0 && names[perm[i]] === names[perm[i - 1]] ? rank[perm[i - 1]] : i;
      }
      this.nameRank = { perm, key: rank, upTo: built };
    }
    return this.nameRank;
  }

  /**
   * The first `wanted` slots that match, in an order: its permutation walked, the tail merged in;
   * null when that passes more than `budget` listings without filling the page (matches that sit late
   * in the order: rentals in a walk from the dearest).
   */
  private walkOrder(order: IndexOrder, matches: (s: number) => boolean, wanted: number, budget: number, from = 0): number[] | null {
    const { perm, built } = this.orderOf(order);
    const before = this.comparator(order);
    const key = `${order.field} ${order.direction}`;
    let tail = this.tails.get(key);
    if (!tail || tail.upTo !== this.slots || tail.built !== built) {
      const slots: number[] = [];
      for (let s = built; s < this.slots; s++) if (this.isAlive(s)) slots.push(s);
      slots.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
      tail = { upTo: this.slots, built, slots };
      this.tails.set(key, tail);
    }
    const out: number[] = [];
    const rest = tail.slots;
    let j = 0;
    const end = Math.min(perm.length, from + budget);
    for (let i = from; i < end; i++) {
      const s = perm[i];
      while (j < rest.length && before(rest[j], s)) {
        const t = rest[j++];
        if (matches(t)) {
          out.push(t);
          if (out.length === wanted) return out;
        }
      }
      if (matches(s)) {
        out.push(s);
        if (out.length === wanted) return out;
      }
    }
    if (end < perm.length) return null;
    while (j < rest.length && out.length < wanted) {
      const t = rest[j++];
      if (matches(t)) out.push(t);
    }
    return out;
  }

  /**
   * Makes at once what searches would otherwise make at their first use (the misspelt words' trigram
   * table, the price order's marks): the caller runs it while loading, not in the middle of a search.
   */
  prepare(): void {
    this.indexTrigrams();
    this.priceMarks(this.orderOf({ field: 'price', direction: 'asc' }).perm);
  }

  /**
   * Where a price range's listings lie in a price order's permutation: [first, end) (the slots added
   * since it was sorted are merged in by the walk).
   */
  private priceRun(order: IndexOrder, range: { min: number; max: number }): [number, number] {
    const { perm } = this.orderOf(order);
    const price = this.price;
    const asc = order.direction === 'asc';
    const first = (before: (p: number) => boolean) => {
      let lo = 0;
      let hi = perm.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(price[perm[mid]])) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return asc ? [first((p) => p < range.min), first((p) => p <= range.max)] : [first((p) => p > range.max), first((p) => p >= range.min)];
  }

  private sameKey(field: IndexOrder['field']): (a: number, b: number) => boolean {
    if (field === 'name') return (a, b) => this.names[a] === this.names[b];
    const key = field === 'price' ? this.price : this.createdAt;
    return (a, b) => key[a] === key[b];
  }

  private isAlive(s: number): boolean {
    return bitOf(this.aliveBits, s);
  }

  /** Whether a slot is live and lies in a box. */
  private liveIn(b: Box, s: number): boolean {
    return this.isAlive(s) && this.lat[s] >= b.south && this.lat[s] <= b.north && this.lng[s] >= b.west && this.lng[s] <= b.east;
  }

  /** `before(a, b)`: whether slot a comes before slot b in the order (then id descending, as the SQL's last key). */
  private comparator(order: IndexOrder): (a: number, b: number) => boolean {
    const ids = this.ids;
    const asc = order.direction === 'asc';
    if (order.field === 'name') {
      const names = this.names;
      // code-point order, as PostgreSQL's C.UTF-8 collation (JavaScript compares UTF-16 units: the same outside astral planes)
      return (a, b) => {
        const x = names[a];
        const y = names[b];
        if (x !== y) return asc ? x < y : x > y;
        return ids[a] > ids[b];
      };
    }
    const key = order.field === 'price' ? this.price : this.createdAt;
    return (a, b) => {
      const x = key[a];
      const y = key[b];
      if (x !== y) return asc ? x < y : x > y;
      return ids[a] > ids[b];
    };
  }

  /* ---------------------------------------------------------------- matching */

  /** A reusable buffer for matches (searches run one at a time: JavaScript is single-threaded, and nothing here awaits). */
  private buffer = new Uint32Array(1024);

  /**
   * The live slots matching a search, exactly: as a list when a selective list drives the search (the
   * words, an owner, barangays, cities or a box's cells: each listing of the smallest is tested), else
   * as a bitset (the filters' bitsets ANDed word by word, then what bitsets cannot say tested per match).
   */
  private evaluate(f: ListingFilters, words: WordGroups | null): Matches {
    const c = this.compile(f);
    if (c === NOTHING) return EMPTY;
    const found = words && words.length ? this.wordSet(words) : null;
    if (found === NOTHING) return EMPTY;
    const set = found instanceof Uint32Array ? found : null;
    const wordBits = found && !(found instanceof Uint32Array) ? found.bits : null;
    const sources: { size: number; lists: Uint32Array[] }[] = [];
    if (set) sources.push({ size: set.length, lists: [set] });
    if (c.owner >= 0) sources.push({ size: this.owners.lists[c.owner].n, lists: [this.owners.lists[c.owner].view()] });
    for (const [dict, wanted] of [
      [this.barangays, c.barangay],
      [this.cities, c.city],
    ] as const) {
      if (!wanted) continue;
      const lists = [...wanted].map((id) => dict.lists[id].view());
      sources.push({ size: lists.reduce((n, l) => n + l.length, 0), lists });
    }
    if (c.bounds) {
      const lists = this.cellLists(c.bounds);
      if (lists) sources.push({ size: lists.reduce((n, l) => n + l.length, 0), lists });
    }
    sources.sort((a, b) => a.size - b.size);
    const driver = sources[0];
    if (driver && driver.size <= this.listPathUpTo) {
      if (this.buffer.length < driver.size) this.buffer = new Uint32Array(Math.max(driver.size, this.buffer.length * 2));
      const out = this.buffer;
      let n = 0;
      const checkWords = set !== null && driver.lists[0] !== set;
      for (const list of driver.lists) {
        for (let i = 0; i < list.length; i++) {
          const s = list[i];
          if ((!wordBits || wordBits[s >>> 5] & (1 << (s & 31))) && this.test(s, c) && (!checkWords || contains(set!, s))) out[n++] = s;
        }
      }
      return { list: out.subarray(0, n), bits: null, count: n };
    }
    const { bits, residual } = this.filterBits(c);
    // the bits path: every list-shaped filter as bits, ANDed in (setting a bit per listing of the list
    // costs less than testing each listing's columns and keeping a heap of them)
    const andList = (dict: Dictionary, ids: number[]) => {
      const dense = ids.length === 1 ? this.denseBits(dict, ids[0]) : null;
      const listBits = dense ?? this.scratchBits('list');
      if (!dense) this.orInto(listBits, dict, ids);
      for (let w = 0; w < bits.length; w++) bits[w] &= listBits[w];
    };
    if (c.owner >= 0) {
      andList(this.owners, [c.owner]);
      residual.owner = -1;
    }
    for (const [dict, wanted, field] of [
      [this.barangays, c.barangay, 'barangay'],
      [this.cities, c.city, 'city'],
    ] as const) {
      if (!wanted) continue;
      andList(dict, [...wanted]);
      residual[field] = null;
    }
    if (c.bounds) {
      // the listings of the box's map cells (each tested against the box's edges only in the cells the edges cross)
      const boxBits = this.boxBits(c.bounds);
      if (boxBits) {
        for (let w = 0; w < bits.length; w++) bits[w] &= boxBits[w];
        residual.bounds = null;
      }
    }
    if (set) {
      const listBits = this.scratchBits('list');
      for (let i = 0; i < set.length; i++) listBits[set[i] >>> 5] |= 1 << (set[i] & 31);
      for (let w = 0; w < bits.length; w++) bits[w] &= listBits[w];
    }
    if (wordBits) for (let w = 0; w < bits.length; w++) bits[w] &= wordBits[w];
    const price = residual.ranges.find((r) => r.column === this.price);
    if (price) {
      // a price range from the price order: its listings are one run of the permutation
      const priceBits = this.priceBits(price.min, price.max);
      for (let w = 0; w < bits.length; w++) bits[w] &= priceBits[w];
      residual.ranges = residual.ranges.filter((r) => r !== price);
    }
    let count = 0;
    if (hasChecks(residual)) {
      for (let w = 0; w < bits.length; w++) {
        let x = bits[w];
        while (x) {
          const t = x & -x;
          if (!this.test((w << 5) | (31 - Math.clz32(t)), residual)) bits[w] &= ~t;
          else count++;
          x ^= t;
        }
      }
    } else {
      for (let w = 0; w < bits.length; w++) if (bits[w]) count += popcount(bits[w]);
    }
    return { list: null, bits, count, ...(price && { price: { min: price.min, max: price.max } }) };
  }

  /**
   * The live slots passing the filters bitsets can say (a fresh bitset), and what is left to test per
   * listing: sets of values are ORs of their values' bitsets; "at least N" (0-5) bedrooms, bathrooms
   * and parking have cumulative bitsets (a price range is left to `priceBits`, a run of the price order).
   */
  private filterBits(c: Compiled): { bits: Uint32Array; residual: Compiled } {
    const bits = this.scratchBits('result');
    bits.set(this.aliveBits);
    const and = (other: Uint32Array | undefined) => {
      if (!other) return bits.fill(0);
      for (let w = 0; w < bits.length; w++) bits[w] &= other[w];
    };
    const anyOf = (keys: string[]) => {
      const union = this.scratchBits('union');
      for (const key of keys) {
        const b = this.bitsets.get(key);
        if (b) for (let w = 0; w < union.length; w++) union[w] |= b[w];
      }
      and(union);
    };
    const residual: Compiled = { ...c, ranges: [] };
    for (const [table, prefix, values, field] of [
      [c.type, 't', LISTING_TYPES, 'type'],
      [c.offer, 'o', LISTING_OFFERS, 'offer'],
      [c.kind, 'k', LISTING_KINDS, 'kind'],
      [c.furnishing, 'f', FURNISHINGS, 'furnishing'],
      [c.status, 's', LISTING_STATUSES, 'status'],
    ] as const) {
      if (!table) continue;
      anyOf(values.filter((_v, i) => table[i]).map((v) => `${prefix}${v}`));
      residual[field] = null;
    }
    if (c.tagMask) {
      for (let bit = 0; bit < 32; bit++) if (c.tagMask & (1 << bit)) and(this.bitsets.get(`x${LISTING_TAGS[bit] ?? '?'}`));
      residual.tagMask = 0;
    }
    if (c.verified >= 0) {
      const v = this.bitset('verified');
      for (let w = 0; w < bits.length; w++) bits[w] &= c.verified ? v[w] : ~v[w];
      residual.verified = -1;
    }
    for (const range of c.ranges) {
      const prefix = range.column === this.bedrooms ? 'r' : range.column === this.bathrooms ? 'w' : range.column === this.parkingSlots ? 'g' : null;
      if (prefix && range.max === Infinity && Number.isInteger(range.min) && range.min >= 0 && range.min <= 5) {
        and(this.bitsets.get(`${prefix}${range.min}`));
        continue;
      }
      residual.ranges.push(range);
    }
    return { bits, residual };
  }

  /** Whether a slot is live and passes every filter but the words. */
  private test(s: number, c: Compiled): boolean {
    if (!(this.aliveBits[s >>> 5] & (1 << (s & 31)))) return false;
    if (c.type && !c.type[this.type[s]]) return false;
    if (c.offer && !c.offer[this.offer[s]]) return false;
    if (c.kind && !c.kind[this.kind[s]]) return false;
    if (c.furnishing && !c.furnishing[this.furnishing[s]]) return false;
    if (c.status && !c.status[this.status[s]]) return false;
    if (c.tagMask && (this.tags[s] & c.tagMask) >>> 0 !== c.tagMask) return false;
    if (c.verified >= 0 && this.verified[s] !== c.verified) return false;
    if (c.minRating > 0 && !(this.rating[s] >= c.minRating)) return false;
    if (c.owner >= 0 && this.owner[s] !== c.owner) return false;
    if (c.city && !c.city.has(this.city[s])) return false;
    if (c.barangay && !c.barangay.has(this.barangay[s])) return false;
    for (let r = 0; r < c.ranges.length; r++) {
      const range = c.ranges[r];
      const v = range.column[s];
      // NaN (no value) fails both, as NULL does in SQL
      if (!(v >= range.min && v <= range.max)) return false;
    }
    const b = c.bounds;
    if (b) {
      const lat = this.lat[s];
      const lng = this.lng[s];
      if (lat < b.south || lat > b.north || lng < b.west || lng > b.east) return false;
    }
    return true;
  }

  private compile(f: ListingFilters): Compiled | typeof NOTHING {
    const lookup = (values: string[] | undefined, map: Map<string, number>) => {
      if (!values?.length) return null;
      const table = new Uint8Array(256);
      for (const v of values) {
        const code = map.get(v);
        if (code !== undefined) table[code] = 1;
      }
      return table;
    };
    const ids = (values: string[] | undefined, dict: Dictionary) => {
      if (!values?.length) return null;
      return new Set(values.flatMap((v) => (dict.ids.has(v) ? [dict.ids.get(v)!] : [])));
    };
    const city = ids(f.city, this.cities);
    const barangay = ids(f.barangay, this.barangays);
    if ((city && city.size === 0) || (barangay && barangay.size === 0)) return NOTHING;
    let owner = -1;
    if (f.ownerId !== undefined) {
      const id = this.owners.ids.get(f.ownerId);
      if (id === undefined) return NOTHING;
      owner = id;
    }
    let tagMask = 0;
    for (const tag of f.tags ?? []) tagMask |= 1 << (TAG_BITS.get(tag) ?? 31);
    const ranges: Compiled['ranges'] = [];
    for (const [range, column] of [
      [f.price, this.price],
      [f.lotSize, this.lotSize],
      [f.floorSize, this.floorSize],
      [f.bedrooms, this.bedrooms],
      [f.bathrooms, this.bathrooms],
      [f.parkingSlots, this.parkingSlots],
    ] as const) {
      if (range && (range.min !== undefined || range.max !== undefined)) ranges.push({ column, min: range.min ?? -Infinity, max: range.max ?? Infinity });
    }
    return {
      type: lookup(f.type, TYPE_CODES),
      offer: lookup(f.offer, OFFER_CODES),
      kind: lookup(f.kind, KIND_CODES),
      furnishing: lookup(f.furnishing, FURNISHING_CODES),
      status: lookup(f.status, STATUS_CODES),
      city,
      barangay,
      owner,
      tagMask: tagMask >>> 0,
      verified: f.verified === undefined ? -1 : f.verified ? 1 : 0,
      minRating: f.minRating ?? 0,
      ranges,
      // a box around every listing (the map zoomed out over the country) filters nothing
      bounds: f.bounds && !this.holdsAll(f.bounds) ? f.bounds : null,
    };
  }

  private holdsAll(b: Box): boolean {
    const e = this.extent;
    return b.south <= e.south && b.north >= e.north && b.west <= e.west && b.east >= e.east;
  }

  /** The slot lists of the map cells a box touches (null for a box too large to be worth it). */
  private cellLists(b: Box): Uint32Array[] | null {
    const lists: Uint32Array[] = [];
    return this.forEachCell(b, (list) => lists.push(list.view())) ? lists : null;
  }

  /**
   * Calls `visit` for each non-empty map cell a box touches (`edge`: the box's edges cross it); false,
   * without a call, for a box of more than 40,000 cells (a search that large is not worth listing).
   */
  private forEachCell(b: Box, visit: (list: SlotList, edge: boolean, cell: number) => void): boolean {
    const r0 = Math.floor((b.south + 90) * CELLS_PER_DEGREE);
    const r1 = Math.floor((b.north + 90) * CELLS_PER_DEGREE);
    const c0 = Math.floor((b.west + 180) * CELLS_PER_DEGREE);
    const c1 = Math.floor((b.east + 180) * CELLS_PER_DEGREE);
    if ((r1 - r0 + 1) * (c1 - c0 + 1) > 40_000) return false;
    for (let r = r0; r <= r1; r++) {
      for (let col = c0; col <= c1; col++) {
        const cell = r * CELL_COLUMNS + col;
        const list = this.cells.get(cell);
        if (list) visit(list, r === r0 || r === r1 || col === c0 || col === c1, cell);
      }
    }
    return true;
  }

  /**
   * The slots whose price is within [min, max], as bits: a run of the price order found by binary
   * search (a long run as the difference of two of the order's prefixes, see priceMarks), and the slots
   * added since it was sorted tested one by one.
   */
  private priceBits(min: number, max: number): Uint32Array {
    const { perm, built } = this.orderOf({ field: 'price', direction: 'asc' });
    const price = this.price;
    const first = (below: (p: number) => boolean) => {
      let lo = 0;
      let hi = perm.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (below(price[perm[mid]])) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const from = first((p) => p < min);
    const to = first((p) => p <= max);
    const bits = this.scratchBits('price');
    if (to - from <= this.priceRunDirect) {
      for (let i = from; i < to; i++) bits[perm[i] >>> 5] |= 1 << (perm[i] & 31);
    } else {
      const marks = this.priceMarks(perm);
      this.prefixOf(bits, perm, marks, to);
      const below = this.scratchBits('below');
      this.prefixOf(below, perm, marks, from);
      for (let w = 0; w < bits.length; w++) bits[w] &= ~below[w];
    }
    for (let s = built; s < this.slots; s++) if (price[s] >= min && price[s] <= max) bits[s >>> 5] |= 1 << (s & 31);
    return bits;
  }

  /** For a permutation of the price order: the bits of its first k × step slots, k = 0 … (made once per permutation). */
  private priceMarks(perm: Uint32Array): { step: number; marks: Uint32Array[] } {
    const words = Math.ceil(this.capacity / 32);
    const kept = this.marks;
    if (kept && kept.perm === perm && kept.marks[0].length === words) return kept;
    const step = Math.max(1024, Math.ceil(perm.length / PRICE_MARKS));
    const marks: Uint32Array[] = [];
    const bits = new Uint32Array(words);
    for (let k = 0; ; k++) {
      marks.push(bits.slice());
      const end = Math.min(perm.length, (k + 1) * step);
      if (k * step >= perm.length) break;
      for (let i = k * step; i < end; i++) bits[perm[i] >>> 5] |= 1 << (perm[i] & 31);
    }
    this.marks = { perm, step, marks };
    return this.marks;
  }
  private marks: { perm: Uint32Array; step: number; marks: Uint32Array[] } | null = null;

  /** `target` := the bits of perm's first `at` slots, from the nearest mark (each slot is once in a permutation: bits past `at` are cleared). */
  private prefixOf(target: Uint32Array, perm: Uint32Array, { step, marks }: { step: number; marks: Uint32Array[] }, at: number): void {
    const k = Math.min(marks.length - 1, Math.round(at / step));
    const pos = Math.min(perm.length, k * step);
    target.set(marks[k]);
    for (let i = pos; i < at; i++) target[perm[i] >>> 5] |= 1 << (perm[i] & 31);
    for (let i = at; i < pos; i++) target[perm[i] >>> 5] &= ~(1 << (perm[i] & 31));
  }

  /** The live and dead slots inside a box as bits (null for a box of more than 40,000 map cells). */
  private boxBits(b: Box): Uint32Array | null {
    const bits = this.scratchBits('box');
    const inside = this.forEachCell(b, (list, edge) => {
      const slots = list.view();
      for (let i = 0; i < slots.length; i++) {
        const s = slots[i];
        if (edge) {
          const lat = this.lat[s];
          const lng = this.lng[s];
          if (lat < b.south || lat > b.north || lng < b.west || lng > b.east) continue;
        }
        bits[s >>> 5] |= 1 << (s & 31);
      }
    });
    return inside ? bits : null;
  }

  /**
   * The slots having every group of words (dead slots included: searches start from `alive`): a sorted
   * list when some group is selective (its listings intersected with the others'), else a bitset
   * (each group's listings set as bits, the groups ANDed word by word: common words such as "house",
   * "and" and "lot" each cover a third of the listings).
   */
  private wordSet(groups: WordGroups): Uint32Array | { bits: Uint32Array } | typeof NOTHING {
    const sets: number[][] = [];
    for (const group of groups) {
      const ids: number[] = [];
      for (const alternative of group) {
        if (alternative.endsWith(':*')) {
          for (const w of this.wordsWithPrefix(alternative.slice(0, -2))) ids.push(this.words.ids.get(w)!);
        } else {
          const w = this.words.ids.get(alternative);
          if (w !== undefined) ids.push(w);
        }
      }
      if (!ids.length) return NOTHING;
      sets.push(ids);
    }
    const sizeOf = (ids: number[]) => ids.reduce((n, id) => n + this.words.lists[id].n, 0);
    sets.sort((a, b) => sizeOf(a) - sizeOf(b));
    if (sizeOf(sets[0]) > this.slots / 8) {
      const bits = this.scratchBits('words');
      sets.forEach((ids, i) => {
        if (i === 0) return this.orInto(bits, this.words, ids);
        const dense = ids.length === 1 ? this.denseBits(this.words, ids[0]) : null;
        const group = dense ?? this.scratchBits('group');
        if (!dense) this.orInto(group, this.words, ids);
        for (let w = 0; w < bits.length; w++) bits[w] &= group[w];
      });
      return { bits };
    }
    const listsOf = (ids: number[]) => ids.map((id) => this.words.lists[id].view());
    let result = sets[0].length === 1 ? this.words.lists[sets[0][0]].view() : union(listsOf(sets[0]));
    for (let i = 1; i < sets.length && result.length; i++) result = intersect(result, sets[i].length === 1 ? this.words.lists[sets[i][0]].view() : union(listsOf(sets[i])));
    return result;
  }

  /**
   * A long list's slots as a bitset (built at its first use, then kept up to date by put), or null for
   * a list shorter than DENSE_SHARE of the slots (setting its bits costs less than a pass over a bitset).
   */
  private denseBits(dict: Dictionary, id: number): Uint32Array | null {
    const kept = dict.bits[id];
    if (kept) return kept;
    const list = dict.lists[id];
    if (list.n < Math.max(this.denseMin, this.slots * this.denseShare) || this.denseKept >= DENSE_MAX) return null;
    const bits = new Uint32Array(Math.ceil(this.capacity / 32));
    const slots = list.view();
    for (let i = 0; i < slots.length; i++) bits[slots[i] >>> 5] |= 1 << (slots[i] & 31);
    dict.bits[id] = bits;
    this.denseKept++;
    return bits;
  }
  private denseKept = 0;

  /** Sets the bits of these entries' slots in `target` (a long list's kept bitset ORed in whole). */
  private orInto(target: Uint32Array, dict: Dictionary, ids: number[]): void {
    for (const id of ids) {
      const dense = this.denseBits(dict, id);
      if (dense) {
        for (let w = 0; w < target.length; w++) target[w] |= dense[w];
        continue;
      }
      const slots = dict.lists[id].view();
      for (let i = 0; i < slots.length; i++) target[slots[i] >>> 5] |= 1 << (slots[i] & 31);
    }
  }

  private wordsWithPrefix(prefix: string): string[] {
    const candidates = prefix.length >= PREFIX_BUCKET ? (this.prefixBuckets.get(prefix.slice(0, PREFIX_BUCKET)) ?? []) : this.words.keys;
    return candidates.filter((w) => w.startsWith(prefix));
  }
}

/**
 * The filter tokens search_vector holds besides the text's words (city `c<code>`, barangay `b<code>`,
 * type `t<type>`, offer `o<offer>`, kind `k<kind without underscores>`): not words anyone misspells.
 */
const FILTER_TOKENS = new Set([
  ...LISTING_TYPES.map((t) => `t${t}`),
  ...LISTING_OFFERS.map((o) => `o${o}`),
  ...LISTING_KINDS.map((k) => `k${k.replace(/_/g, '')}`),
]);
const isFilterToken = (word: string) => FILTER_TOKENS.has(word) || /^[cb]\d{6,}$/.test(word);

/** pg_trgm's similarity threshold (`pg_trgm.similarity_threshold`, 0.3 as a float4) for `%`. */
const SIMILARITY_THRESHOLD = Math.fround(0.3);

/**
 * A text's distinct trigrams as pg_trgm makes them: split into words at every character that is not a
 * letter or digit, each word lower-cased and padded with two spaces before and one after, every run of
 * three characters.
 */
export function trigramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded[i] + padded[i + 1] + padded[i + 2]);
  }
  return out;
}

/** Whether a sorted list holds a slot (binary search). */
function contains(sorted: Uint32Array, s: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid];
    if (v === s) return true;
    if (v < s) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** The sorted union of sorted lists, without repeats. */
function union(lists: Uint32Array[]): Uint32Array {
  const all = new Uint32Array(lists.reduce((n, l) => n + l.length, 0));
  let n = 0;
  for (const l of lists) {
    all.set(l, n);
    n += l.length;
  }
  all.sort();
  let k = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[k++] = all[i];
  return all.subarray(0, k);
}

/** The sorted intersection of two sorted lists: each of the shorter searched in the longer, moving forward. */
function intersect(small: Uint32Array, large: Uint32Array): Uint32Array {
  const out = new Uint32Array(small.length);
  let n = 0;
  let lo = 0;
  for (let i = 0; i < small.length && lo < large.length; i++) {
    const s = small[i];
    // gallop, then binary search in the bracket
    let step = 1;
    let hi = lo;
    while (hi < large.length && large[hi] < s) {
      lo = hi + 1;
      hi += step;
      step *= 2;
    }
    if (hi >= large.length) hi = large.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (large[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    if (large[lo] === s) out[n++] = s;
  }
  return out.subarray(0, n);
}

/** The first `k` slots in an order, kept in a binary heap whose root is the last of them. */
class TopK {
  private readonly heap: number[] = [];
  constructor(
    private readonly k: number,
    private readonly before: (a: number, b: number) => boolean,
  ) {}

  /** Whether it holds its `k` slots (then `last` is the last of them). */
  get full(): boolean {
    return this.heap.length === this.k;
  }

  get last(): number {
    return this.heap[0];
  }

  offer(s: number) {
    const h = this.heap;
    if (h.length < this.k) {
      h.push(s);
      let i = h.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.before(h[p], h[i])) break;
        [h[p], h[i]] = [h[i], h[p]];
        i = p;
      }
    } else if (this.k > 0 && this.before(s, h[0])) {
      h[0] = s;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let last = i;
        if (l < h.length && this.before(h[last], h[l])) last = l;
        if (r < h.length && this.before(h[last], h[r])) last = r;
        if (last === i) break;
        [h[last], h[i]] = [h[i], h[last]];
        i = last;
      }
    }
  }

  /** The kept slots, first to last. */
  sorted(): number[] {
    return [...this.heap].sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
  }
}
