import { describe, expect, it } from 'vitest';
import type { SavedItem } from '@/lib/api/listings';
import { pinArgs, pinOfReport, pinViews } from '@/features/pins/pins';

const at = '2026-11-27T00:00:00.000Z';
const pin = (id: string, data: Record<string, unknown>, name: string | null = 'Demographics: Bel-Air'): SavedItem => ({
  _id: id,
  type: 'pinned',
  listing: null,
  name,
  data,
  alert: null,
  lastNotifiedAt: null,
  createdAt: at,
});

describe('pins of market reports', () => {
  const items = [
    pin('p_1', { kind: 'report', group: 'demographics', area: '1380300027', areaName: 'Bel-Air, City of Makati', href: '/market/1380300027/demographics' }),
    pin('p_2', { kind: 'report', group: 'demographics', area: '1380300027', href: 'https://evil.example/market/x' }, 'Elsewhere'),
    pin('p_3', { kind: 'report', href: '/market/1380300000/zonal_values?offer=rent' }, null),
  ];

  it('shows a report pin with its place, linking to the report; an address outside /market/ is not linked', () => {
    expect(pinViews(items)).toEqual([
      { kind: 'report', pin: items[0], name: 'Demographics: Bel-Air', href: '/market/1380300027/demographics', detail: 'Market report · Bel-Air, City of Makati' },
      { kind: 'other', pin: items[1], name: 'Elsewhere' },
      { kind: 'report', pin: items[2], name: 'Market report', href: '/market/1380300000/zonal_values?offer=rent', detail: 'Market report' },
    ]);
  });

  it('finds the pin of a report by its address, and pins one with its place', () => {
    expect(pinOfReport(items, '/market/1380300027/demographics')?._id).toBe('p_1');
    expect(pinOfReport(items, '/market/1380300027/demographics?offer=rent')).toBeUndefined();
    expect(pinArgs.report('u_1', { name: 'Demographics: Bel-Air', group: 'demographics', area: '1380300027', areaName: 'Bel-Air', href: '/market/1380300027/demographics' })).toEqual({
      type: 'pinned',
      saveItemDto: {
        userId: 'u_1',
        name: 'Demographics: Bel-Air',
        data: { kind: 'report', group: 'demographics', area: '1380300027', areaName: 'Bel-Air', href: '/market/1380300027/demographics' },
      },
    });
  });
});
