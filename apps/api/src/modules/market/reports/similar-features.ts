import { SIMILARITY_FEATURES, type SimilarityCandidate, type SimilarityFeature } from '@app/domain';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A set of candidates standardised once (z-scores per feature over all of them), so that the nearest
 * of any member can be found in one pass: `nearestSimilar` (libs/domain) over the same set, with the
 * means and standard deviations computed once per set instead of once per request.
 */
export interface StandardisedSet {
  codes: string[];
  /** Row-major: codes.length × SIMILARITY_FEATURES.length z-scores, NaN where the feature is missing or has no spread. */
  z: Float64Array;
  index: Map<string, number>;
}

export function standardise(rows: readonly SimilarityCandidate[]): StandardisedSet {
  const F = SIMILARITY_FEATURES.length;
  const z = new Float64Array(rows.length * F).fill(Number.NaN);
  SIMILARITY_FEATURES.forEach((f, j) => {
    const xs = rows.map((c) => c.features[f]).filter(finite);
    if (xs.length < 2) return;
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
    if (!(sd > 0)) return;
    rows.forEach((c, i) => {
      const v = c.features[f];
      if (finite(v)) z[i * F + j] = (v - mean) / sd;
    });
  });
  return { codes: rows.map((r) => r.code), z, index: new Map(rows.map((r, i) => [r.code, i])) };
}

/**
 * The k members nearest a member of the set (as `nearestSimilar` with that member as the target and the
 * others as candidates): root mean square of the z-score differences over the features both have,
 * members sharing none left out, nearest first (then by code).
 */
export function nearestInSet(set: StandardisedSet, targetCode: string, k: number): Array<{ code: string; distance: number; featuresUsed: SimilarityFeature[] }> {
  const t = set.index.get(targetCode);
  if (t === undefined || k <= 0) return [];
  const F = SIMILARITY_FEATURES.length;
  const best: { i: number; distance: number; mask: number }[] = [];
  const before = (a: { i: number; distance: number }, b: { i: number; distance: number }) =>
    a.distance < b.distance || (a.distance === b.distance && set.codes[a.i].localeCompare(set.codes[b.i]) < 0);
  for (let i = 0; i < set.codes.length; i++) {
    if (i === t) continue;
    let sum = 0;
    let used = 0;
    let mask = 0;
    for (let j = 0; j < F; j++) {
      const a = set.z[t * F + j];
      const b = set.z[i * F + j];
      if (Number.isNaN(a) || Number.isNaN(b)) continue;
      sum += (a - b) ** 2;
      used++;
      mask |= 1 << j;
    }
    if (!used) continue;
    const row = { i, distance: Math.sqrt(sum / used), mask };
    if (best.length === k && !before(row, best[k - 1])) continue;
    let at = best.length;
    while (at > 0 && before(row, best[at - 1])) at--;
    best.splice(at, 0, row);
    if (best.length > k) best.pop();
  }
  return best.map((r) => ({ code: set.codes[r.i], distance: r.distance, featuresUsed: SIMILARITY_FEATURES.filter((_, j) => r.mask & (1 << j)) }));
}
