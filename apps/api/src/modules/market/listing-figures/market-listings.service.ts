import { Inject, Injectable, Logger } from '@nestjs/common';
import { MARKET_MIN_SAMPLE, type AreaLevel, type DomainEvent } from '@app/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { Transactions } from '../../../common/db/transactions';
import { ListingsService, type ListingMarketFacts } from '../../listings/listings.service';
import { statsKey, type AreaRankMetric, type AreaStatsView, type MarketKind, type MarketListingsReader, type MarketOffer, type MonthlyPoint } from '../market-contracts';
import {
  fillMonths,
  monthsUpTo,
  newMarketListing,
  pesoPriceOf,
  planMarketWrite,
  type EndReason,
  type MarketSnapshot,
  type StoredMarketListing,
} from './market-figures';
import { MarketListingsRepository, MONTHLY_HISTORY_MONTHS, type MarketListingWrite, type PriceChangeWrite } from './market-listings.repository';

/** Listings read per batch by the backfill and the history import. */
const BATCH = 5_000;
/** Refresh statements run at once (each on its own connection: PostgreSQL spreads them over cores). */
const REFRESH_PARALLEL = 2;
/** Dirty barangays taken per refresh round (a burst's barangays are refreshed together, their cities and the nation once). */
const DIRTY_PER_ROUND = 50_000;

/** A listing's past as the demo seed (or an operator's import) knows it: what events cannot tell after the fact. */
export interface MarketHistoryEntry {
  listingId: string;
  listedAt: Date;
  endedAt: Date | null;
  endReason: EndReason | null;
  /** The asking price when listed (pesos); the current one is the listing's. */
  firstPricePhp: number | null;
  /** Every change of the asking price, oldest first. */
  priceChanges: { at: Date; oldPricePhp: number; newPricePhp: number }[];
  inquiries?: number;
}

export interface RefreshResult {
  barangays: number;
  cities: number;
  provinces: number;
  regions: number;
  ms: number;
}

/** A listing as the listings module reads it, reduced to what the figures keep (prices only in pesos). */
export function snapshotOf(f: ListingMarketFacts): MarketSnapshot {
  return {
    listingId: f.id,
    regionCode: f.regionCode,
    provinceCode: f.provinceCode,
    cityCode: f.cityCode,
    barangayCode: f.barangayCode,
    type: f.type,
    kind: f.kind,
    offer: f.offer,
    pricePhp: pesoPriceOf(f.price, f.currency),
    floorSize: f.floorSize,
    lotSize: f.lotSize,
    status: f.status,
    isPublic: f.isPublic,
    saves: f.savedCount,
    listedAt: f.createdAt,
    version: f.updatedAt,
  };
}

const toWrite = (r: StoredMarketListing): MarketListingWrite => ({
  ...r,
  listedAt: r.listedAt.toISOString(),
  endedAt: r.endedAt ? r.endedAt.toISOString() : null,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The listing figures (issue 16): each listing's market life recorded from its events, the figures per
 * barangay, city, province, region and nation precomputed by the refresh job, and their reads
 * (`MarketListingsReader`: the precomputed tables only, never computed per request).
 */
@Injectable()
export class MarketListingsService implements MarketListingsReader {
  private readonly logger = new Logger('MarketListings');
  private backfillChecked = false;
  /** The last refresh round's time per level (its log line). */
  private lastTiming = '';
  /** The refresh running in this process: a second one waits for it (the job and a test's refreshNow never overlap). */
  private refreshing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repo: MarketListingsRepository,
    private readonly listings: ListingsService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the listing figures come from the demo seed (SEED_DEMO): reports say "demo data". */
  isDemo(): boolean {
    return this.config.seedDemo;
  }

  /* ------------------------------------------- recording from events ------------------------------------------- */

  /**
   * A listing event (created, updated, removed, visibility changed, verified, saved, unsaved): the
   * listing is read again and its market life written (see `planMarketWrite`), in the handler's
   * transaction with its barangay (both when it moved) marked for the refresh.
   */
  async recordListingEvent(event: DomainEvent): Promise<void> {
    const listingId = (event.data as { listingId?: string }).listingId;
    if (!listingId) return;
    await this.transactions.run(async () => {
      if (event.type === 'listing.removed') {
        const barangay = await this.repo.markRemoved(listingId, new Date(event.occurredAt));
        if (barangay) await this.repo.markDirty([barangay]);
        return;
      }
      const [facts] = await this.listings.marketFacts([listingId]);
      // deleted since: listing.removed records its end
      if (!facts) return;
      await this.recordSnapshot(snapshotOf(facts), event.id);
    });
  }

  /** A message thread about a listing: one more inquiry (the event is handled once: see EventDispatcher). */
  async recordInquiry(listingId: string): Promise<void> {
    await this.transactions.run(async () => {
      let barangay = await this.repo.addInquiry(listingId);
      if (barangay === null) {
        // the thread's event ran before the listing's own: record the listing first
        const [facts] = await this.listings.marketFacts([listingId]);
        if (!facts) return;
        await this.repo.insertAbsent([toWrite(newMarketListing(snapshotOf(facts)))]);
        barangay = await this.repo.addInquiry(listingId);
      }
      if (barangay) await this.repo.markDirty([barangay]);
    });
  }

  private async recordSnapshot(snap: MarketSnapshot, eventId: string): Promise<void> {
    const inserted = await this.repo.insertAbsent([toWrite(newMarketListing(snap))]);
    if (inserted.length) {
      await this.repo.markDirty([snap.barangayCode]);
      return;
    }
    const stored = await this.repo.lockListing(snap.listingId);
    if (!stored) return;
    const plan = planMarketWrite(stored, snap);
    if (!plan.row) {
      await this.repo.setSaves(snap.listingId, plan.saves);
    } else {
      let cuts = plan.row.priceCuts;
      if (plan.priceChange) {
        const { changedAt, oldPricePhp, newPricePhp, cut } = plan.priceChange;
        const added = await this.repo.insertPriceChanges([{ listingId: snap.listingId, changedAt: changedAt.toISOString(), oldPricePhp, newPricePhp, eventId }]);
        if (added && cut) cuts += 1;
      }
      await this.repo.upsert([toWrite({ ...plan.row, priceCuts: cuts })]);
    }
    await this.repo.markDirty(plan.dirtyBarangays);
  }

  /* ------------------------------------------- backfill and history ------------------------------------------- */

  /**
   * Records the market life of every listing not recorded yet (databases with listings from before
   * this feature), in keyset batches through ListingsService, then marks every barangay for the
   * refresh. What the past cannot tell is taken as: listed at the listing's creation, ended (when
   * sold, rented or archived) at its last update, no price changes, no inquiries counted.
   */
  async backfill(): Promise<number> {
    const started = Date.now();
    let after: string | null = null;
    let count = 0;
    for (;;) {
      const batch = await this.listings.marketFactsBatch(after, BATCH);
      if (!batch.length) break;
      count += (await this.repo.insertAbsent(batch.map((f) => toWrite(newMarketListing(snapshotOf(f)))))).length;
      after = batch[batch.length - 1].id;
    }
    await this.repo.markAllDirty();
    if (count) this.logger.log(`Market lives backfilled: ${count} listings in ${Date.now() - started} ms`);
    return count;
  }

  /** Backfills once when no market life is recorded and listings exist (the refresh job asks first). */
  async backfillIfEmpty(): Promise<number> {
    if (this.backfillChecked) return 0;
    if (await this.repo.anyMarketListing()) {
      this.backfillChecked = true;
      return 0;
    }
    if (!(await this.listings.marketFactsBatch(null, 1)).length) return 0;
    const n = await this.backfill();
    this.backfillChecked = true;
    return n;
  }

  /**
   * Writes the past of listings that events cannot tell (the demo seed's history): when each was
   * listed and left the market, its first price and price changes. The listing's present (place,
   * price, sizes, status, saves) is read from the listings module. Replaces what was recorded of those
   * listings; marks their barangays for the refresh.
   */
  async recordHistory(entries: readonly MarketHistoryEntry[]): Promise<number> {
    let written = 0;
    for (let i = 0; i < entries.length; i += BATCH) {
      const part = entries.slice(i, i + BATCH);
      const facts = new Map((await this.listings.marketFacts(part.map((e) => e.listingId))).map((f) => [f.id, f]));
      const rows: MarketListingWrite[] = [];
      const changes: PriceChangeWrite[] = [];
      for (const e of part) {
        const f = facts.get(e.listingId);
        if (!f) continue;
        const snap = snapshotOf(f);
        const row = newMarketListing(snap);
        rows.push(
          toWrite({
            ...row,
            listedAt: e.listedAt,
            endedAt: e.endedAt,
            endReason: e.endedAt ? e.endReason : null,
            firstPricePhp: e.firstPricePhp ?? snap.pricePhp,
            priceCuts: e.priceChanges.filter((c) => c.newPricePhp < c.oldPricePhp).length,
            inquiries: e.inquiries ?? 0,
          }),
        );
        for (const c of e.priceChanges) changes.push({ listingId: e.listingId, changedAt: c.at.toISOString(), oldPricePhp: c.oldPricePhp, newPricePhp: c.newPricePhp, eventId: null });
      }
      await this.transactions.run(async () => {
        await this.repo.upsert(rows);
        await this.repo.deletePriceChanges(rows.map((r) => r.listingId));
        await this.repo.insertPriceChanges(changes);
        await this.repo.markDirty(rows.map((r) => r.barangayCode));
      });
      written += rows.length;
    }
    return written;
  }

  /* ------------------------------------------- the refresh ------------------------------------------- */

  /**
   * Computes the figures of the dirty barangays and of their cities, provinces, regions and the nation,
   * until none is dirty (the refresh job; tests and the seed call it to have fresh figures now).
   */
  refreshNow(): Promise<RefreshResult> {
    const run = this.refreshing.catch(() => undefined).then(() => this.refreshDirty());
    this.refreshing = run;
    return run;
  }

  private async refreshDirty(): Promise<RefreshResult> {
    const started = Date.now();
    await this.backfillIfEmpty();
    const total: RefreshResult = { barangays: 0, cities: 0, provinces: 0, regions: 0, ms: 0 };
    for (;;) {
      const barangays = await this.repo.takeDirty(DIRTY_PER_ROUND);
      if (!barangays.length) break;
      try {
        const r = await this.refreshAreas(barangays);
        total.barangays += r.barangays;
        total.cities += r.cities;
        total.provinces += r.provinces;
        total.regions += r.regions;
      } catch (err) {
        // taken but not computed: mark them again for the next run
        await this.repo.markDirty(barangays);
        throw err;
      }
    }
    total.ms = Date.now() - started;
    if (total.barangays) this.logger.log(`Market figures refreshed: ${total.barangays} barangays, ${total.cities} cities in ${total.ms} ms (last round, ${REFRESH_PARALLEL} at a time: ${this.lastTiming})`);
    return total;
  }

  /** Every area computed again (daily: the 30/90/365-day windows move without events; the benchmark's full refresh). */
  async refreshAll(): Promise<RefreshResult> {
    await this.backfillIfEmpty();
    await this.repo.markAllDirty();
    return this.refreshNow();
  }

  private async refreshAreas(barangays: string[]): Promise<Omit<RefreshResult, 'ms'>> {
    const parents = await this.repo.parentsOf(barangays);
    const levels: [AreaLevel, string[]][] = [
      ['barangay', barangays],
      ['city', parents.cities],
      ['province', parents.provinces],
      ['region', parents.regions],
      ['national', ['PH']],
    ];
    // the figures and the months of each level are independent statements: REFRESH_PARALLEL at a time on
    // their own connections, the largest (the barangays') first. The figures of the cities, provinces,
    // regions and nation start only once the barangays' figures and months are committed: a parent row's
    // computed_at then says its barangays' rows are at least that new (the ranking caches of
    // MarketRankingsService key on it); their months do not wait.
    const active = levels.filter(([, codes]) => codes.length);
    const barangayJobs: Promise<unknown>[] = [];
    const afterBarangays = () => Promise.all(barangayJobs);
    const jobs = [
      ...active.map(([level, codes]) => ({ name: `${level} months`, level, run: () => this.repo.refreshMonthly(level, codes) })),
      ...active.map(([level, codes]) => ({ name: `${level} figures`, level, run: () => this.repo.refreshStats(level, codes) })),
    ].sort((a, b) => Number(b.level === 'barangay') - Number(a.level === 'barangay'));
    const timing: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: REFRESH_PARALLEL }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++];
          if (job.level !== 'barangay' && job.name.endsWith('figures')) await afterBarangays();
          const t0 = Date.now();
          const run = job.run();
          if (job.level === 'barangay') barangayJobs.push(run.catch(() => undefined));
          await run;
          timing.push(`${job.name} ${Date.now() - t0} ms`);
        }
      }),
    );
    this.logger.debug(`Market figures of ${barangays.length} barangays: ${timing.join(', ')}`);
    this.lastTiming = timing.join(', ');
    return { barangays: barangays.length, cities: parents.cities.length, provinces: parents.provinces.length, regions: parents.regions.length };
  }

  dirtyCount(): Promise<number> {
    return this.repo.dirtyCount();
  }

  /** What is recorded of a listing (tests, support). */
  async marketLife(listingId: string): Promise<StoredMarketListing | null> {
    return (await this.repo.find([listingId]))[0] ?? null;
  }

  priceChangesOf(listingId: string) {
    return this.repo.priceChangesOf(listingId);
  }

  /* ------------------------------------------- reads (MarketListingsReader) ------------------------------------------- */

  async areaStats(areaCode: string, offer: MarketOffer, kind: MarketKind): Promise<AreaStatsView | null> {
    return (await this.repo.stats([areaCode], offer, kind))[0] ?? null;
  }

  async areaStatsMany(areaCodes: readonly string[], offer: MarketOffer, kind: MarketKind): Promise<AreaStatsView[]> {
    const rows = await this.repo.stats(areaCodes, offer, kind);
    const order = new Map(areaCodes.map((c, i) => [c, i]));
    return rows.sort((a, b) => (order.get(a.areaCode) ?? 0) - (order.get(b.areaCode) ?? 0));
  }

  /** The figures of areas × offers × kinds in one read; look one up with `statsKey`. */
  async areaStatsGrid(areaCodes: readonly string[], offers: readonly MarketOffer[], kinds: readonly MarketKind[]): Promise<Map<string, AreaStatsView>> {
    const rows = await this.repo.statsGrid(areaCodes, offers, kinds);
    return new Map(rows.map((s) => [statsKey(s.areaCode, s.offer, s.kind), s]));
  }

  async monthly(areaCode: string, offer: MarketOffer, kind: MarketKind, months = MONTHLY_HISTORY_MONTHS): Promise<MonthlyPoint[]> {
    return (await this.monthlyMany([areaCode], offer, kind, months)).get(areaCode) ?? [];
  }

  async monthlyMany(areaCodes: readonly string[], offer: MarketOffer, kind: MarketKind, months = MONTHLY_HISTORY_MONTHS): Promise<Map<string, MonthlyPoint[]>> {
    const count = Math.min(Math.max(1, Math.floor(months)), 240);
    const now = new Date();
    // from the stored window's start at least: its first month carries the count of those listed before
    const rows = await this.repo.monthly(areaCodes, offer, kind, monthsUpTo(now, Math.max(count, MONTHLY_HISTORY_MONTHS))[0]);
    const byArea = new Map<string, MonthlyPoint[]>(areaCodes.map((c) => [c, []]));
    for (const { areaCode, ...p } of rows) byArea.get(areaCode)?.push(p);
    return new Map([...byArea].map(([code, points]) => [code, fillMonths(points, now, count)]));
  }

  /**
   * When the area's figures (offer, kind) were last computed, to the microsecond; null when it has none.
   * A city's, province's or region's row is written after its barangays' figures and months of the same
   * refresh (see refreshAreas), so caches of rankings over its barangays key on it.
   */
  figuresComputedAt(areaCode: string, offer: MarketOffer, kind: MarketKind): Promise<string | null> {
    return this.repo.computedAt(areaCode, offer, kind);
  }

  /** Every barangay of an area with at least `minSample` (by the metric's sample), ranked; at most `max` (default 5,000: more than any region has). */
  barangaysWithin(q: { withinCode: string; offer: MarketOffer; kind: MarketKind; metric: AreaRankMetric; minSample?: number; max?: number }): Promise<AreaStatsView[]> {
    return this.repo.rank({ level: 'barangay', withinCode: q.withinCode, offer: q.offer, kind: q.kind, metric: q.metric, order: 'desc', minSample: q.minSample ?? MARKET_MIN_SAMPLE, limit: q.max ?? 5_000 });
  }

  rankAreas(q: { level: AreaLevel; withinCode?: string; offer: MarketOffer; kind: MarketKind; metric: AreaRankMetric; order?: 'asc' | 'desc'; minSample?: number; limit?: number }): Promise<AreaStatsView[]> {
    return this.repo.rank({
      ...q,
      order: q.order ?? 'desc',
      minSample: q.minSample ?? MARKET_MIN_SAMPLE,
      limit: Math.min(Math.max(1, Math.floor(q.limit ?? 20)), 500),
    });
  }
}
