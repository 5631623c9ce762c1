import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import './index';

function entry(i: number, kind = 'viewed_listing') {
  return {
    _id: `a_${kind}_${i}`,
    userId: 'u_ana',
    kind,
    title: `${kind === 'shared' ? 'Shared' : 'Viewed'} “Listing ${i}”`,
    link: `/listings/l_${i}`,
    entity: { kind: 'listing', id: `l_${i}` },
    byMe: true,
    data: {},
    timestamp: new Date(Date.now() - i * 60_000).toISOString(),
  };
}

describe('activity page', { timeout: 30_000 }, () => {
  it('pages through the history and filters it by kind, keeping both in the address', async () => {
    const user = makeUser({ _id: 'u_ana' });
    storeSession('tok', user);
    serveSession('tok', user);
    const bodies: { page: number; limit: number; query?: { kind: string[] } }[] = [];
    server.use(
      http.post('*/api/activity/search', async ({ request }) => {
        const body = (await request.json()) as (typeof bodies)[number];
        bodies.push(body);
        if (body.query?.kind?.[0] === 'shared') {
          return HttpResponse.json({ activities: [entry(1, 'shared')], pagination: makePagination(1, 1, 20) });
        }
        const page = Array.from({ length: body.page === 1 ? 20 : 5 }, (_, i) => entry((body.page - 1) * 20 + i + 1));
        return HttpResponse.json({ activities: page, pagination: makePagination(25, page.length, 20, body.page) });
      }),
    );
    const { user: ui, router } = renderApp('/activity');
    const list = await screen.findByRole('list', { name: 'Your activity' }, { timeout: 10000 });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    expect(bodies[0]).toEqual({ page: 1, limit: 20 });

    await ui.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your activity' })).getAllByRole('link')).toHaveLength(5), { timeout: 5000 });
    expect(router.state.location.search).toBe('?page=2');
    expect(bodies.at(-1)).toEqual({ page: 2, limit: 20 });

    await ui.click(screen.getByRole('combobox', { name: 'Show' }));
    await ui.click(await screen.findByRole('option', { name: 'Listings you shared' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=shared'), { timeout: 5000 });
    expect(await screen.findByRole('link', { name: /Shared “Listing 1”/ }, { timeout: 5000 })).toHaveAttribute('href', '/listings/l_1');
    expect(bodies.at(-1)).toEqual({ page: 1, limit: 20, query: { kind: ['shared'] } });
  });

  it('says what will appear when the history is empty, and what to do when a kind has nothing', async () => {
    const user = makeUser({ _id: 'u_ana' });
    storeSession('tok', user);
    serveSession('tok', user);
    server.use(http.post('*/api/activity/search', () => HttpResponse.json({ activities: [], pagination: makePagination(0, 0, 20) })));
    const { user: ui, router } = renderApp('/activity?kind=reviewed');
    expect(await screen.findByText('Nothing to show for “Your reviews”', {}, { timeout: 10000 })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Show all activity' }));
    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 5000 });
    expect(await screen.findByText('No recent activity yet', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
