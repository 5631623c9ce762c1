import { nearestSimilar, type SimilarityCandidate } from '@app/domain';
import { nearestInSet, standardise } from './similar-features';

// a seeded generator (mulberry32): the same sets on every run
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('standardise / nearestInSet (the similar-areas table standardised once)', () => {
  it('answers as nearestSimilar over the same set, member by member (missing features, ties, a feature without spread)', () => {
    const r = rng(7);
    const rows: SimilarityCandidate[] = Array.from({ length: 300 }, (_, i) => ({
      code: String(1_000_000_000 + i),
      features: {
        pricePerSqm: r() < 0.1 ? null : Math.round(r() * 20) * 5_000,
        densityPerKm2: r() < 0.2 ? null : r() * 30_000,
        // few distinct values: many ties
        familyIncome: [310, 420, 515][i % 3],
        amenityCount: i % 4 === 0 ? Math.floor(r() * 40) : null,
      },
    }));
    // one with nothing in common with most (only the amenity count)
    rows.push({ code: '1999999999', features: { pricePerSqm: null, densityPerKm2: null, familyIncome: null, amenityCount: 12 } });
    const set = standardise(rows);
    for (const target of [...rows.slice(0, 60), rows[rows.length - 1]]) {
      const expected = nearestSimilar(target, rows, 5);
      const got = nearestInSet(set, target.code, 5);
      expect(got.map((g) => [g.code, g.featuresUsed])).toEqual(expected.map((e) => [e.code, e.featuresUsed]));
      got.forEach((g, i) => expect(g.distance).toBeCloseTo(expected[i].distance, 9));
    }
  });

  it('drops a feature with no spread, answers nothing for an unknown code or k = 0', () => {
    const rows: SimilarityCandidate[] = [
      { code: 'a', features: { pricePerSqm: 100, familyIncome: 5 } },
      { code: 'b', features: { pricePerSqm: 110, familyIncome: 5 } },
      { code: 'c', features: { pricePerSqm: 200, familyIncome: 5 } },
    ];
    const set = standardise(rows);
    // z of price: mean 136.67, sd 55.08 → a −0.666, b −0.484, c 1.150
    const near = nearestInSet(set, 'a', 2);
    expect(near.map((n) => [n.code, n.featuresUsed])).toEqual([['b', ['pricePerSqm']], ['c', ['pricePerSqm']]]);
    expect(near[0].distance).toBeCloseTo(10 / Math.sqrt(((100 - 410 / 3) ** 2 + (110 - 410 / 3) ** 2 + (200 - 410 / 3) ** 2) / 2), 12);
    expect(nearestInSet(set, 'zzz', 2)).toEqual([]);
    expect(nearestInSet(set, 'a', 0)).toEqual([]);
  });
});
