import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render';
import { serveAria, signIn, summary } from './test-server';

const SLOW = { timeout: 10_000 };

const conversation = (id: string, title: string) => ({
  ...summary({ id, title }),
  messages: [
    { id: `${id}-q`, role: 'user', content: `Question of ${title}`, toolCalls: [], citations: [], createdAt: '2026-11-20T02:00:00.000Z' },
    { id: `${id}-a`, role: 'assistant', content: `Answer of ${title}`, toolCalls: [], citations: [], createdAt: '2026-11-20T02:00:01.000Z' },
  ],
  runs: [],
});

describe('ARIA history', () => {
  it('lists the conversations, opens one, searches, renames and deletes (after confirming)', async () => {
    signIn();
    let history = [summary({ id: 'c_1', title: 'Condos in Makati' }), summary({ id: 'c_2', title: 'Pag-IBIG loan for a house' })];
    const calls = { renames: [] as unknown[], deletes: [] as string[] };
    const searches = serveAria({ history });
    server.use(
      http.get('*/api/ai/history/my', () => HttpResponse.json({ items: history, pagination: { currentPage: 1, totalPages: 1, totalItems: history.length, itemsPerPage: 50 } })),
      http.get('*/api/ai/history/get/:id', ({ params }) => {
        const item = history.find((h) => h.id === params.id);
        return item ? HttpResponse.json(conversation(item.id, item.title)) : HttpResponse.json({ statusCode: 404, message: 'Not found', error: 'Not Found' }, { status: 404 });
      }),
      http.put('*/api/ai/history/update', async ({ request }) => {
        const body = (await request.json()) as { id: string; title: string };
        calls.renames.push(body);
        history = history.map((h) => (h.id === body.id ? { ...h, title: body.title } : h));
        return HttpResponse.json(history.find((h) => h.id === body.id));
      }),
      http.delete('*/api/ai/history/remove/:id', ({ params }) => {
        calls.deletes.push(String(params.id));
        history = history.filter((h) => h.id !== params.id);
        return HttpResponse.json({ message: 'Deleted' });
      }),
    );
    const { user, router } = renderApp('/aria/c_1');
    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    expect(within(list).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/aria/c_1', '/aria/c_2']);
    expect(await screen.findByText('Answer of Condos in Makati', {}, SLOW)).toBeInTheDocument();

    // open the other one
    await user.click(within(list).getByRole('link', { name: /Pag-IBIG loan for a house/ }));
    expect(await screen.findByText('Answer of Pag-IBIG loan for a house', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/aria/c_2');

    // search
    await user.type(screen.getByLabelText('Search history'), 'pag-ibig');
    await waitFor(() => expect(searches.searches).toContainEqual({ query: 'pag-ibig', page: 1, limit: 50 }), SLOW);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link')).toHaveLength(1));
    await user.clear(screen.getByLabelText('Search history'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link')).toHaveLength(2));

    // rename
    await user.click(screen.getByRole('button', { name: 'Actions for Condos in Makati' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename' });
    await user.clear(within(rename).getByLabelText('Title'));
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(rename).findByText('Enter a title')).toBeInTheDocument();
    await user.type(within(rename).getByLabelText('Title'), 'Makati rentals');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename' })).not.toBeInTheDocument());
    expect(calls.renames).toEqual([{ id: 'c_1', title: 'Makati rentals' }]);
    expect(await screen.findByRole('link', { name: /Makati rentals/ }, SLOW)).toHaveAttribute('href', '/aria/c_1');

    // delete the open one: asks first; cancel keeps it
    await user.click(screen.getByRole('button', { name: 'Actions for Pag-IBIG loan for a house' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete “Pag-IBIG loan for a house”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Delete/ })).not.toBeInTheDocument());
    expect(calls.deletes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Actions for Pag-IBIG loan for a house' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete “Pag-IBIG loan for a house”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.deletes).toEqual(['c_2']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aria'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link')).toHaveLength(1));
  });
});
