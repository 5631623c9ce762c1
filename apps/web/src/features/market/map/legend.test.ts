import { describe, expect, it } from 'vitest';
import { LEGEND, LEGEND_CATEGORIES, NO_DATA_COLOR, SCALE_COLORS, amenityLayerNotes, amenityLegendRows, legendCategoryOf, pointStyleOf, quantileScale } from './legend';

describe('market map legend', () => {
  it("has one distinct colour per category, in the spec's order", () => {
    expect(LEGEND_CATEGORIES.slice(0, 6).map((c) => LEGEND[c].label)).toEqual([
      'Barangays',
      'Malls',
      'Residential areas',
      'Schools',
      'Transport hubs',
      'Restaurants',
    ]);
    const colors = LEGEND_CATEGORIES.map((c) => LEGEND[c].color.toLowerCase());
    expect(new Set(colors).size).toBe(colors.length);
  });

  it.each([
    ['barangay', 'barangay'],
    ['Barangays', 'barangay'],
    ['malls', 'mall'],
    ['residential areas', 'residential'],
    ['schools', 'school'],
    ['transport hubs', 'transport'],
    ['restaurants', 'restaurant'],
    ['development', 'development'],
    ['hotels', null],
    ['gas stations', null],
    ['', null],
  ])('maps %j to %j', (input, expected) => {
    expect(legendCategoryOf(input)).toBe(expected);
  });
});

describe('choropleth colour scale', () => {
  it('quantile classes: equal counts per class, light to dark, the top class to the maximum', () => {
    const values = Array.from({ length: 100 }, (_, i) => (i + 1) * 1000);
    const s = quantileScale(values);
    expect(s.breaks).toEqual([20_000, 40_000, 60_000, 80_000]);
    expect(s.colorOf(1000)).toBe(SCALE_COLORS[0]);
    expect(s.colorOf(20_000)).toBe(SCALE_COLORS[0]);
    expect(s.colorOf(20_001)).toBe(SCALE_COLORS[1]);
    expect(s.colorOf(100_000)).toBe(SCALE_COLORS[4]);
    expect(s.classes.map((c) => [c.from, c.to])).toEqual([
      [1000, 20_000],
      [20_000, 40_000],
      [40_000, 60_000],
      [60_000, 80_000],
      [80_000, 100_000],
    ]);
    // counts per class: 20 each
    const counts = SCALE_COLORS.map((c) => values.filter((v) => s.colorOf(v) === c).length);
    expect(counts).toEqual([20, 20, 20, 20, 20]);
  });

  it('a few outliers do not wash the rest into one colour', () => {
    const values = [100, 110, 120, 130, 140, 150, 160, 170, 180, 1_000_000];
    const s = quantileScale(values);
    expect(new Set(values.slice(0, 9).map(s.colorOf)).size).toBeGreaterThanOrEqual(4);
  });

  it('no data: null, undefined and NaN are grey; an empty scale has no classes', () => {
    const s = quantileScale([null, 5, undefined, 7, Number.NaN, 9, 11, 13]);
    expect(s.colorOf(null)).toBe(NO_DATA_COLOR);
    expect(s.colorOf(undefined)).toBe(NO_DATA_COLOR);
    expect(s.colorOf(Number.NaN)).toBe(NO_DATA_COLOR);
    expect(s.min).toBe(5);
    expect(s.max).toBe(13);
    const empty = quantileScale([null, null]);
    expect(empty.classes).toEqual([]);
    expect(empty.colorOf(5)).toBe(NO_DATA_COLOR);
  });

  it('fewer distinct values than classes: one class per value, keeping the ends of the palette', () => {
    const s = quantileScale([3, 3, 8, 8, 8]);
    expect(s.classes).toHaveLength(2);
    expect(s.colorOf(3)).toBe(SCALE_COLORS[0]);
    expect(s.colorOf(8)).toBe(SCALE_COLORS[4]);
    const one = quantileScale([42]);
    expect(one.classes).toEqual([{ color: SCALE_COLORS[4], from: 42, to: 42 }]);
  });

  describe('the amenities legend', () => {
    // as GET /bi/amenities/0500506035?radiusKm=1 answers on the shipped Legazpi data (market-map.int-spec.ts)
    const groups = [
      { category: 'barangay', label: 'Barangays', available: true, total: 9, note: 'Centroids of the barangays of Legazpi City within 1 km.' },
      { category: 'mall', label: 'Malls', available: true, total: 0, note: null },
      { category: 'residential', label: 'Residential areas', available: true, total: 5, note: 'Named subdivisions and villages.' },
      { category: 'school', label: 'Schools', available: true, total: 1234, note: null },
      { category: 'transport', label: 'Transport hubs', available: true, total: 6, note: 'Terminals and stations.' },
      { category: 'restaurant', label: 'Restaurants', available: false, total: 0, note: 'Not imported.' },
    ];

    it('counts each category; none nearby and no data read differently', () => {
      expect(amenityLegendRows(groups, 'imported')).toEqual([
        { category: 'barangay', detail: '9 nearby' },
        { category: 'mall', detail: 'none nearby' },
        { category: 'residential', detail: '5 nearby' },
        { category: 'school', detail: '1,234 nearby' },
        { category: 'transport', detail: '6 nearby' },
        { category: 'restaurant', detail: 'no data' },
      ]);
    });

    it('where nothing was imported, every OpenStreetMap category is "no data", the barangays still counted', () => {
      expect(amenityLegendRows(groups, 'none').map((r) => r.detail)).toEqual(['9 nearby', 'no data', 'no data', 'no data', 'no data', 'no data']);
      expect(amenityLayerNotes(groups, 'none')).toEqual([]);
    });

    it("says what the shown layers' points stand for, not for empty or missing ones", () => {
      expect(amenityLayerNotes(groups, 'imported')).toEqual(['Residential areas: Named subdivisions and villages.', 'Transport hubs: Terminals and stations.']);
    });

    it('draws a residential area larger and lighter than a place', () => {
      expect(pointStyleOf('residential').radius).toBeGreaterThan(pointStyleOf('transport').radius);
      expect(pointStyleOf('residential').fillOpacity).toBeLessThan(pointStyleOf('school').fillOpacity);
    });
  });
});
