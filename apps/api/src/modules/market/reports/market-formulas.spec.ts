import {
  classifyMarketCycle,
  coefficientOfVariationPct,
  DEFAULT_COST_ASSUMPTIONS,
  grossYieldPct,
  nearestSimilar,
  netOperatingIncome,
  opportunityScore,
  projectLinear,
  quantile,
  tQuantile90,
} from '@app/domain';

describe('market formulas (worked examples)', () => {
  it('quantile is type 7 (percentile_cont): interpolates between order statistics', () => {
    // [1,2,3,4], p = 0.25: h = 3 × 0.25 = 0.75 → 1 + 0.75 × (2 − 1) = 1.75
    expect(quantile([4, 2, 1, 3], 0.25)).toBeCloseTo(1.75, 10);
    // median of [1,2,3,10]: h = 1.5 → 2 + 0.5 × (3 − 2) = 2.5
    expect(quantile([3, 1, 2, 10], 0.5)).toBeCloseTo(2.5, 10);
    expect(quantile([7], 0.75)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
    expect(() => quantile([1], 1.5)).toThrow(RangeError);
  });

  it('gross yield: ₱25,000 a month on ₱5,000,000 is 6 %', () => {
    expect(grossYieldPct(25_000 * 12, 5_000_000)).toBeCloseTo(6, 10);
    expect(grossYieldPct(300_000, 0)).toBeNull();
  });

  it('cap rate of a ₱5,000,000 condominium renting ₱25,000 at 40 m² with the default condominium assumptions', () => {
    const r = netOperatingIncome({ price: 5_000_000, monthlyRent: 25_000, sizeSqm: 40, assumptions: DEFAULT_COST_ASSUMPTIONS.condominium });
    // gross 300,000; vacancy 8.3 % = 24,900; effective 275,100
    expect(r.grossAnnualRent).toBe(300_000);
    expect(r.vacancyLoss).toBeCloseTo(24_900, 6);
    expect(r.effectiveRent).toBeCloseTo(275_100, 6);
    // management 8 % of 275,100 = 22,008; maintenance 3 % = 8,253; capex 3 % = 8,253
    expect(r.management).toBeCloseTo(22_008, 6);
    expect(r.maintenance).toBeCloseTo(8_253, 6);
    expect(r.capexReserve).toBeCloseTo(8_253, 6);
    // insurance 0.1 % of 5,000,000 = 5,000; real property tax 0.6 % = 30,000; dues 90 × 40 × 12 = 43,200
    expect(r.insurance).toBeCloseTo(5_000, 6);
    expect(r.realPropertyTax).toBeCloseTo(30_000, 6);
    expect(r.associationDues).toBe(43_200);
    // costs 116,714; NOI 158,386; cap rate 3.16772 %
    expect(r.operatingCosts).toBeCloseTo(116_714, 6);
    expect(r.netOperatingIncome).toBeCloseTo(158_386, 6);
    expect(r.capRatePct).toBeCloseTo(3.16772, 6);
    expect(r.grossYieldPct).toBeCloseTo(6, 10);
  });

  it('market cycle: the four phases by the written rule', () => {
    const base = { domNow: null, dom12mAgo: null };
    // supply +30 %, demand +10 % → excess +20; price +10 % → hyper-supply
    const hyper = classifyMarketCycle({ ...base, activeNow: 130, active12mAgo: 100, demandChangePct: 10, pricePerSqmNow: 110_000, pricePerSqm12mAgo: 100_000 });
    expect(hyper.phase).toBe('hyper_supply');
    expect(hyper.indicators.find((i) => i.key === 'excess_supply_pct')?.value).toBeCloseTo(20, 10);
    // supply −10 %, demand +5 % → excess −15; price +8 % → expansion
    expect(classifyMarketCycle({ ...base, activeNow: 90, active12mAgo: 100, demandChangePct: 5, pricePerSqmNow: 108, pricePerSqm12mAgo: 100 }).phase).toBe('expansion');
    // supply +20 %, demand −5 % → excess +25; price −5 % → recession
    expect(classifyMarketCycle({ ...base, activeNow: 120, active12mAgo: 100, demandChangePct: -5, pricePerSqmNow: 95, pricePerSqm12mAgo: 100 }).phase).toBe('recession');
    // supply −5 %, demand 0 → excess −5; price −1 % (flat) → recovery
    expect(classifyMarketCycle({ ...base, activeNow: 95, active12mAgo: 100, demandChangePct: 0, pricePerSqmNow: 99, pricePerSqm12mAgo: 100 }).phase).toBe('recovery');
    // no supply figure: days on market +25 % stands in (excess > 0), price flat → hyper-supply
    expect(classifyMarketCycle({ activeNow: null, active12mAgo: null, demandChangePct: null, pricePerSqmNow: 100, pricePerSqm12mAgo: 100, domNow: 50, dom12mAgo: 40 }).phase).toBe('hyper_supply');
    const none = classifyMarketCycle({ ...base, activeNow: 10, active12mAgo: 8, demandChangePct: null, pricePerSqmNow: null, pricePerSqm12mAgo: 100 });
    expect(none.phase).toBeNull();
    expect(none.reason).toMatch(/price/);
  });

  it('projection: OLS with an 80 % prediction interval, refused below 6 months', () => {
    const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];
    const ys = [100, 104, 101, 107, 108, 110];
    const r = projectLinear({ points: months.map((month, i) => ({ month, value: ys[i] })), horizonMonths: 1 });
    if (!r.ok) throw new Error(r.reason);
    // x̄ = 2.5, ȳ = 105, Sxx = 17.5, Sxy = 34 → b = 1.942857, a = 100.142857
    expect(r.slopePerMonth).toBeCloseTo(34 / 17.5, 6);
    expect(r.intercept).toBeCloseTo(100.142857, 5);
    // SSE = 80 − 1.942857 × 34 = 13.942857; s = √(13.942857 / 4) = 1.867007
    expect(r.residualStdError).toBeCloseTo(1.867007, 5);
    expect(r.rSquared).toBeCloseTo(66.057143 / 80, 5);
    // x₀ = 6: ŷ = 111.8; half width = 1.533 × 1.867007 × √(1 + 1/6 + 3.5²/17.5) = 3.910410
    expect(r.projections[0].month).toBe('2026-07');
    expect(r.projections[0].value).toBeCloseTo(111.8, 5);
    expect(r.projections[0].high - r.projections[0].value).toBeCloseTo(3.91041, 4);
    expect(r.projections[0].value - r.projections[0].low).toBeCloseTo(3.91041, 4);
    expect(r.method).toMatch(/least squares/);
    const thin = projectLinear({ points: months.map((month, i) => ({ month, value: i === 2 ? null : ys[i] })), horizonMonths: 3 });
    expect(thin.ok).toBe(false);
    if (!thin.ok) expect(thin.reason).toMatch(/Only 5 months/);
    expect(tQuantile90(4)).toBe(1.533);
    expect(tQuantile90(500)).toBe(1.282);
  });

  it('opportunity score: four capped parts of 25 points with reasons', () => {
    // +10 % → 12.5; yield 6 % → (6−4)/4 × 25 = 12.5; demand 1.5× → 12.5; 10 % below → 12.5
    const r = opportunityScore({ priceChangePct: 10, grossYieldPct: 6, demandRatio: 1.5, priceVsCityPct: -10 });
    expect(r.score).toBe(50);
    expect(r.reasons.map((x) => x.points)).toEqual([12.5, 12.5, 12.5, 12.5]);
    expect(r.reasons[3].text).toMatch(/10.0 % below the city/);
    const capped = opportunityScore({ priceChangePct: 40, grossYieldPct: null, demandRatio: 0.5, priceVsCityPct: 30 });
    expect(capped.score).toBe(25);
    expect(capped.reasons[1].text).toMatch(/No gross yield/);
  });

  it('similarity: nearest in standardised features', () => {
    // price/m² only: A 100, B 110, C 200, D 130; mean 135, sd √(6100/3) = 45.0925
    const near = nearestSimilar(
      { code: 'A', features: { pricePerSqm: 100 } },
      [
        { code: 'B', features: { pricePerSqm: 110 } },
        { code: 'C', features: { pricePerSqm: 200 } },
        { code: 'D', features: { pricePerSqm: 130 } },
      ],
      2,
    );
    expect(near.map((n) => n.code)).toEqual(['B', 'D']);
    expect(near[0].distance).toBeCloseTo(10 / 45.0925, 4);
    expect(near[1].distance).toBeCloseTo(30 / 45.0925, 4);
  });

  it('coefficient of variation of monthly medians', () => {
    // 90, 100, 110: mean 100, sample sd 10 → 10 %
    expect(coefficientOfVariationPct([90, null, 100, 110])).toBeCloseTo(10, 10);
    expect(coefficientOfVariationPct([1, 2])).toBeNull();
  });
});
