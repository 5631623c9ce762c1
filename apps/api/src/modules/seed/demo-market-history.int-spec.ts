import { like, sql } from 'drizzle-orm';
import { MARKET_MIN_SAMPLE } from '@app/domain';
import { listings } from '@app/db';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { MarketListingsService } from '../market/listing-figures/market-listings.service';
import { DemoLegazpiListingsSeeder } from './demo-legazpi-listings';
import { DemoListingsSeeder } from './demo-listings';
import { DemoMarketHistorySeeder } from './demo-market-history';
import { SeedService } from './seed.service';

describe('demo seed: market history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('gives the demo cities barangays with enough listings and history for the reports, once, labelled demo', async () => {
    await t.app.get(SeedService).seedDemoOnce();
    await t.app.get(DemoListingsSeeder).seedOnce();
    await t.app.get(DemoLegazpiListingsSeeder).seedOnce();
    const started = Date.now();
    const seeded = await t.app.get(DemoMarketHistorySeeder).seedOnce();
    const ms = Date.now() - started;
    expect(seeded).toBeGreaterThanOrEqual(1_000);
    const market = t.app.get(MarketListingsService);
    expect(market.isDemo()).toBe(true);

    const [{ barangays }] = await t.db
      .select({ barangays: sql<string[]>`array_agg(distinct ${listings.barangayCode})` })
      .from(listings)
      .where(like(listings.code, 'DEMO-MH-%'));
    expect(barangays.length).toBeGreaterThanOrEqual(40);
    const stats = await market.areaStatsMany(barangays, 'sale', 'all');
    expect(stats).toHaveLength(barangays.length);
    for (const s of stats) {
      expect(s.level).toBe('barangay');
      expect(s.activeCount + s.domSample).toBeGreaterThanOrEqual(MARKET_MIN_SAMPLE);
    }
    // across the barangays: sales ended (days on market), price cuts, a city-level row
    expect(stats.some((s) => s.domSample >= MARKET_MIN_SAMPLE && s.medianDaysOnMarket! > 0)).toBe(true);
    expect(stats.some((s) => (s.priceCutSharePct ?? 0) > 0)).toBe(true);
    const months = await market.monthly(barangays[0], 'sale', 'all', 24);
    expect(months.filter((m) => m.newCount > 0).length).toBeGreaterThanOrEqual(6);
    const ranked = await market.rankAreas({ level: 'city', offer: 'sale', kind: 'all', metric: 'active_count', limit: 20 });
    expect(ranked.length).toBeGreaterThanOrEqual(8);
    // the other demo listings are recorded too (backfilled: they were written without events)
    expect(await market.marketLife((await t.db.select({ id: listings.id }).from(listings).where(like(listings.code, 'DEMO-0%')).limit(1))[0].id)).not.toBeNull();
    console.log(`demo market history seed: ${ms} ms`);

    // the whole seed again: nothing twice
    expect(await t.app.get(SeedService).seedDemo()).toEqual({ accounts: false, listings: 0, legazpiListings: 0, marketHistory: 0 });
  }, 180_000);
});
