import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import '@/features/saved';

describe('Saved: pinning a saved search', { timeout: 30_000 }, () => {
  it('pins a saved search from Searches; it shows under Pinned with a link to its search; unpinning takes it away', async () => {
    const user = makeUser({ _id: 'u_ana' });
    storeSession('tok', user);
    serveSession('tok', user);
    const search = { _id: 's_1', type: 'search', listing: null, name: 'Land in QC', data: { query: 'q=lot&type=land' }, createdAt: '2025-02-02T00:00:00.000Z' };
    let items: Record<string, unknown>[] = [search];
    const calls = { pins: [] as unknown[], unpins: [] as unknown[] };
    server.use(
      http.post('*/api/user/get/save/items', () => HttpResponse.json({ items })),
      http.post('*/api/user/save/pinned', async ({ request }) => {
        const body = (await request.json()) as { name: string; data: Record<string, unknown> };
        calls.pins.push(body);
        const pin = { _id: 'p_1', type: 'pinned', listing: null, name: body.name, data: body.data, createdAt: '2025-02-03T00:00:00.000Z' };
        items = [pin, search];
        return HttpResponse.json(pin, { status: 201 });
      }),
      http.post('*/api/user/delete/save/items', async ({ request }) => {
        const body = (await request.json()) as { itemId: string };
        calls.unpins.push(body);
        items = items.filter((i) => i._id !== body.itemId);
        return HttpResponse.json({ message: 'Removed from saved items' });
      }),
    );
    const { user: ui } = renderApp('/saved?tab=search');
    const card = await screen.findByRole('article', { name: 'Land in QC' }, { timeout: 10000 });
    const pin = within(card).getByRole('button', { name: 'Pin Land in QC' });
    await waitFor(() => expect(pin).toBeEnabled(), { timeout: 5000 });
    await ui.click(pin);
    expect(await within(card).findByRole('button', { name: 'Unpin Land in QC' }, { timeout: 5000 })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.pins).toEqual([{ userId: 'u_ana', name: 'Land in QC', data: { kind: 'search', savedItemId: 's_1', query: 'q=lot&type=land' } }]);
    // a pin is not a saved search: still one search
    expect(screen.getByRole('tab', { name: 'Searches (1)' })).toBeInTheDocument();

    await ui.click(screen.getByRole('tab', { name: 'Pinned (1)' }));
    const pinned = await screen.findByRole('article', { name: 'Land in QC' }, { timeout: 5000 });
    expect(within(pinned).getByText('Saved search')).toBeInTheDocument();
    expect(within(pinned).getByRole('link', { name: 'Land in QC' })).toHaveAttribute('href', '/listings?q=lot&type=land');
    await ui.click(within(pinned).getByRole('button', { name: 'Unpin Land in QC' }));
    expect(await screen.findByText('Nothing pinned yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.unpins).toEqual([{ userId: 'u_ana', type: 'pinned', itemId: 'p_1' }]);
  });
});
