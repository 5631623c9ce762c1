import type { MarketReport } from '../types';

const bgy = { code: '1380300027', name: 'Bel-Air', level: 'barangay' as const };
const city = { code: '1380300000', name: 'City of Makati', level: 'city' as const };
const region = { code: '1300000000', name: 'National Capital Region (NCR)', level: 'region' as const };

/** A historic-and-current report of a barangay with too few listings: the city's figures instead. */
export function makeReport(overrides: Partial<MarketReport> = {}): MarketReport {
  return {
    group: 'historic_and_current',
    title: 'Historic and current data',
    summary: 'Asking prices and price per m² of the listings here: today and month by month.',
    tier: 1,
    area: bgy,
    parents: [city, region],
    offer: 'sale',
    kind: 'all',
    generatedAt: '2026-11-27T06:00:00.000Z',
    demoData: true,
    figures: [
      {
        label: 'Median asking price',
        value: 12_500_000,
        unit: 'php',
        source: 'Tahanan listings',
        period: 'listings as of 2026-11-27',
        granularity: 'city',
        areaCode: city.code,
        areaName: city.name,
        sampleSize: 41,
        note: 'Not enough listings in this barangay: city figure',
      },
      {
        label: 'Median price per m²',
        value: 182_450,
        unit: 'php_per_sqm',
        source: 'Tahanan listings',
        period: 'listings as of 2026-11-27',
        granularity: 'city',
        areaCode: city.code,
        areaName: city.name,
        sampleSize: 38,
      },
      {
        label: 'Median days on market',
        value: 47,
        unit: 'days',
        source: 'Tahanan listings',
        period: 'Dec 2025 – Nov 2026',
        granularity: 'city',
        areaCode: city.code,
        areaName: city.name,
        sampleSize: 12,
      },
    ],
    charts: [
      {
        id: 'price-per-sqm',
        title: 'Median asking price per m² by month',
        kind: 'line',
        unit: 'php_per_sqm',
        series: [
          {
            name: 'Median price per m²',
            source: 'Tahanan listings',
            granularity: 'city',
            areaName: 'City of Makati',
            points: [
              { x: '2026-09', y: 180_000, sample: 30 },
              { x: '2026-10', y: 181_000, sample: 33 },
              { x: '2026-11', y: 182_450, sample: 38 },
            ],
          },
        ],
      },
    ],
    tables: [],
    notes: ['Asking prices, not sale prices.'],
    sources: [{ name: 'Tahanan listings', period: 'listings as of 2026-11-27', granularity: 'city' }],
    fallback: { reason: 'not_enough_listings', area: city, sampleSize: 3 },
    mapPoints: [],
    ...overrides,
  };
}
