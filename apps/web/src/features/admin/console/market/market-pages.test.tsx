import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COST_ASSUMPTIONS } from '@app/domain';
import type { DevelopmentDto } from '@/lib/api/generated';
import type { UserRole } from '@/lib/api/types';
import { makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';

const SLOW = { timeout: 10_000 };

function signIn(role: UserRole) {
  const user = makeUser({ _id: 'u_staff', role, email: 'staff@example.ph' });
  storeSession('t_staff', user);
  serveSession('t_staff', user);
}

const development: DevelopmentDto = {
  id: 'd1',
  name: 'Legazpi port expansion',
  kind: 'transport',
  status: 'under_construction',
  expectedCompletion: '2027-06-30',
  lat: 13.15,
  lng: 123.75,
  barangayCode: '0500506001',
  cityCode: '0500506000',
  regionCode: '0500000000',
  barangayName: 'Bitano',
  cityName: 'City of Legazpi',
  distanceKm: null,
  description: 'New passenger terminal',
  sourceNote: 'PPA notice, 2026',
  updatedAt: '2026-11-26T02:00:00.000Z',
};

const FIELDS = [
  { field: 'vacancyPct', label: 'Vacancy', unit: '% of the year', min: 0, max: 100 },
  { field: 'managementPctOfRent', label: 'Management', unit: '% of rent', min: 0, max: 30 },
  { field: 'maintenancePctOfRent', label: 'Maintenance', unit: '% of rent', min: 0, max: 50 },
  { field: 'insurancePctOfValue', label: 'Insurance', unit: '% of value a year', min: 0, max: 5 },
  { field: 'realPropertyTaxPctOfValue', label: 'Real property tax', unit: '% of value a year', min: 0, max: 5 },
  { field: 'capexReservePctOfRent', label: 'Capital reserve', unit: '% of rent', min: 0, max: 50 },
  { field: 'associationDuesPerSqmMonth', label: 'Association dues', unit: '₱ per m² a month', min: 0, max: 2000 },
];

/** A 390 px wide window as MUI's useMediaQuery sees it: max-width queries above 390 match, min-width ones above it do not. */
function phoneWidth(width = 390) {
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

function assumptionItems() {
  return Object.entries(DEFAULT_COST_ASSUMPTIONS).map(([kind, values]) => ({
    kind,
    values,
    defaults: values,
    isDefault: true,
    note: 'Documented default',
    updatedAt: null,
  }));
}

describe('market pages in the console', { timeout: 40_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('development projects: the table with names and source; the status filter goes into the request; a viewer has no buttons', async () => {
    signIn('viewer');
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get('*/api/bi/data/developments', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ items: [development], pagination: makePagination(1, 1), source: 'Development projects recorded by Tahanan staff' });
      }),
    );
    const { user, router } = renderApp('/admin/market/developments');
    const grid = await screen.findByRole('grid', { name: 'Development projects' }, SLOW);
    expect(await within(grid).findByText('Legazpi port expansion')).toBeInTheDocument();
    expect(within(grid).getByText('Bitano')).toBeInTheDocument();
    expect(within(grid).getByText('City of Legazpi')).toBeInTheDocument();
    expect(within(grid).getByText('PPA notice, 2026')).toBeInTheDocument();
    expect(within(grid).getByText('Under construction')).toBeInTheDocument();
    expect(asked[0]).toEqual({ page: '1', limit: '10' });
    expect(screen.queryByRole('button', { name: 'Record a project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Legazpi port expansion' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: 'completed', page: '1', limit: '10' }));
  });

  it('development projects: an admin removes one after confirming (DELETE sent)', async () => {
    signIn('admin');
    let deleted: string | null = null;
    server.use(
      http.get('*/api/bi/data/developments', () =>
        HttpResponse.json({ items: deleted ? [] : [development], pagination: makePagination(deleted ? 0 : 1, 1), source: 's' }),
      ),
      http.delete('*/api/bi/developments/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/admin/market/developments');
    expect(await screen.findByRole('button', { name: 'Record a project' }, SLOW)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Remove Legazpi port expansion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Legazpi port expansion”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toBe('d1'));
    expect(await screen.findByText('No projects recorded yet')).toBeInTheDocument();
  });

  it('cost assumptions: an out-of-range value is refused in the form; a change sends only the changed field with the note', async () => {
    signIn('admin');
    const sent: unknown[] = [];
    const items = Object.entries(DEFAULT_COST_ASSUMPTIONS).map(([kind, values]) => ({
      kind,
      values,
      defaults: values,
      isDefault: true,
      note: 'Documented default',
      updatedAt: null,
    }));
    server.use(
      http.get('*/api/bi/cost-assumptions', () => HttpResponse.json({ items, fields: FIELDS, source: 'Tahanan cost assumptions' })),
      http.put('*/api/bi/cost-assumptions/:kind', async ({ request, params }) => {
        sent.push({ kind: params.kind, body: await request.json() });
        return HttpResponse.json({ ...items[0], values: { ...items[0].values, vacancyPct: 10 }, isDefault: false });
      }),
    );
    const { user } = renderApp('/admin/market/assumptions');
    const row = await screen.findByTestId('assumptions-condominium', {}, SLOW);
    expect(within(row).getByText('Default')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Condominium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cost assumptions: Condominium' });
    const vacancy = within(dialog).getByRole('textbox', { name: /^Vacancy/ });
    await user.clear(vacancy);
    await user.type(vacancy, '150');
    await user.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'Colliers Q3 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Vacancy: from 0 to 100 (% of the year)')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(vacancy);
    await user.type(vacancy, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ kind: 'condominium', body: { values: { vacancyPct: 10 }, note: 'Colliers Q3 2026' } }]));
  });

  it('cost assumptions at phone width: a card per kind with every figure labelled, a changed one with its default; Edit opens the form full screen', async () => {
    phoneWidth();
    signIn('admin');
    const items = assumptionItems();
    items[0] = { ...items[0], values: { ...items[0].values, vacancyPct: 12 }, isDefault: false, note: 'Colliers Q3 2026' };
    server.use(http.get('*/api/bi/cost-assumptions', () => HttpResponse.json({ items, fields: FIELDS, source: 'Tahanan cost assumptions' })));
    const { user } = renderApp('/admin/market/assumptions');
    const card = await screen.findByTestId('assumptions-condominium', {}, SLOW);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Cost assumptions per property kind' }).children).toHaveLength(items.length);
    expect(within(card).getByRole('heading', { name: 'Condominium' })).toBeInTheDocument();
    expect(within(card).getByText('Changed')).toBeInTheDocument();
    for (const f of FIELDS) expect(within(card).getByText(`${f.label} (${f.unit})`)).toBeInTheDocument();
    expect(within(card).getByText(`(default ${items[0].defaults.vacancyPct})`)).toBeInTheDocument();
    expect(within(card).getByText('Colliers Q3 2026')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reset Condominium to the default' })).toBeEnabled();
    expect(within(screen.getByTestId('assumptions-office')).getByRole('button', { name: 'Reset Office to the default' })).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'Edit Condominium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cost assumptions: Condominium' });
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
  });

  it('development projects at phone width: the status filter gets the full width, above the button (it was squeezed to "S…")', async () => {
    phoneWidth();
    signIn('admin');
    server.use(
      http.get('*/api/bi/data/developments', () => HttpResponse.json({ items: [development], pagination: makePagination(1, 1), source: 's' })),
      // the dialog's place picker asks for the regions
      http.get('*/api/places/regions', () => HttpResponse.json([])),
    );
    const { user } = renderApp('/admin/market/developments');
    const record = await screen.findByRole('button', { name: 'Record a project' }, SLOW);
    const row = record.parentElement!;
    // the filter bar and the button stacked in a column on a phone
    expect(getComputedStyle(row).flexDirection).toBe('column');
    expect(within(row).getByRole('search', { name: 'Filter projects' })).toBeInTheDocument();
    await user.click(record);
    const dialog = await screen.findByRole('dialog', { name: 'Record a development project' });
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
  });
});
