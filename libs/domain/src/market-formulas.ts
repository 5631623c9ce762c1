/**
 * Pure formulas of the market reports (issue 16): quantiles, yields, cap rates, cycle
 * classification, projections, similarity, opportunity scores. Unit-tested against worked examples
 * in `market-formulas.spec.ts`; the API and the web app call these and nothing else computes them.
 */
import type { CostAssumptions, MarketCyclePhase } from './market';

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The p-quantile (0 ≤ p ≤ 1) of the values, by linear interpolation between order statistics
 * (Hyndman & Fan type 7, what PostgreSQL's `percentile_cont` and Excel's PERCENTILE.INC compute):
 * h = (n − 1)·p, q = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]). Null for no values.
 */
export function quantile(values: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 1)) throw new RangeError('p must be between 0 and 1');
  const xs = values.filter(finite).sort((a, b) => a - b);
  if (!xs.length) return null;
  const h = (xs.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, xs.length - 1);
  return xs[lo] + (h - lo) * (xs[hi] - xs[lo]);
}

export const median = (values: readonly number[]): number | null => quantile(values, 0.5);

/** Percentage change from `before` to `after` ((after − before) ÷ before × 100); null when either is missing or before is 0. */
export function pctChange(before: number | null | undefined, after: number | null | undefined): number | null {
  if (!finite(before) || !finite(after) || before === 0) return null;
  return ((after - before) / before) * 100;
}

/** Gross yield in percent: annual rent ÷ price × 100 (monthly rent × 12 for the annual rent). Null without a positive price. */
export function grossYieldPct(annualRent: number | null, price: number | null): number | null {
  if (!finite(annualRent) || !finite(price) || price <= 0) return null;
  return (annualRent / price) * 100;
}

export interface NoiInput {
  /** Asking price (value) in pesos. */
  price: number;
  /** Asking monthly rent in pesos. */
  monthlyRent: number;
  /** Floor area in m² (for association dues); 0 when unknown. */
  sizeSqm: number;
  assumptions: CostAssumptions;
}

export interface NoiResult {
  grossAnnualRent: number;
  vacancyLoss: number;
  effectiveRent: number;
  management: number;
  maintenance: number;
  capexReserve: number;
  insurance: number;
  realPropertyTax: number;
  associationDues: number;
  operatingCosts: number;
  netOperatingIncome: number;
  /** NOI ÷ price × 100. */
  capRatePct: number | null;
  /** Gross annual rent ÷ price × 100. */
  grossYieldPct: number | null;
}

/**
 * Net operating income and cap rate from a price, a monthly rent, a size and cost assumptions:
 *
 *   gross annual rent  = monthly rent × 12
 *   vacancy loss       = gross × vacancy %
 *   effective rent     = gross − vacancy loss                      (the rent actually collected)
 *   management, maintenance, capex reserve = effective rent × their % (costs "on rent")
 *   insurance, real property tax           = price × their %      (costs "on value")
 *   association dues   = dues per m² a month × size × 12
 *   NOI                = effective rent − all of the above
 *   cap rate           = NOI ÷ price × 100
 */
export function netOperatingIncome(input: NoiInput): NoiResult {
  const a = input.assumptions;
  const grossAnnualRent = input.monthlyRent * 12;
  const vacancyLoss = (grossAnnualRent * a.vacancyPct) / 100;
  const effectiveRent = grossAnnualRent - vacancyLoss;
  const management = (effectiveRent * a.managementPctOfRent) / 100;
  const maintenance = (effectiveRent * a.maintenancePctOfRent) / 100;
  const capexReserve = (effectiveRent * a.capexReservePctOfRent) / 100;
  const insurance = (input.price * a.insurancePctOfValue) / 100;
  const realPropertyTax = (input.price * a.realPropertyTaxPctOfValue) / 100;
  const associationDues = a.associationDuesPerSqmMonth * Math.max(0, input.sizeSqm) * 12;
  const operatingCosts = management + maintenance + capexReserve + insurance + realPropertyTax + associationDues;
  const netOperatingIncome = effectiveRent - operatingCosts;
  return {
    grossAnnualRent,
    vacancyLoss,
    effectiveRent,
    management,
    maintenance,
    capexReserve,
    insurance,
    realPropertyTax,
    associationDues,
    operatingCosts,
    netOperatingIncome,
    capRatePct: input.price > 0 ? (netOperatingIncome / input.price) * 100 : null,
    grossYieldPct: grossYieldPct(grossAnnualRent, input.price),
  };
}

/* ------------------------------------------------------------------------------------------------
 * Market cycle
 * ---------------------------------------------------------------------------------------------- */

export interface CycleInput {
  /** Active listings now and 12 months ago. */
  activeNow: number | null;
  active12mAgo: number | null;
  /** Change of demand over 12 months in percent (inquiries per listing, or absorption: ended ÷ active). */
  demandChangePct: number | null;
  /** Median price per m² now and 12 months ago. */
  pricePerSqmNow: number | null;
  pricePerSqm12mAgo: number | null;
  /** Days on market now and 12 months ago (the reports: each month's median over 3 months, weighted by the listings ended). */
  domNow: number | null;
  dom12mAgo: number | null;
}

export interface CycleIndicator {
  key: 'supply_change_pct' | 'demand_change_pct' | 'price_change_pct' | 'dom_change_pct' | 'excess_supply_pct';
  label: string;
  value: number | null;
}

export interface CycleResult {
  phase: MarketCyclePhase | null;
  /** Why this phase, or why none. */
  reason: string;
  indicators: CycleIndicator[];
}

/** Price changes within ±2 % over 12 months count as flat. */
export const CYCLE_FLAT_PRICE_PCT = 2;

/**
 * Mueller's four phases, simplified to what listings show. Indicators over 12 months:
 * supply change (active listings now vs 12 months ago, %), demand change (%), price change (median
 * price per m², %), days-on-market change (%). Excess supply = supply change − demand change (when
 * demand is unknown: the supply change; when supply is unknown too: the days-on-market change, since
 * listings that sit longer mean supply outruns demand).
 *
 * Rule (price "rising" above +2 %, "falling" below −2 %, else flat):
 *   - rising and excess supply ≤ 0            → expansion    (demand absorbs new supply, prices climb)
 *   - rising or flat, and excess supply > 0   → hyper-supply (supply outruns demand; prices still hold)
 *   - falling and excess supply > 0           → recession    (too much supply, prices fall)
 *   - falling or flat, and excess supply ≤ 0  → recovery     (supply absorbed, prices low or flat)
 * Without a price change or any excess-supply measure there is no phase.
 */
export function classifyMarketCycle(input: CycleInput): CycleResult {
  const supply = pctChange(input.active12mAgo, input.activeNow);
  const price = pctChange(input.pricePerSqm12mAgo, input.pricePerSqmNow);
  const dom = pctChange(input.dom12mAgo, input.domNow);
  const demand = finite(input.demandChangePct) ? input.demandChangePct : null;
  const excess = supply !== null ? supply - (demand ?? 0) : dom;
  const indicators: CycleIndicator[] = [
    { key: 'supply_change_pct', label: 'Active listings, change over 12 months', value: supply },
    { key: 'demand_change_pct', label: 'Demand, change over 12 months', value: demand },
    { key: 'price_change_pct', label: 'Median price per m², change over 12 months', value: price },
    { key: 'dom_change_pct', label: 'Days on market, change over 12 months', value: dom },
    { key: 'excess_supply_pct', label: 'Excess supply (supply change − demand change)', value: excess },
  ];
  if (price === null) return { phase: null, reason: 'No median price per m² 12 months ago and now to compare', indicators };
  if (excess === null) return { phase: null, reason: 'Neither the supply nor the days on market can be compared with 12 months ago', indicators };
  const rising = price > CYCLE_FLAT_PRICE_PCT;
  const falling = price < -CYCLE_FLAT_PRICE_PCT;
  const f = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)} %`;
  if (rising && excess <= 0) return { phase: 'expansion', reason: `Prices rising (${f(price)}) while demand keeps up with supply (excess ${f(excess)})`, indicators };
  if (!falling && excess > 0) return { phase: 'hyper_supply', reason: `Supply outruns demand (excess ${f(excess)}) while prices still hold (${f(price)})`, indicators };
  if (falling && excess > 0) return { phase: 'recession', reason: `Prices falling (${f(price)}) with supply outrunning demand (excess ${f(excess)})`, indicators };
  return { phase: 'recovery', reason: `Supply being absorbed (excess ${f(excess)}) while prices are flat or low (${f(price)})`, indicators };
}

/* ------------------------------------------------------------------------------------------------
 * Projection
 * ---------------------------------------------------------------------------------------------- */

/** Student's t, two-sided 80 % (the 0.90 quantile), by degrees of freedom. */
const T90: Record<number, number> = {
  1: 3.078, 2: 1.886, 3: 1.638, 4: 1.533, 5: 1.476, 6: 1.44, 7: 1.415, 8: 1.397, 9: 1.383, 10: 1.372,
  11: 1.363, 12: 1.356, 13: 1.35, 14: 1.345, 15: 1.341, 16: 1.337, 17: 1.333, 18: 1.33, 19: 1.328, 20: 1.325,
  21: 1.323, 22: 1.321, 23: 1.319, 24: 1.318, 25: 1.316, 26: 1.315, 27: 1.314, 28: 1.313, 29: 1.311, 30: 1.31,
};

/** The 0.90 quantile of Student's t with `df` degrees of freedom (tables; 1.282, the normal's, above 120). */
export function tQuantile90(df: number): number {
  if (df < 1) throw new RangeError('df must be at least 1');
  if (T90[df]) return T90[df];
  if (df <= 40) return 1.303;
  if (df <= 60) return 1.296;
  if (df <= 120) return 1.289;
  return 1.282;
}

export const PROJECTION_MIN_MONTHS = 6;
export const PROJECTION_WINDOW_MONTHS = 24;

export interface ProjectionInput {
  /** Monthly median price per m², oldest first (null months are skipped). */
  points: ReadonlyArray<{ month: string; value: number | null }>;
  /** How many months past the last one to project. */
  horizonMonths: number;
}

export type ProjectionResult =
  | {
      ok: true;
      method: string;
      monthsUsed: number;
      slopePerMonth: number;
      intercept: number;
      residualStdError: number;
      rSquared: number | null;
      /** Each projected month with its 80 % prediction interval. */
      projections: Array<{ month: string; value: number; low: number; high: number }>;
    }
  | { ok: false; method: string; monthsUsed: number; reason: string };

const addMonths = (month: string, n: number): string => {
  const [y, m] = month.split('-').map(Number);
  const t = y * 12 + (m - 1) + n;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
};

export const PROJECTION_METHOD =
  'Ordinary least squares line through the monthly median asking price per m² of the last 24 months (months without listings skipped), extended forward; the band is the 80 % prediction interval (Student t with n − 2 degrees of freedom). A straight-line trend of asking prices, not a forecast of sale prices.';

/**
 * A straight-line projection: OLS of value on month index (x = 0 for the first of the last 24 months)
 * over the months with a value, refused below 6 of them. For a future month x₀:
 *   ŷ = a + b·x₀,  interval ŷ ± t(0.90, n−2) · s · √(1 + 1/n + (x₀ − x̄)² / Σ(x − x̄)²),
 * s² = Σ residual² ÷ (n − 2).
 */
export function projectLinear(input: ProjectionInput): ProjectionResult {
  const window = input.points.slice(-PROJECTION_WINDOW_MONTHS);
  const obs = window.map((p, i) => ({ x: i, y: p.value })).filter((p): p is { x: number; y: number } => finite(p.y));
  const n = obs.length;
  if (n < PROJECTION_MIN_MONTHS) {
    return { ok: false, method: PROJECTION_METHOD, monthsUsed: n, reason: `Only ${n} month${n === 1 ? '' : 's'} with a median price per m² in the last ${PROJECTION_WINDOW_MONTHS}: a projection needs at least ${PROJECTION_MIN_MONTHS}` };
  }
  const xBar = obs.reduce((a, p) => a + p.x, 0) / n;
  const yBar = obs.reduce((a, p) => a + p.y, 0) / n;
  const sxx = obs.reduce((a, p) => a + (p.x - xBar) ** 2, 0);
  const sxy = obs.reduce((a, p) => a + (p.x - xBar) * (p.y - yBar), 0);
  const slope = sxy / sxx;
  const intercept = yBar - slope * xBar;
  const sse = obs.reduce((a, p) => a + (p.y - (intercept + slope * p.x)) ** 2, 0);
  const sst = obs.reduce((a, p) => a + (p.y - yBar) ** 2, 0);
  const s = Math.sqrt(sse / (n - 2));
  const t = tQuantile90(n - 2);
  const last = window[window.length - 1].month;
  const lastX = window.length - 1;
  const projections = Array.from({ length: Math.max(0, input.horizonMonths) }, (_, k) => {
    const x0 = lastX + k + 1;
    const value = intercept + slope * x0;
    const half = t * s * Math.sqrt(1 + 1 / n + (x0 - xBar) ** 2 / sxx);
    return { month: addMonths(last, k + 1), value, low: value - half, high: value + half };
  });
  return { ok: true, method: PROJECTION_METHOD, monthsUsed: n, slopePerMonth: slope, intercept, residualStdError: s, rSquared: sst > 0 ? 1 - sse / sst : null, projections };
}

/* ------------------------------------------------------------------------------------------------
 * Opportunity score
 * ---------------------------------------------------------------------------------------------- */

export interface OpportunityInput {
  /** Median price per m² change over 12 months, %. */
  priceChangePct: number | null;
  /** Gross yield, % (median monthly rent × 12 ÷ median price). */
  grossYieldPct: number | null;
  /** Inquiries per listing here ÷ inquiries per listing in the city (demand against supply). */
  demandRatio: number | null;
  /** The area's median price per m² against the city's, % (negative: below the city). */
  priceVsCityPct: number | null;
}

export interface OpportunityResult {
  /** 0-100: four parts of up to 25 points each. */
  score: number;
  reasons: Array<{ factor: 'rising_price' | 'high_yield' | 'demand_above_supply' | 'below_city_median'; points: number; text: string }>;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * Four parts, 25 points each, proportional and capped:
 *   rising price:        price/m² change over 12 months ÷ 20 %            (+20 % or more: 25)
 *   high yield:          (gross yield − 4 %) ÷ 4 %                        (8 % or more: 25; 4 % or less: 0)
 *   demand above supply: (inquiries per listing ÷ the city's) − 1         (twice the city's or more: 25)
 *   below the city:      how far below the city's median price/m² ÷ 20 %  (20 % below or more: 25)
 * A part without data scores 0 and says so.
 */
export function opportunityScore(input: OpportunityInput): OpportunityResult {
  const reasons: OpportunityResult['reasons'] = [];
  const f1 = (n: number) => n.toFixed(1);
  const part = (factor: OpportunityResult['reasons'][number]['factor'], share: number | null, text: string) => {
    const points = share === null ? 0 : Math.round(clamp01(share) * 25 * 10) / 10;
    reasons.push({ factor, points, text });
  };
  const p = input.priceChangePct;
  part('rising_price', finite(p) ? p / 20 : null, finite(p) ? `Price per m² ${p >= 0 ? 'up' : 'down'} ${f1(Math.abs(p))} % in 12 months` : 'No price trend (not enough months of listings)');
  const y = input.grossYieldPct;
  part('high_yield', finite(y) ? (y - 4) / 4 : null, finite(y) ? `Gross yield ${f1(y)} % (asking rent ÷ asking price)` : 'No gross yield (needs listings for sale and for rent)');
  const d = input.demandRatio;
  part('demand_above_supply', finite(d) ? d - 1 : null, finite(d) ? `Inquiries per listing ${f1(d)}× the city's` : 'No inquiries to compare with the city');
  const c = input.priceVsCityPct;
  part('below_city_median', finite(c) ? -c / 20 : null, finite(c) ? `Median price per m² ${f1(Math.abs(c))} % ${c <= 0 ? 'below' : 'above'} the city's` : 'No city median to compare with');
  const score = Math.round(reasons.reduce((a, r) => a + r.points, 0) * 10) / 10;
  return { score, reasons };
}

/* ------------------------------------------------------------------------------------------------
 * Similarity
 * ---------------------------------------------------------------------------------------------- */

export const SIMILARITY_FEATURES = ['pricePerSqm', 'densityPerKm2', 'familyIncome', 'amenityCount'] as const;
export type SimilarityFeature = (typeof SIMILARITY_FEATURES)[number];

export interface SimilarityCandidate {
  code: string;
  features: Partial<Record<SimilarityFeature, number | null>>;
}

/**
 * The k candidates nearest the target in a standardised feature space: each feature becomes a
 * z-score over all candidates and the target ((x − mean) ÷ standard deviation; a feature with no
 * spread is dropped), the distance is the root mean square of the z-score differences over the
 * features both have (candidates sharing none with the target are left out). Nearest first.
 */
export function nearestSimilar(
  target: SimilarityCandidate,
  candidates: readonly SimilarityCandidate[],
  k: number,
): Array<{ code: string; distance: number; featuresUsed: SimilarityFeature[] }> {
  const all = [target, ...candidates.filter((c) => c.code !== target.code)];
  const stats = new Map<SimilarityFeature, { mean: number; sd: number }>();
  for (const f of SIMILARITY_FEATURES) {
    const xs = all.map((c) => c.features[f]).filter(finite);
    if (xs.length < 2) continue;
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
    if (sd > 0) stats.set(f, { mean, sd });
  }
  const z = (c: SimilarityCandidate, f: SimilarityFeature) => {
    const v = c.features[f];
    const s = stats.get(f);
    return finite(v) && s ? (v - s.mean) / s.sd : null;
  };
  return all
    .slice(1)
    .map((c) => {
      const used: SimilarityFeature[] = [];
      let sum = 0;
      for (const f of SIMILARITY_FEATURES) {
        const a = z(target, f);
        const b = z(c, f);
        if (a === null || b === null) continue;
        used.push(f);
        sum += (a - b) ** 2;
      }
      return { code: c.code, distance: used.length ? Math.sqrt(sum / used.length) : Number.POSITIVE_INFINITY, featuresUsed: used };
    })
    .filter((r) => r.featuresUsed.length > 0)
    .sort((a, b) => a.distance - b.distance || a.code.localeCompare(b.code))
    .slice(0, Math.max(0, k));
}

/** Coefficient of variation (sample standard deviation ÷ mean × 100) of the values, for price volatility. Null below 3 values. */
export function coefficientOfVariationPct(values: readonly (number | null)[]): number | null {
  const xs = values.filter(finite);
  if (xs.length < 3) return null;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  if (mean === 0) return null;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
  return (sd / mean) * 100;
}

/** Great-circle distance in km (haversine, Earth radius 6371 km). */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
