import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeListing, makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
// Loaded up front so the lazy routes resolve at once.
import './index';
import '@/features/activity';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function signIn() {
  const user = makeUser({ _id: 'u_ana', firstName: 'Ana', type: 'customer' });
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

function serveActivity() {
  let activities = [
    {
      _id: 'a_other',
      userId: 'u_ana',
      kind: 'listing_saved_by_other',
      title: 'Someone saved your listing “Lot in Cebu”',
      link: '/listings/l_cebu',
      entity: { kind: 'listing', id: 'l_cebu' },
      byMe: false,
      data: {},
      timestamp: minutesAgo(2),
    },
    {
      _id: 'a_view',
      userId: 'u_ana',
      kind: 'viewed_listing',
      title: 'Viewed “Sunny house in Loyola Heights”',
      link: '/listings/l_1',
      entity: { kind: 'listing', id: 'l_1' },
      byMe: true,
      data: {},
      timestamp: minutesAgo(60 * 3),
    },
  ];
  const calls = { removed: [] as string[], cleared: 0, lists: [] as string[] };
  server.use(
    http.get('*/api/activity/user', ({ request }) => {
      calls.lists.push(new URL(request.url).search);
      return HttpResponse.json({ activities, pagination: makePagination(activities.length, activities.length, 5) });
    }),
    http.delete('*/api/activity/remove/:id', ({ params }) => {
      calls.removed.push(String(params.id));
      activities = activities.filter((a) => a._id !== params.id);
      return HttpResponse.json({ message: 'Activity removed' });
    }),
    http.delete('*/api/activity/user', () => {
      calls.cleared += 1;
      const removed = activities.length;
      activities = [];
      return HttpResponse.json({ removed });
    }),
  );
  return calls;
}

describe('dashboard: recent activity', { timeout: 30_000 }, () => {
  it('lists the newest entries with a time in words, links them, and marks what happened to the member’s listings', async () => {
    signIn();
    const calls = serveActivity();
    renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Recent activity' }, { timeout: 10000 });
    const viewed = await within(section).findByRole('link', { name: /Viewed “Sunny house in Loyola Heights”/ }, { timeout: 10000 });
    expect(viewed).toHaveAttribute('href', '/listings/l_1');
    expect(viewed).toHaveTextContent('3 h ago');
    const entries = within(section).getAllByTestId('activity-entry');
    expect(entries.map((e) => [e.dataset.kind, e.dataset.byMe])).toEqual([
      ['listing_saved_by_other', 'false'],
      ['viewed_listing', 'true'],
    ]);
    expect(entries[0]).toHaveTextContent(/Your listing · 2 min ago/);
    expect(calls.lists).toEqual(['?page=1&limit=5']);
    expect(within(section).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/activity');
  });

  it('removes one entry, and clears the history only after a yes', async () => {
    signIn();
    const calls = serveActivity();
    const { user: ui } = renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Recent activity' }, { timeout: 10000 });
    await ui.click(await within(section).findByRole('button', { name: 'Remove from activity: Viewed “Sunny house in Loyola Heights”' }, { timeout: 10000 }));
    await waitFor(() => expect(within(section).getAllByTestId('activity-entry')).toHaveLength(1), { timeout: 5000 });
    expect(calls.removed).toEqual(['a_view']);

    await ui.click(within(section).getByRole('button', { name: 'Clear history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear your activity history?' }, { timeout: 5000 });
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(calls.cleared).toBe(0);
    await ui.click(within(section).getByRole('button', { name: 'Clear history' }));
    await ui.click(within(await screen.findByRole('dialog', { name: 'Clear your activity history?' }, { timeout: 5000 })).getByRole('button', { name: 'Clear history' }));
    expect(await within(section).findByText('No recent activity yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(section).getByText(/will show up here/)).toBeInTheDocument();
    expect(calls.cleared).toBe(1);
  });
});

describe('dashboard: pinned', { timeout: 30_000 }, () => {
  it('shows pinned listings (an unavailable one as "No longer available") and pinned searches, and unpins', async () => {
    signIn();
    let items = [
      { _id: 'p_l', type: 'pinned', listing: makeListing(), name: null, data: {}, createdAt: minutesAgo(1) },
      { _id: 'p_gone', type: 'pinned', listing: { _id: 'l_gone', unavailable: true }, name: null, data: {}, createdAt: minutesAgo(2) },
      {
        _id: 'p_s',
        type: 'pinned',
        listing: null,
        name: 'Land in QC',
        data: { kind: 'search', savedItemId: 's_1', query: 'q=lot&type=land' },
        createdAt: minutesAgo(3),
      },
      { _id: 's_1', type: 'search', listing: null, name: 'Land in QC', data: { query: 'q=lot&type=land' }, createdAt: minutesAgo(4) },
    ];
    const deletes: unknown[] = [];
    server.use(
      http.post('*/api/user/get/save/items', () => HttpResponse.json({ items })),
      http.post('*/api/user/delete/save/items', async ({ request }) => {
        const body = (await request.json()) as { itemId: string };
        deletes.push(body);
        items = items.filter((i) => i._id !== body.itemId);
        return HttpResponse.json({ message: 'Removed from saved items' });
      }),
    );
    const { user: ui } = renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Pinned items' }, { timeout: 10000 });
    expect(await within(section).findByRole('article', { name: 'Sunny house in Loyola Heights' }, { timeout: 10000 })).toBeInTheDocument();
    const gone = within(section).getByRole('article', { name: 'No longer available' });
    expect(within(gone).queryByRole('link')).toBeNull();
    const search = within(section).getByRole('article', { name: 'Land in QC' });
    expect(within(search).getByRole('link', { name: 'Land in QC' })).toHaveAttribute('href', '/listings?q=lot&type=land');
    // the saved search itself is not a pin
    expect(within(section).getAllByRole('article')).toHaveLength(3);

    await ui.click(within(search).getByRole('button', { name: 'Unpin Land in QC' }));
    await waitFor(() => expect(within(section).queryByRole('article', { name: 'Land in QC' })).not.toBeInTheDocument(), { timeout: 5000 });
    expect(deletes).toEqual([{ userId: 'u_ana', type: 'pinned', itemId: 'p_s' }]);
  });

  it('says what pinning is for when nothing is pinned', async () => {
    signIn();
    renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Pinned items' }, { timeout: 10000 });
    expect(await within(section).findByText('Nothing pinned yet', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/listings');
  });
});
