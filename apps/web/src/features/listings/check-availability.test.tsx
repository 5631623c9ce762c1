import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeListing, makePagination, makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
// Loaded up front so the lazy routes resolve at once.
import './index';
import '@/features/messages';
import { ME, OTHER, makeThread } from '@/features/messages/test/fixtures';

const thread = () => makeThread({ _id: 't_new', participants: [{ ...ME, _id: 'u_customer' }, OTHER] });

/** The listing page's own calls, and the messaging calls of the conversation it leads to. */
function serveListingAndMessaging() {
  const created: unknown[] = [];
  server.use(
    http.get('*/api/listing/get/:id', () => HttpResponse.json(makeListing())),
    http.post('*/api/listing/update/behavior/:id', () => HttpResponse.json({ views: 11 })),
    http.get('*/api/listing/reviews/:id', () => HttpResponse.json({ reviews: [], pagination: makePagination(0, 0, 5) })),
    http.post('*/api/listing/search/nearby', () => HttpResponse.json({ listings: [], areasNearby: [] })),
    http.post('*/api/threads', async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json(thread(), { status: 201 });
    }),
    http.get('*/api/threads', () => HttpResponse.json({ threads: [], pagination: makePagination(0, 0, 20) })),
    http.get('*/api/threads/unread-count', () => HttpResponse.json({ count: 0 })),
    http.get('*/api/threads/:threadId/messages', () => HttpResponse.json({ messages: [], pagination: makePagination(0, 0, 20) })),
    http.get('*/api/threads/:threadId', () => HttpResponse.json(thread())),
  );
  return created;
}

function signIn(id: string) {
  const user = makeUser({ _id: id });
  storeSession('tok', user);
  serveSession('tok', user);
}

describe('Check availability', { timeout: 30_000 }, () => {
  it('creates the thread about the listing and opens the conversation', async () => {
    signIn('u_customer');
    const created = serveListingAndMessaging();
    const { user, router, store } = renderApp('/listings/l_1');
    await user.click(await screen.findByRole('button', { name: 'Check availability' }, { timeout: 10000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/t_new'));
    expect(created).toEqual([{ listingId: 'l_1' }]);
    expect(await screen.findByTestId('conversation', {}, { timeout: 10000 })).toHaveAttribute('data-thread-id', 't_new');
    expect(await screen.findByText('Say hello…')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    // the created thread is cached for the conversation header
    expect(store.getState().api.queries['getThread({"threadId":"t_new"})']?.data).toMatchObject({ _id: 't_new', unreadCount: 0 });
  });

  it('sends a guest to the login page', async () => {
    serveListingAndMessaging();
    const { user, router } = renderApp('/listings/l_1');
    await user.click(await screen.findByRole('button', { name: 'Check availability' }, { timeout: 10000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('is not offered on one’s own listing', async () => {
    signIn('u_owner');
    serveListingAndMessaging();
    renderApp('/listings/l_1');
    expect(await screen.findByRole('link', { name: 'Edit listing' }, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check availability' })).not.toBeInTheDocument();
  });

  it('shows "Error creating thread" when it fails, and the 429 text when throttled', async () => {
    signIn('u_customer');
    serveListingAndMessaging();
    server.use(http.post('*/api/threads', () => apiError(400, 'You cannot message yourself', 'Bad Request')));
    const { user, router } = renderApp('/listings/l_1');
    const button = await screen.findByRole('button', { name: 'Check availability' }, { timeout: 10000 });
    await user.click(button);
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error creating thread');
    expect(toast).toHaveTextContent('You cannot message yourself');
    expect(router.state.location.pathname).toBe('/listings/l_1');

    server.use(http.post('*/api/threads', () => apiError(429, 'Too many requests, please try again later', 'Too Many Requests')));
    await user.click(button);
    await waitFor(() => expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('Too many requests, please try again later'))).toBe(true));
  });
});
