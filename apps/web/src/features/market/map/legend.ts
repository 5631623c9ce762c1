/**
 * The market map's legend (spec: "legend colors by category for barangays, malls, residential areas,
 * schools, transport hubs, restaurants"; the spec names the categories, not the colours, and the app had
 * none: this is the one table) and the choropleth's colour scale. Pure: tested in legend.test.ts.
 */

/** The legend's categories in the spec's order, then the projects staff record. */
export const LEGEND_CATEGORIES = ['barangay', 'mall', 'residential', 'school', 'transport', 'restaurant', 'development'] as const;
export type LegendCategory = (typeof LEGEND_CATEGORIES)[number];

/**
 * One colour per category, distinct for the common colour-vision deficiencies (Okabe-Ito palette) and
 * with at least 3:1 contrast against the light map background, so a marker reads without its label.
 */
export const LEGEND: Record<LegendCategory, { label: string; color: string }> = {
  barangay: { label: 'Barangays', color: '#0072B2' },
  mall: { label: 'Malls', color: '#CC79A7' },
  residential: { label: 'Residential areas', color: '#009E73' },
  school: { label: 'Schools', color: '#E69F00' },
  transport: { label: 'Transport hubs', color: '#56B4E9' },
  restaurant: { label: 'Restaurants', color: '#D55E00' },
  development: { label: 'Development projects', color: '#000000' },
};

/**
 * A point's legend category from the names the API and the reports use: the amenities route's
 * categories (barangay, mall, …), the report's map points (the same, or "development"), and the
 * nearby module's OpenStreetMap categories (malls, schools, restaurants). Null: not a legend category
 * (hotels, banks …): not drawn.
 */
export function legendCategoryOf(category: string): LegendCategory | null {
  const c = category.trim().toLowerCase().replace(/[\s-]+/g, '_');
  const aliases: Record<string, LegendCategory> = {
    barangay: 'barangay',
    barangays: 'barangay',
    mall: 'mall',
    malls: 'mall',
    residential: 'residential',
    residential_area: 'residential',
    residential_areas: 'residential',
    school: 'school',
    schools: 'school',
    transport: 'transport',
    transport_hub: 'transport',
    transport_hubs: 'transport',
    restaurant: 'restaurant',
    restaurants: 'restaurant',
    development: 'development',
    developments: 'development',
    development_project: 'development',
  };
  return aliases[c] ?? null;
}

/** How a point of a category is drawn: a residential area is an area drawn at its middle, so a larger, lighter circle. */
export function pointStyleOf(category: LegendCategory): { radius: number; fillOpacity: number } {
  return category === 'residential' ? { radius: 9, fillOpacity: 0.55 } : { radius: 6, fillOpacity: 0.9 };
}

/** The parts of an amenities answer (GET /bi/amenities/{barangay}) the legend reads. */
export interface AmenityGroupLike {
  category: string;
  label: string;
  available: boolean;
  total: number;
  note?: string | null;
}

export interface AmenityLegendRow {
  category: LegendCategory;
  /** Shown beside the label: "12 nearby", "none nearby", "no data". */
  detail: string;
}

const countFormat = new Intl.NumberFormat('en-PH');

/**
 * One legend row per legend category of the answer, in its order. Where no points of interest were
 * imported (`poiCoverage` 'none') every OSM category reads "no data", not "none nearby": that would
 * read as an absence of places. The barangays come from the PSGC and are always there.
 */
export function amenityLegendRows(groups: readonly AmenityGroupLike[], poiCoverage: string): AmenityLegendRow[] {
  const rows: AmenityLegendRow[] = [];
  for (const g of groups) {
    const cat = legendCategoryOf(g.category);
    if (!cat || rows.some((r) => r.category === cat)) continue;
    const noData = !g.available || (poiCoverage === 'none' && cat !== 'barangay');
    rows.push({ category: cat, detail: noData ? 'no data' : g.total === 0 ? 'none nearby' : `${countFormat.format(g.total)} nearby` });
  }
  return rows;
}

/** The notes of the categories shown (what a residential-area point stands for …), as "Label: note". */
export function amenityLayerNotes(groups: readonly AmenityGroupLike[], poiCoverage: string): string[] {
  if (poiCoverage === 'none') return [];
  return groups.filter((g) => g.available && g.total > 0 && g.note && g.category !== 'barangay').map((g) => `${g.label}: ${g.note}`);
}

/** The choropleth's classes: light (low) to dark (high), ColorBrewer "YlOrRd" 5-class. */
export const SCALE_COLORS = ['#ffffb2', '#fecc5c', '#fd8d3c', '#f03b20', '#bd0026'] as const;
/** Barangays without a figure (too few listings, or no current code): grey, hatched in the legend. */
export const NO_DATA_COLOR = '#d9d9d9';

export interface ColorScale {
  /** Upper bounds of the classes but the last, ascending (breaks.length = classes - 1). */
  breaks: number[];
  colors: readonly string[];
  min: number | null;
  max: number | null;
  colorOf(value: number | null | undefined): string;
  /** One legend row per class: its colour and range (from, to inclusive of the top class). */
  classes: { color: string; from: number; to: number }[];
}

/**
 * A quantile scale over the values present (nulls are "no data"): each class holds about as many
 * barangays, so a few very expensive ones do not wash the rest into one colour. Fewer distinct values
 * than classes: as many classes as values. Empty: every value is "no data".
 */
export function quantileScale(values: readonly (number | null | undefined)[], colors: readonly string[] = SCALE_COLORS): ColorScale {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  const distinct = [...new Set(xs)];
  const k = Math.min(colors.length, distinct.length);
  const palette = k === colors.length ? colors : pick(colors, k);
  const breaks: number[] = [];
  if (distinct.length <= colors.length) {
    // a class per value
    breaks.push(...distinct.slice(0, -1));
  } else {
    for (let i = 1; i < k; i++) {
      const b = xs[Math.min(xs.length - 1, Math.ceil((i * xs.length) / k) - 1)];
      // ties at a break: the top class never empty
      if (b < xs[xs.length - 1] && (breaks.length === 0 || b > breaks[breaks.length - 1])) breaks.push(b);
    }
  }
  const used = palette.length > breaks.length + 1 ? pick(palette, breaks.length + 1) : palette;
  const min = xs.length ? xs[0] : null;
  const max = xs.length ? xs[xs.length - 1] : null;
  const colorOf = (v: number | null | undefined) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || min === null) return NO_DATA_COLOR;
    const i = breaks.findIndex((b) => v <= b);
    return used[i === -1 ? used.length - 1 : i];
  };
  const classes =
    min === null || max === null
      ? []
      : used.map((color, i) => ({ color, from: i === 0 ? min : breaks[i - 1], to: i < breaks.length ? breaks[i] : max }));
  return { breaks, colors: used, min, max, colorOf, classes };
}

/** k colours spread over the palette, keeping both ends (light and dark). */
function pick(colors: readonly string[], k: number): string[] {
  if (k <= 0) return [];
  if (k === 1) return [colors[colors.length - 1]];
  return Array.from({ length: k }, (_, i) => colors[Math.round((i * (colors.length - 1)) / (k - 1))]);
}
