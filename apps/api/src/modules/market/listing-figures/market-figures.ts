/**
 * Pure rules of the listing figures: what a listing's market life becomes after a change, which price
 * counts, which size a price per m² divides by, and the month series. No database here (unit-tested).
 */
import type { MonthlyPoint } from '../market-contracts';

/** The statuses that take a listing off the market (and the end reason they record). */
export const ENDED_STATUSES = ['sold', 'rented', 'archived'] as const;
export type EndReason = (typeof ENDED_STATUSES)[number] | 'removed';

export const isEndedStatus = (status: string): status is (typeof ENDED_STATUSES)[number] => (ENDED_STATUSES as readonly string[]).includes(status);

/** Kinds and types priced by their land: their price per m² divides by the lot size, others by the floor area. */
export const LOT_PRICED_KINDS = ['lot', 'farm'] as const;
export const sizeBasisOf = (kind: string | null, type: string): 'lot' | 'floor' =>
  (kind !== null && (LOT_PRICED_KINDS as readonly string[]).includes(kind)) || type === 'land' ? 'lot' : 'floor';

/** The price the figures count: only asking prices in pesos (a listing in another currency has none: no conversion is guessed). */
export const pesoPriceOf = (price: number, currency: string): number | null => (currency === 'PHP' && Number.isFinite(price) && price >= 0 ? price : null);

/** A listing as read now from the listings module (ListingsService.marketFacts), reduced to what the figures keep. */
export interface MarketSnapshot {
  listingId: string;
  regionCode: string;
  provinceCode: string | null;
  cityCode: string;
  barangayCode: string;
  type: string;
  kind: string | null;
  offer: string;
  pricePhp: number | null;
  floorSize: number | null;
  lotSize: number | null;
  status: string;
  isPublic: boolean;
  saves: number;
  listedAt: Date;
  /** The listing's updated_at: the version of this snapshot (a write never goes back to an older one). */
  version: Date;
}

/** A market_listings row as stored. */
export interface StoredMarketListing {
  listingId: string;
  regionCode: string;
  provinceCode: string | null;
  cityCode: string;
  barangayCode: string;
  type: string;
  kind: string | null;
  offer: string;
  pricePhp: number | null;
  firstPricePhp: number | null;
  floorSize: number | null;
  lotSize: number | null;
  status: string;
  isPublic: boolean;
  listedAt: Date;
  endedAt: Date | null;
  endReason: EndReason | null;
  priceCuts: number;
  saves: number;
  inquiries: number;
  updatedAt: Date;
}

export interface MarketWritePlan {
  /** The row to store (null: the snapshot is older than what is stored; only `saves` is written then). */
  row: StoredMarketListing | null;
  saves: number;
  /** A change of the asking price to record (changedAt = the snapshot's version). */
  priceChange: { oldPricePhp: number; newPricePhp: number; changedAt: Date; cut: boolean } | null;
  /** Barangays whose figures change (the old and the new one when the listing moved). */
  dirtyBarangays: string[];
}

/** A new market life from a first snapshot (listed at the listing's creation). */
export function newMarketListing(s: MarketSnapshot): StoredMarketListing {
  const ended = isEndedStatus(s.status);
  return {
    listingId: s.listingId,
    regionCode: s.regionCode,
    provinceCode: s.provinceCode,
    cityCode: s.cityCode,
    barangayCode: s.barangayCode,
    type: s.type,
    kind: s.kind,
    offer: s.offer,
    pricePhp: s.pricePhp,
    firstPricePhp: s.pricePhp,
    floorSize: s.floorSize,
    lotSize: s.lotSize,
    status: s.status,
    isPublic: s.isPublic,
    listedAt: s.listedAt,
    endedAt: ended ? s.version : null,
    endReason: ended ? (s.status as EndReason) : null,
    priceCuts: 0,
    saves: s.saves,
    inquiries: 0,
    updatedAt: s.version,
  };
}

/**
 * What a snapshot changes in a stored market life. Order-safe: a snapshot older than the stored one
 * (handlers run in parallel) changes nothing but the saves. A listing leaves the market when its status
 * becomes sold, rented or archived (at the snapshot's version, the time of that change unless it was
 * edited again since: the earliest snapshot that saw it ended wins) and comes back when active again.
 * Idempotent: the same snapshot again plans no price change and the same row.
 */
export function planMarketWrite(stored: StoredMarketListing, s: MarketSnapshot): MarketWritePlan {
  const dirty = [...new Set([stored.barangayCode, s.barangayCode])];
  if (stored.updatedAt.getTime() > s.version.getTime()) return { row: null, saves: s.saves, priceChange: null, dirtyBarangays: dirty };
  let endedAt: Date | null = null;
  let endReason: EndReason | null = null;
  if (isEndedStatus(s.status)) {
    if (stored.endedAt && stored.endReason && stored.endReason !== 'removed') {
      endedAt = stored.endedAt.getTime() <= s.version.getTime() ? stored.endedAt : s.version;
      endReason = stored.endReason;
    } else {
      endedAt = s.version;
      endReason = s.status as EndReason;
    }
  }
  const priceChange =
    stored.pricePhp !== null && s.pricePhp !== null && stored.pricePhp !== s.pricePhp
      ? { oldPricePhp: stored.pricePhp, newPricePhp: s.pricePhp, changedAt: s.version, cut: s.pricePhp < stored.pricePhp }
      : null;
  return {
    row: {
      ...stored,
      regionCode: s.regionCode,
      provinceCode: s.provinceCode,
      cityCode: s.cityCode,
      barangayCode: s.barangayCode,
      type: s.type,
      kind: s.kind,
      offer: s.offer,
      pricePhp: s.pricePhp,
      firstPricePhp: stored.firstPricePhp ?? s.pricePhp,
      floorSize: s.floorSize,
      lotSize: s.lotSize,
      status: s.status,
      isPublic: s.isPublic,
      listedAt: s.listedAt,
      endedAt,
      endReason,
      saves: s.saves,
      updatedAt: s.version,
    },
    saves: s.saves,
    priceChange,
    dirtyBarangays: dirty,
  };
}

/** The first day (YYYY-MM-01) of the month of `d` in Asia/Manila (UTC+8, no daylight saving). */
export function manilaMonthOf(d: Date): string {
  const m = new Date(d.getTime() + 8 * 3_600_000);
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The `count` months (YYYY-MM-01) up to and including the month of `now` (Asia/Manila), oldest first. */
export function monthsUpTo(now: Date, count: number): string[] {
  const [y, m] = manilaMonthOf(now).split('-').map(Number);
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const total = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`);
  }
  return out;
}

/**
 * The month series of an area with every month present. The refresh stores only the months in which
 * something happened (listings listed or ended) and the window's first month: a month without a row
 * had no new or ended listings (null medians) and as many on the market as the last stored month
 * before it (stored months before the series carry into it), zero before the first.
 */
export function fillMonths(stored: readonly MonthlyPoint[], now: Date, count: number): MonthlyPoint[] {
  const sorted = [...stored].sort((a, b) => a.month.localeCompare(b.month));
  const byMonth = new Map(sorted.map((p) => [p.month, p]));
  const months = monthsUpTo(now, count).map((first) => first.slice(0, 7));
  let active = 0;
  for (const p of sorted) if (p.month < months[0]) active = p.activeCount;
  return months.map((month) => {
    const p = byMonth.get(month);
    if (p) {
      active = p.activeCount;
      return p;
    }
    return { month, newCount: 0, activeCount: active, endedCount: 0, medianPrice: null, medianPricePerSqm: null, priceSample: 0, sqmSample: 0, medianDaysOnMarket: null };
  });
}

/** Rounds a figure for display-free storage: pesos to centavos, others to `digits`. */
export const roundTo = (v: number | null, digits: number): number | null => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits);
