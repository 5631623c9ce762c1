import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRole } from '@/lib/api/types';
import { makeListing, makePagination, makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import { fileNameFrom } from './export-client';
import { readGridState, writeGridState, type GridConfig } from './grid-url-state';
import { roleChoices } from './labels';

const SLOW = { timeout: 10_000 };

function signIn(role: UserRole) {
  const user = makeUser({ _id: 'u_staff', role, email: 'staff@example.ph', firstName: 'Staff' });
  storeSession('t_staff', user);
  serveSession('t_staff', user);
  return user;
}

const ANA = makeUser({ _id: 'u_ana', firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.ph', role: 'user' });
const BEN = makeUser({ _id: 'u_ben', firstName: 'Benigno', lastName: 'Santos', email: 'ben@example.ph', role: 'admin', type: 'broker' });

/** POST /user/search: the bodies asked, filtered by role when the body says so. */
function serveUsers() {
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http.post('*/api/user/search', async ({ request }) => {
      const body = (await request.json()) as { query?: { role?: string[] }; limit?: number };
      bodies.push(body);
      const rows = [ANA, BEN].filter((u) => !body.query?.role || body.query.role.includes(u.role!));
      return HttpResponse.json({ users: rows, pagination: makePagination(rows.length, rows.length, body.limit ?? 10) });
    }),
  );
  return bodies;
}

function serveUserPage(user = ANA) {
  const updates: unknown[] = [];
  let current = user;
  server.use(
    http.post('*/api/user/page', () =>
      HttpResponse.json({
        user: current,
        subscription: { plan: 'free', status: 'active', billingPeriod: 'free' },
        credits: { balance: 25 },
        stats: { listings: 1, activeListings: 1, payments: 0, paidCentavos: 0, threads: 2 },
        listings: { listings: [makeListing({ _id: 'l_1', code: 'TH-1001' })], pagination: { ...makePagination(1, 1, 10), totalIsEstimate: false } },
        recentAudit: [
          {
            _id: 'a1',
            description: 'Ana Reyes signed up',
            entity: { kind: 'user', id: user._id },
            ip: '203.0.113.9',
            requestId: 'req-1',
            severity: 'low',
            timestamp: '2026-11-20T01:00:00.000Z',
            type: 'user.signed_up',
            user: null,
            userAgent: 'Firefox',
          },
        ],
      }),
    ),
    http.put('*/api/user/update', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      updates.push(body);
      current = { ...current, ...(body as object) };
      return HttpResponse.json(current);
    }),
  );
  return updates;
}

const CONFIG: GridConfig = {
  filterKeys: ['q', 'role', 'owner'],
  sortable: ['name', 'createdAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  columns: ['name', 'email', 'role', 'createdAt'],
  defaultColumns: ['name', 'email', 'role', 'createdAt'],
};

describe('grid state in the address', () => {
  it('writes only what differs from the defaults and reads back the same state', () => {
    const state = { page: 3, pageSize: 25, sort: { field: 'name', direction: 'asc' as const }, filters: { role: 'admin', q: 'dela cruz' }, columns: ['name', 'role'] };
    const params = writeGridState(state, CONFIG);
    expect(params.toString()).toBe('q=dela+cruz&role=admin&page=3&pageSize=25&sort=name&cols=name%2Crole');
    expect(readGridState(new URLSearchParams(params.toString()), CONFIG)).toEqual(state);
    // defaults: an empty query string
    const defaults = readGridState(new URLSearchParams(''), CONFIG);
    expect(defaults).toEqual({ page: 1, pageSize: 10, sort: { field: 'createdAt', direction: 'desc' }, filters: {}, columns: CONFIG.columns });
    expect(writeGridState(defaults, CONFIG).toString()).toBe('');
    // no sort at all is kept as such
    expect(writeGridState({ ...defaults, sort: null }, CONFIG).toString()).toBe('sort=none');
    expect(readGridState(new URLSearchParams('sort=none'), CONFIG).sort).toBeNull();
  });

  it('falls back to the defaults for values it does not know', () => {
    const state = readGridState(new URLSearchParams('page=-2&pageSize=7&sort=-password&cols=name,secret&unknown=1&role='), CONFIG);
    expect(state).toEqual({ page: 1, pageSize: 10, sort: { field: 'createdAt', direction: 'desc' }, filters: {}, columns: ['name'] });
  });
});

describe('role choices', () => {
  it('offers admin roles to super admins only, and nothing to an admin over an admin', () => {
    expect(roleChoices('super_admin', 'user')).toEqual(['user', 'viewer', 'admin', 'super_admin']);
    expect(roleChoices('admin', 'user')).toEqual(['user', 'viewer']);
    expect(roleChoices('admin', 'admin')).toEqual([]);
    expect(roleChoices('viewer', 'user')).toEqual([]);
  });

  it('reads a Content-Disposition file name', () => {
    expect(fileNameFrom('attachment; filename="user_report_20261127T010203Z.csv"')).toBe('user_report_20261127T010203Z.csv');
    expect(fileNameFrom("attachment; filename=x.csv; filename*=UTF-8''listing_report_%C3%B1.pdf")).toBe('listing_report_ñ.pdf');
    expect(fileNameFrom(null)).toBeNull();
  });
});

describe('admin console', { timeout: 40_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('users table: rows from the server, a filter changes the request and the address, the address restores it, a row opens the user page', async () => {
    signIn('admin');
    const bodies = serveUsers();
    serveUserPage();
    const { user, router, unmount } = renderApp('/admin/users');
    const grid = await screen.findByRole('grid', { name: 'Users' }, SLOW);
    expect(await within(grid).findByText('ana@example.ph')).toBeInTheDocument();
    expect(within(grid).getByText('ben@example.ph')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ page: 1, limit: 10, query: {}, sort: '-dateSignedUp' });

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await waitFor(() => expect(router.state.location.search).toBe('?role=admin'));
    await waitFor(() => expect(within(grid).queryByText('ana@example.ph')).not.toBeInTheDocument());
    expect(within(grid).getByText('ben@example.ph')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ page: 1, limit: 10, query: { role: ['admin'] }, sort: '-dateSignedUp' });
    unmount();

    // a pasted link: the same filter, page size and sort
    const again = renderApp('/admin/users?role=admin&pageSize=25&sort=email');
    await screen.findByRole('grid', { name: 'Users' }, SLOW);
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, limit: 25, query: { role: ['admin'] }, sort: 'email' }));
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin');

    await again.user.click(await screen.findByText('ben@example.ph'));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/admin/users/u_ben'));
  });

  it('an admin suspends a member from the user page; role choices leave out the admin roles', async () => {
    signIn('admin');
    const updates = serveUserPage();
    const { user } = renderApp('/admin/users/u_ana');
    expect(await screen.findByRole('heading', { name: 'Ana Reyes' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Ana Reyes signed up')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chats with ARIA' })).toHaveAttribute('href', '/admin/aria?userId=u_ana');
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(updates).toEqual([{ _id: 'u_ana', status: 'suspended' }]));
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: "Change Ana Reyes's role" });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Member', 'Viewer']);
  });

  it('a super admin may give the admin roles', async () => {
    signIn('super_admin');
    serveUserPage();
    const { user } = renderApp('/admin/users/u_ana');
    await screen.findByRole('heading', { name: 'Ana Reyes' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: "Change Ana Reyes's role" });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Member', 'Viewer', 'Admin', 'Super admin']);
  });

  it('a viewer reads the user page and the listings table without any action', async () => {
    signIn('viewer');
    serveUserPage();
    server.use(
      http.post('*/api/listing/search', () =>
        HttpResponse.json({ listings: [{ ...makeListing({ _id: 'l_1' }), documentsCount: 1, openReports: 0 }], pagination: { ...makePagination(1, 1), totalIsEstimate: false } }),
      ),
      http.post('*/api/listing/filter', () => HttpResponse.json({ cities: [], estimated: false, furnishings: [], kinds: [], offers: [], priceBands: [], tags: [], types: [] })),
    );
    const { router } = renderApp('/admin/users/u_ana');
    await screen.findByRole('heading', { name: 'Ana Reyes' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    await router.navigate('/admin/listings');
    const grid = await screen.findByRole('grid', { name: 'Listings' }, SLOW);
    expect(await within(grid).findByText('TH-1001')).toBeInTheDocument();
    expect(within(grid).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Import JSON' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create admin' })).not.toBeInTheDocument();
  });

  it('a member gets the 403 page', async () => {
    const member = makeUser({ role: 'user' });
    storeSession('t_member', member);
    serveSession('t_member', member);
    const { router } = renderApp('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'), SLOW);
  });

  describe('export dialog', () => {
    function servePreview() {
      server.use(
        http.post('*/api/user/export/preview', () =>
          HttpResponse.json({
            columns: [
              { key: 'userName', label: 'Name' },
              { key: 'email', label: 'E-mail' },
            ],
            rows: [['Ana Reyes', 'ana@example.ph']],
            total: 2,
            totalIsEstimate: false,
          }),
        ),
      );
    }

    async function openExport() {
      signIn('admin');
      serveUsers();
      servePreview();
      const app = renderApp('/admin/users?role=admin');
      await screen.findByRole('grid', { name: 'Users' }, SLOW);
      await app.user.click(screen.getByRole('button', { name: 'Export' }));
      const dialog = await screen.findByRole('dialog', { name: 'Export users' });
      await within(dialog).findByRole('checkbox', { name: 'E-mail' });
      return { ...app, dialog };
    }

    it('previews the first rows, then saves a 200 answer as its file', async () => {
      const asked: unknown[] = [];
      server.use(
        http.post('*/api/user/export/csv', async ({ request }) => {
          asked.push(await request.json());
          return new HttpResponse('\uFEFFName,E-mail\nAna Reyes,ana@example.ph\n', {
            status: 200,
            headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="user_report_20261127T010203Z.csv"' },
          });
        }),
      );
      // jsdom has no object URLs
      const created = vi.fn(() => 'blob:export');
      URL.createObjectURL = created;
      URL.revokeObjectURL = vi.fn();
      const names: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        names.push(this.download);
      });
      const { user, dialog } = await openExport();
      await user.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
      await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
      const preview = await within(dialog).findByRole('table', { name: 'Export preview' });
      expect(within(preview).getByText('Ana Reyes')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(names).toEqual(['user_report_20261127T010203Z.csv']));
      expect(created).toHaveBeenCalled();
      expect(asked).toEqual([{ filters: { role: ['admin'] }, sort: '-dateSignedUp', select: ['userName'], title: 'Users report' }]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export users' })).not.toBeInTheDocument());
    });

    it('follows a 202 answer to its download link', async () => {
      let polls = 0;
      server.use(
        http.post('*/api/user/export/pdf', () =>
          HttpResponse.json({ id: 'x1', status: 'queued', fileName: 'user_report_1.pdf', totalRows: 50000, statusUrl: '/api/export/x1' }, { status: 202 }),
        ),
        http.get('*/api/export/x1', () => {
          polls += 1;
          return HttpResponse.json(
            polls < 2
              ? { id: 'x1', status: 'running', progress: 40, rowsWritten: 20000, totalRows: 50000, fileName: 'user_report_1.pdf' }
              : { id: 'x1', status: 'ready', progress: 100, rowsWritten: 50000, totalRows: 50000, fileName: 'user_report_1.pdf', downloadUrl: '/api/export/x1/download?sig=abc' },
          );
        }),
      );
      const { user, dialog } = await openExport();
      await user.click(within(dialog).getByRole('button', { name: 'PDF' }));
      expect(within(dialog).getByRole('combobox', { name: 'Orientation' })).toHaveTextContent('Landscape');
      await user.click(within(dialog).getByRole('button', { name: 'Export' }));
      expect(await within(dialog).findByTestId('export-progress')).toBeInTheDocument();
      const link = await within(dialog).findByRole('link', { name: 'Download' }, { timeout: 8000 });
      expect(link).toHaveAttribute('href', '/api/export/x1/download?sig=abc');
      expect(within(dialog).getByText(/user_report_1\.pdf is ready \(50,000 rows\)/)).toBeInTheDocument();
    });

    it('an error answer says "Failed to export file" with the status text', async () => {
      server.use(http.post('*/api/user/export/csv', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })));
      const { user, dialog } = await openExport();
      await user.click(within(dialog).getByRole('button', { name: 'Export' }));
      expect(await within(dialog).findByText('Failed to export file: Service Unavailable')).toBeInTheDocument();
    });
  });

  it('listings: two selected rows are hidden after a confirmation that names the count', async () => {
    signIn('admin');
    const bulk: unknown[] = [];
    server.use(
      http.post('*/api/listing/search', () =>
        HttpResponse.json({
          listings: [
            makeListing({ _id: 'l_1', code: 'TH-1001' }),
            makeListing({ _id: 'l_2', code: 'TH-1002', name: 'Condo in Makati' }),
            makeListing({ _id: 'l_3', code: 'TH-1003', isVisible: false, hiddenForSuspension: true }),
            makeListing({ _id: 'l_4', code: 'TH-1004', isVisible: false }),
          ],
          pagination: { ...makePagination(4, 4), totalIsEstimate: false },
        }),
      ),
      http.post('*/api/listing/filter', () => HttpResponse.json({ cities: [], estimated: false, furnishings: [], kinds: [], offers: [], priceBands: [], tags: [], types: [] })),
      http.post('*/api/listing/bulk', async ({ request }) => {
        bulk.push(await request.json());
        return HttpResponse.json({ results: [{ id: 'l_1', ok: true }, { id: 'l_2', ok: true }], done: 2, failed: 0 });
      }),
    );
    const { user } = renderApp('/admin/listings');
    const grid = await screen.findByRole('grid', { name: 'Listings' }, SLOW);
    await within(grid).findByText('TH-1001');
    const rowOf = (code: string) => within(grid).getAllByRole('row').find((r) => r.textContent?.includes(code))!;
    // a listing hidden while its owner is suspended says so; one its owner hid reads "Hidden"
    expect(await within(rowOf('TH-1003')).findByText('Suspended')).toBeInTheDocument();
    expect(within(rowOf('TH-1004')).getByText('Hidden')).toBeInTheDocument();
    expect(within(rowOf('TH-1001')).getByText('Shown')).toBeInTheDocument();
    await user.click(within(rowOf('TH-1001')).getByRole('checkbox'));
    await user.click(within(rowOf('TH-1002')).getByRole('checkbox'));
    expect(within(screen.getByTestId('bulk-bar')).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Hide' }));
    const confirm = await screen.findByRole('dialog', { name: 'Hide 2 listings?' });
    await user.click(within(confirm).getByRole('button', { name: 'Hide 2 listings' }));
    await waitFor(() => expect(bulk).toEqual([{ ids: ['l_1', 'l_2'], action: 'hide' }]));
  });

  it('import: the server message and the report are shown', async () => {
    signIn('admin');
    server.use(
      http.post('*/api/listing/search', () => HttpResponse.json({ listings: [], pagination: { ...makePagination(0, 0), totalIsEstimate: false } })),
      http.post('*/api/listing/filter', () => HttpResponse.json({ cities: [], estimated: false, furnishings: [], kinds: [], offers: [], priceBands: [], tags: [], types: [] })),
      http.post('*/api/listing/import/json', () =>
        HttpResponse.json({
          message: 'Imported listings.json: 1 created, 0 updated, 0 unchanged, 1 rejected',
          import: { id: 'i1', status: 'done', progress: 100, created: 1, updated: 0, unchanged: 0, rejected: 1, rejections: [{ row: 2, code: 'TH-9', reason: 'price must be a positive number' }] },
        }),
      ),
      http.get('*/api/listing/import/i1', () =>
        HttpResponse.json({ id: 'i1', status: 'done', progress: 100, created: 1, updated: 0, unchanged: 0, rejected: 1, rejections: [{ row: 2, code: 'TH-9', reason: 'price must be a positive number' }] }),
      ),
      http.get('*/api/listing/import/get/all', () => HttpResponse.json({ imports: [], pagination: makePagination(0, 0) })),
    );
    const { user } = renderApp('/admin/listings');
    await screen.findByRole('grid', { name: 'Listings' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Import JSON' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import listings from JSON' });
    await user.upload(within(dialog).getByLabelText('JSON file'), new File(['[{"code":"TH-1"},{"code":"TH-9"}]'], 'listings.json', { type: 'application/json' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByTestId('import-message')).toHaveTextContent('Imported listings.json: 1 created, 0 updated, 0 unchanged, 1 rejected');
    expect(within(dialog).getByTestId('import-created')).toHaveTextContent('1');
    expect(within(dialog).getByTestId('import-rejected')).toHaveTextContent('1');
    expect(within(within(dialog).getByRole('table', { name: 'Rejected rows' })).getByText('price must be a positive number')).toBeInTheDocument();
  });

  it('audit log: severity chips in their colours, an entity links to its page, a row opens its request details', async () => {
    signIn('viewer');
    server.use(
      http.post('*/api/audit/search', () =>
        HttpResponse.json({
          entries: [
            {
              _id: 'a1',
              description: 'Ramon Bautista suspended Ana Reyes',
              entity: { kind: 'user', id: 'u_ana' },
              ip: '203.0.113.9',
              requestId: 'req-42',
              severity: 'high',
              timestamp: '2026-11-20T01:00:00.000Z',
              type: 'user.status_changed',
              user: { _id: 'u_ramon', email: 'admin@demo.tahanan.ph', name: 'Ramon Bautista' },
              userAgent: 'Mozilla/5.0 Firefox',
            },
          ],
          pagination: makePagination(1, 1),
          totalIsEstimate: false,
        }),
      ),
      http.post('*/api/audit/filter', () => HttpResponse.json({ day: [], limitedToNewest: null, severity: [], total: 1, type: [{ value: 'user.status_changed', count: 1 }] })),
    );
    const { user } = renderApp('/admin/audit');
    const grid = await screen.findByRole('grid', { name: 'Audit log' }, SLOW);
    const chip = await within(grid).findByText('High');
    expect(chip.closest('[data-severity]')).toHaveAttribute('data-severity', 'high');
    expect(chip.closest('.MuiChip-root')).toHaveStyle({ backgroundColor: '#ed6c02' });
    expect(within(grid).getByRole('link', { name: /user u_ana/ })).toHaveAttribute('href', '/admin/users/u_ana');
    await user.click(within(grid).getByRole('button', { name: 'Show details' }));
    const detail = await within(grid).findByTestId('audit-detail');
    expect(detail).toHaveTextContent('req-42');
    expect(detail).toHaveTextContent('203.0.113.9');
  });

  it('the user search refusal is shown', async () => {
    signIn('admin');
    server.use(http.post('*/api/user/search', () => apiError(400, 'query.plan must be one of: free, basic, premium, enterprise', 'Bad Request')));
    renderApp('/admin/users?plan=free');
    expect(await screen.findByText('query.plan must be one of: free, basic, premium, enterprise', undefined, SLOW)).toBeInTheDocument();
  });
});
