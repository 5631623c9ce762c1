import { fillMonths, manilaMonthOf, monthsUpTo, newMarketListing, pesoPriceOf, planMarketWrite, sizeBasisOf, type MarketSnapshot } from './market-figures';

const at = (iso: string) => new Date(iso);
const snap = (over: Partial<MarketSnapshot> = {}): MarketSnapshot => ({
  listingId: '00000000-0000-4000-8000-000000000001',
  regionCode: '1300000000',
  provinceCode: null,
  cityCode: '1380300000',
  barangayCode: '1380300001',
  type: 'residential',
  kind: 'condominium',
  offer: 'sale',
  pricePhp: 5_000_000,
  floorSize: 40,
  lotSize: null,
  status: 'active',
  isPublic: true,
  saves: 0,
  listedAt: at('2026-01-10T00:00:00Z'),
  version: at('2026-01-10T00:00:00Z'),
  ...over,
});

describe('market life rules', () => {
  it('counts only peso prices', () => {
    expect(pesoPriceOf(5_000_000, 'PHP')).toBe(5_000_000);
    expect(pesoPriceOf(100_000, 'USD')).toBeNull();
    expect(pesoPriceOf(Number.NaN, 'PHP')).toBeNull();
  });

  it('divides lots, farms and land by the lot size, the rest by the floor area', () => {
    expect(sizeBasisOf('lot', 'land')).toBe('lot');
    expect(sizeBasisOf('farm', 'agricultural')).toBe('lot');
    expect(sizeBasisOf(null, 'land')).toBe('lot');
    expect(sizeBasisOf('house_and_lot', 'residential')).toBe('floor');
    expect(sizeBasisOf(null, 'commercial')).toBe('floor');
  });

  it('starts a market life at the listing’s creation, ended at once when created sold', () => {
    expect(newMarketListing(snap())).toMatchObject({ firstPricePhp: 5_000_000, endedAt: null, endReason: null, priceCuts: 0 });
    const sold = newMarketListing(snap({ status: 'sold', version: at('2026-02-01T00:00:00Z') }));
    expect(sold).toMatchObject({ endedAt: at('2026-02-01T00:00:00Z'), endReason: 'sold' });
  });

  it('records a price cut once and keeps the first price', () => {
    const stored = newMarketListing(snap());
    const plan = planMarketWrite(stored, snap({ pricePhp: 4_500_000, version: at('2026-02-01T00:00:00Z') }));
    expect(plan.priceChange).toEqual({ oldPricePhp: 5_000_000, newPricePhp: 4_500_000, changedAt: at('2026-02-01T00:00:00Z'), cut: true });
    expect(plan.row).toMatchObject({ pricePhp: 4_500_000, firstPricePhp: 5_000_000 });
    // the same snapshot again: nothing more to record
    expect(planMarketWrite(plan.row!, snap({ pricePhp: 4_500_000, version: at('2026-02-01T00:00:00Z') })).priceChange).toBeNull();
    // a rise is a change, not a cut
    expect(planMarketWrite(plan.row!, snap({ pricePhp: 4_800_000, version: at('2026-03-01T00:00:00Z') })).priceChange?.cut).toBe(false);
  });

  it('does not record a change into or out of another currency', () => {
    const stored = newMarketListing(snap());
    expect(planMarketWrite(stored, snap({ pricePhp: null, version: at('2026-02-01T00:00:00Z') })).priceChange).toBeNull();
  });

  it('ignores a snapshot older than the stored one, but its saves', () => {
    const stored = { ...newMarketListing(snap()), updatedAt: at('2026-03-01T00:00:00Z'), pricePhp: 4_000_000 };
    const plan = planMarketWrite(stored, snap({ pricePhp: 5_000_000, saves: 3, version: at('2026-02-01T00:00:00Z') }));
    expect(plan).toMatchObject({ row: null, priceChange: null, saves: 3 });
  });

  it('ends on sold, rented or archived, keeps the first end, and reopens when active again', () => {
    const stored = newMarketListing(snap());
    const sold = planMarketWrite(stored, snap({ status: 'sold', version: at('2026-02-01T00:00:00Z') })).row!;
    expect(sold).toMatchObject({ endedAt: at('2026-02-01T00:00:00Z'), endReason: 'sold' });
    const archived = planMarketWrite(sold, snap({ status: 'archived', version: at('2026-03-01T00:00:00Z') })).row!;
    expect(archived).toMatchObject({ endedAt: at('2026-02-01T00:00:00Z'), endReason: 'sold' });
    const back = planMarketWrite(archived, snap({ status: 'active', version: at('2026-04-01T00:00:00Z') })).row!;
    expect(back).toMatchObject({ endedAt: null, endReason: null });
    const rented = planMarketWrite(back, snap({ status: 'rented', version: at('2026-05-01T00:00:00Z') })).row!;
    expect(rented).toMatchObject({ endedAt: at('2026-05-01T00:00:00Z'), endReason: 'rented' });
  });

  it('marks both barangays when a listing moves', () => {
    const stored = newMarketListing(snap());
    expect(planMarketWrite(stored, snap({ barangayCode: '1380300002', version: at('2026-02-01T00:00:00Z') })).dirtyBarangays).toEqual(['1380300001', '1380300002']);
  });
});

describe('months', () => {
  it('takes the month in Asia/Manila', () => {
    expect(manilaMonthOf(at('2026-01-31T15:59:59Z'))).toBe('2026-01-01');
    expect(manilaMonthOf(at('2026-01-31T16:00:00Z'))).toBe('2026-02-01');
  });

  it('lists the last months across a year', () => {
    expect(monthsUpTo(at('2026-02-10T00:00:00Z'), 4)).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
  });

  it('fills missing months, carrying the active count', () => {
    const point = (month: string, activeCount: number) => ({ month, newCount: 1, activeCount, endedCount: 0, medianPrice: 1, medianPricePerSqm: null, priceSample: 1, sqmSample: 0, medianDaysOnMarket: null });
    const filled = fillMonths([point('2025-12', 3), point('2026-02', 4)], at('2026-03-05T00:00:00Z'), 5);
    expect(filled.map((p) => [p.month, p.newCount, p.activeCount, p.medianPrice])).toEqual([
      ['2025-11', 0, 0, null],
      ['2025-12', 1, 3, 1],
      ['2026-01', 0, 3, null],
      ['2026-02', 1, 4, 1],
      ['2026-03', 0, 4, null],
    ]);
    // a stored month before the series carries its active count into it
    expect(fillMonths([point('2025-12', 3)], at('2026-03-05T00:00:00Z'), 2).map((p) => p.activeCount)).toEqual([3, 3]);
  });
});
