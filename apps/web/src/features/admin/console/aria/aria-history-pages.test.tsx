import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserRole } from '@/lib/api/types';
import { makeCard } from '@/features/aria/test-server';
import { makePagination, makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import type { StaffAriaConversation, StaffAriaEntry } from './aria-history-api';
import { ariaHistoryArg } from './AriaHistoryPage';

const SLOW = { timeout: 10_000 };
const ANA = {
  _id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ana',
  lastName: 'Reyes',
  email: 'ana@example.ph',
};

function signIn(role: UserRole) {
  const user = makeUser({
    _id: 'u_staff',
    role,
    email: 'staff@example.ph',
    firstName: 'Staff',
    lastName: 'Member',
  });
  storeSession('t_staff', user);
  serveSession('t_staff', user);
}

function entry(overrides: Partial<StaffAriaEntry> = {}): StaffAriaEntry {
  return {
    id: 'c1',
    userId: ANA._id,
    kind: 'chat',
    title: 'Condo budget in Pasig',
    provider: 'builtin',
    messageCount: 2,
    createdAt: '2026-11-25T01:00:00.000Z',
    updatedAt: '2026-11-26T03:00:00.000Z',
    lastRun: null,
    member: ANA,
    ...overrides,
  };
}

describe('ARIA history in the console', { timeout: 40_000 }, () => {
  it('maps the filters to the API query (days as days, a bad member id and kind left out)', () => {
    expect(
      ariaHistoryArg(
        {
          member: 'ana',
          kind: 'compare',
          from: '2026-11-01',
          to: '2026-11-30',
        },
        2,
        25,
      ),
    ).toEqual({
      member: 'ana',
      kind: 'compare',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 2,
      limit: 25,
    });
    expect(ariaHistoryArg({ userId: 'not-a-uuid', kind: 'poem', from: 'yesterday' }, 1, 10)).toEqual({ page: 1, limit: 10 });
    expect(ariaHistoryArg({ userId: ANA._id }, 1, 10)).toEqual({
      userId: ANA._id,
      page: 1,
      limit: 10,
    });
  });

  it('a viewer lists every member’s entries with the audited notice; filters go into the request and the address; a row opens the entry', async () => {
    signIn('viewer');
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('*/api/ai/history/get/all', ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(q);
        const rows =
          q.kind === 'feasibility'
            ? []
            : [
                entry(),
                entry({
                  id: 'c2',
                  kind: 'compare',
                  title: 'Compare: Condo A vs Condo B',
                  lastRun: { id: 'r2', status: 'failed', kind: 'compare' },
                  member: null,
                  userId: 'u_gone',
                }),
              ];
        return HttpResponse.json({
          items: rows,
          pagination: makePagination(rows.length, rows.length),
        });
      }),
      http.get('*/api/ai/history/get/c1', () => HttpResponse.json({ ...entry(), messages: [], runs: [], member: ANA })),
    );
    const { user, router } = renderApp('/admin/aria');
    const grid = await screen.findByRole('grid', { name: 'ARIA history' }, SLOW);
    expect(await within(grid).findByText('ana@example.ph', {}, SLOW)).toBeInTheDocument();
    expect(within(grid).getByText('Account removed')).toBeInTheDocument();
    expect(within(grid).getByText('Comparison')).toBeInTheDocument();
    expect(within(grid).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByTestId('aria-audited-notice')).toHaveTextContent('every opening is recorded in the audit log');
    expect(screen.getByRole('link', { name: 'ARIA history' })).toHaveAttribute('aria-current', 'page');
    expect(asked[0]).toEqual({ page: '1', limit: '10' });

    await user.type(screen.getByRole('textbox', { name: 'Member name or e-mail' }), 'ana reyes{Enter}');
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Feasibility run' }, SLOW));
    await waitFor(() => expect(asked.at(-1)).toEqual({ member: 'ana reyes', kind: 'feasibility', page: '1', limit: '10' }), SLOW);
    expect(router.state.location.search).toBe('?member=ana+reyes&kind=feasibility');
    expect(await within(grid).findByText('No ARIA conversations match these filters', {}, SLOW)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(await within(grid).findByText('ana@example.ph', {}, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/aria/c1'), SLOW);
  });

  it('an entry shows its member, messages (tools, sources) and runs read-only, with the audited notice', async () => {
    signIn('admin');
    const reads: string[] = [];
    const conversation: StaffAriaConversation = {
      ...entry({
        id: 'c3',
        kind: 'compare',
        title: 'Compare: Condo A vs Condo B',
        messageCount: 2,
        lastRun: { id: 'r3', status: 'succeeded', kind: 'compare' },
      }),
      member: ANA,
      messages: [
        {
          id: 'm1',
          role: 'user',
          content: 'Which condo is the better buy?',
          toolCalls: [],
          citations: [],
          createdAt: '2026-11-26T02:59:00.000Z',
        },
        {
          id: 'm2',
          role: 'assistant',
          content: 'Condo A is priced below the barangay median.',
          toolCalls: [
            {
              name: 'compare_listings',
              arguments: {},
              summary: '2 listings compared',
            },
          ],
          citations: [
            {
              kind: 'report',
              label: 'Pasig condominium market',
              url: '/market/1381200000',
              source: 'Tahanan listings, 2026-10',
            },
          ],
          createdAt: '2026-11-26T03:00:00.000Z',
        },
      ],
      runs: [
        {
          id: 'r3',
          conversationId: 'c3',
          kind: 'compare',
          status: 'succeeded',
          progress: 100,
          credits: 5,
          input: {},
          narrative: 'Condo A gives more for the money.',
          error: null,
          createdAt: '2026-11-26T02:58:00.000Z',
          startedAt: '2026-11-26T02:58:01.000Z',
          finishedAt: '2026-11-26T02:58:05.000Z',
          pdfUrl: '/api/ai/run/r3/pdf',
          result: {
            rows: [
              {
                ...makeCard({
                  id: 'a',
                  name: 'Condo A',
                  offer: 'sale',
                  price: 7_000_000,
                }),
                barangayMedianPricePerSqm: 150_000,
                vsBarangayPct: -6.7,
                estimatedGrossYieldPct: 5.1,
                amenities: [],
                riskNotes: [],
              },
              {
                ...makeCard({
                  id: 'b',
                  name: 'Condo B',
                  offer: 'sale',
                  price: 9_000_000,
                }),
                barangayMedianPricePerSqm: 150_000,
                vsBarangayPct: 20,
                estimatedGrossYieldPct: 4.2,
                amenities: [],
                riskNotes: [],
              },
            ],
            recommendation: {
              listingId: 'a',
              reasons: ['Below the barangay median per m²'],
            },
            notes: [],
            disclaimer: 'Estimates only.',
          },
        },
      ],
    };
    server.use(
      http.get('*/api/ai/history/get/:id', ({ params }) => {
        reads.push(String(params.id));
        return params.id === 'c3' ? HttpResponse.json(conversation) : apiError(404, 'ARIA conversation not found', 'Not Found');
      }),
    );
    const { user, router } = renderApp('/admin/aria/c3');
    expect(await screen.findByRole('heading', { name: 'Compare: Condo A vs Condo B' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('aria-audited-notice')).toHaveTextContent('Audited, read-only');
    expect(screen.getByRole('link', { name: 'Ana Reyes (ana@example.ph)' })).toHaveAttribute('href', `/admin/users/${ANA._id}`);
    const messages = screen.getAllByTestId('aria-staff-message');
    expect(messages.map((m) => within(m).getByRole('heading').textContent)).toEqual(['Member', 'ARIA']);
    expect(messages[0]).toHaveTextContent('Which condo is the better buy?');
    expect(within(messages[1]).getByRole('list', { name: 'Tools ARIA used' })).toHaveTextContent('compare_listings: 2 listings compared');
    expect(
      within(messages[1]).getByRole('link', {
        name: 'Pasig condominium market',
      }),
    ).toHaveAttribute('href', '/market/1381200000');
    const run = screen.getByTestId('aria-staff-run');
    expect(run).toHaveTextContent('Succeeded');
    expect(run).toHaveTextContent('5 AI credits');
    expect(run).toHaveTextContent('Condo A gives more for the money.');
    expect(screen.getByTestId('compare-recommendation')).toHaveTextContent('Recommendation: Condo A');
    // read-only: nothing to rename, delete or run again
    expect(screen.queryByRole('button', { name: /rename|delete|remove|run/i })).not.toBeInTheDocument();
    expect(reads).toEqual(['c3']);

    await user.click(screen.getByRole('link', { name: 'All ARIA history' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/aria'), SLOW);
  });

  it('says so when the entry is gone', async () => {
    signIn('viewer');
    server.use(http.get('*/api/ai/history/get/:id', () => apiError(404, 'ARIA conversation not found', 'Not Found')));
    renderApp('/admin/aria/c404');
    expect(await screen.findByText('ARIA conversation not found', {}, SLOW)).toBeInTheDocument();
  });
});
