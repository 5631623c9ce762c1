import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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

describe('market pages in the console', { timeout: 40_000 }, () => {
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
});
