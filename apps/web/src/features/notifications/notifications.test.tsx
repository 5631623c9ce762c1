import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@/lib/api/notifications';
import { RealtimeClient } from '@/lib/realtime/realtime-client';
import { fakeSocketFactory } from '@/lib/realtime/testing';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import { NOTIFICATION_EVENT } from './notification-sync';
import { makeNotification, makePreferences, notificationPage } from './test/fixtures';

function signedIn() {
  const user = makeUser();
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

function withSocket() {
  const sockets = fakeSocketFactory();
  return { realtime: new RealtimeClient(sockets.factory), socket: () => sockets.latest! };
}

/** Serves the notifications (newest first, or unread first), their count, mark read and mark all; records the calls. */
function serveNotifications(initial: Notification[]) {
  let all = [...initial];
  const calls = { lists: [] as string[], read: [] as string[], readAll: 0 };
  server.use(
    http.get('*/api/notification/unread-count', () => HttpResponse.json({ count: all.filter((n) => !n.isRead).length })),
    http.get('*/api/notification/get/all', ({ request }) => {
      const url = new URL(request.url);
      calls.lists.push(url.search);
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const ordered = url.searchParams.get('unreadFirst') === 'true' ? [...all.filter((n) => !n.isRead), ...all.filter((n) => n.isRead)] : all;
      return HttpResponse.json(
        notificationPage(ordered.slice((page - 1) * limit, page * limit), { total: all.length, limit, page, unread: all.filter((n) => !n.isRead).length }),
      );
    }),
    http.patch('*/api/notification/:id/read', ({ params }) => {
      calls.read.push(String(params.id));
      all = all.map((n) => (n._id === params.id ? { ...n, isRead: true } : n));
      return HttpResponse.json(all.find((n) => n._id === params.id));
    }),
    http.post('*/api/notification/read-all', () => {
      calls.readAll += 1;
      const marked = all.filter((n) => !n.isRead).length;
      all = all.map((n) => ({ ...n, isRead: true }));
      return HttpResponse.json({ marked });
    }),
  );
  return { calls, add: (n: Notification) => (all = [n, ...all]) };
}

const SLOW = { timeout: 10_000 };
const bell = () => screen.findByTestId('notification-bell', {}, SLOW);
async function expectCount(count: number) {
  await bell();
  await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-count', String(count)), SLOW);
}

// the page, the bell's menu and the settings page load lazily in the app: load them once up front, so
// a test's waits are for the app, not for the test runner transforming modules on a busy machine
beforeAll(async () => {
  await Promise.all([import('./NotificationsPage'), import('./components/NotificationMenu'), import('@/features/account')]);
});

describe('the header bell', { timeout: 30_000 }, () => {
  it('shows the unread count, raised live by the socket, and a menu of the newest that lead where they are about', async () => {
    signedIn();
    const security = makeNotification({ _id: 'n_sec', type: 'security', title: 'Your password was changed', body: 'If this was not you…', link: '/settings?tab=preferences' });
    const review = makeNotification({ _id: 'n_rev', type: 'review', title: 'New 5-star review of Casa Verde', isRead: true, link: '/listings/l_1' });
    const api = serveNotifications([security, review]);
    const { realtime, socket } = withSocket();
    const { user, router } = renderApp('/settings', { realtime });

    await expectCount(1);
    expect(await bell()).toHaveAccessibleName('Notifications, 1 unread');

    socket().connectNow();
    const message = makeNotification({ _id: 'n_msg', title: 'New message from Ben Cruz', body: 'Is it still available?' });
    api.add(message);
    socket().serverEmit(NOTIFICATION_EVENT, message);
    await expectCount(2);

    await user.click(await bell());
    const menu = await screen.findByRole('dialog', { name: 'Notifications' }, SLOW);
    const items = await within(menu).findAllByTestId('notification-item', {}, SLOW);
    expect(items.map((i) => i.getAttribute('data-id'))).toEqual(['n_msg', 'n_sec', 'n_rev']);
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    expect(within(items[0]).getByText('Is it still available?')).toBeInTheDocument();
    expect(within(items[0]).getByText('5 min ago')).toBeInTheDocument();
    expect(within(items[0]).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(items[2]).queryByTestId('unread-dot')).toBeNull();

    // while the menu is open another arrives: it shows on top
    const another = makeNotification({ _id: 'n_new', title: 'New message from Carla Santos', createdAt: new Date().toISOString() });
    api.add(another);
    socket().serverEmit(NOTIFICATION_EVENT, another);
    expect(await within(menu).findByText('New message from Carla Santos')).toBeInTheDocument();
    await expectCount(3);

    await user.click(within(menu).getByRole('link', { name: /Your password was changed/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=preferences'));
    expect(api.calls.read).toEqual(['n_sec']);
    await expectCount(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());

    // mark all as read, then "See all"
    await user.click(await bell());
    const again = await screen.findByRole('dialog', { name: 'Notifications' }, SLOW);
    await user.click(within(again).getByRole('button', { name: 'Mark all as read' }));
    await expectCount(0);
    expect(api.calls.readAll).toBe(1);
    await waitFor(() => expect(within(again).getAllByTestId('notification-item').every((i) => i.getAttribute('data-read') === 'true')).toBe(true));
    expect(within(again).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await user.click(within(again).getByRole('link', { name: 'See all notifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
  });

  it('says so when there are none', async () => {
    signedIn();
    serveNotifications([]);
    const { user } = renderApp('/settings');
    await user.click(await bell());
    const menu = await screen.findByRole('dialog', { name: 'Notifications' }, SLOW);
    expect(await within(menu).findByText('No notifications yet', {}, SLOW)).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});

describe('the notifications page', { timeout: 30_000 }, () => {
  const many = Array.from({ length: 12 }, (_, i) =>
    makeNotification({
      _id: `n_${i + 1}`,
      title: `Notice ${i + 1}`,
      type: (['message', 'review', 'listing_verified', 'saved_search', 'security'] as const)[i % 5],
      isRead: i % 3 !== 0,
      link: '/settings',
      createdAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
    }),
  );

  it('lists a page at a time, unread first when asked, 5 or 10 a page, and marks read', async () => {
    signedIn();
    const api = serveNotifications(many);
    const { user, router } = renderApp('/notifications');

    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 }, SLOW)).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Your notifications' });
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(10));
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('4 unread');
    expect(screen.getByTestId('notifications-range')).toHaveTextContent('1–10 of 12');
    expect(api.calls.lists.at(-1)).toBe('?page=1&limit=10&unreadFirst=false');

    await user.click(screen.getByRole('switch', { name: 'Unread first' }));
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')[0]).toHaveAttribute('data-id', 'n_1'));
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')[1]).toHaveAttribute('data-id', 'n_4'));
    expect(api.calls.lists.at(-1)).toBe('?page=1&limit=10&unreadFirst=true');
    expect(router.state.location.search).toBe('?unreadFirst=true');

    await user.click(screen.getByRole('combobox', { name: 'Per page' }));
    await user.click(await screen.findByRole('option', { name: '5' }));
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(5));
    expect(api.calls.lists.at(-1)).toBe('?page=1&limit=5&unreadFirst=true');

    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(screen.getByTestId('notifications-range')).toHaveTextContent('11–12 of 12'));
    expect(router.state.location.search).toBe('?page=3&limit=5&unreadFirst=true');

    await user.click(screen.getByRole('button', { name: 'Go to page 1' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Notice 1' }));
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('3 unread'));
    expect(api.calls.read).toEqual(['n_1']);

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('All caught up'));
    expect(screen.queryByRole('button', { name: /^Mark as read:/ })).toBeNull();
  });

  it('follows a notification to its page, marking it read', async () => {
    signedIn();
    const api = serveNotifications([makeNotification({ _id: 'n_x', title: 'Your role changed', type: 'security', link: '/settings' })]);
    const { user, router } = renderApp('/notifications');
    await user.click(await screen.findByRole('link', { name: /Your role changed/ }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(api.calls.read).toEqual(['n_x']);
  });

  it('has an empty state', async () => {
    signedIn();
    serveNotifications([]);
    renderApp('/notifications');
    expect(await screen.findByText('No notifications yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});

describe('settings: notifications', { timeout: 30_000 }, () => {
  it('shows each kind, in app always, and saves the e-mail choice as it changes', async () => {
    signedIn();
    const bodies: unknown[] = [];
    let email = false;
    server.use(
      http.get('*/api/notification/preferences', () => HttpResponse.json(makePreferences({ message: email }))),
      http.put('*/api/notification/preferences', async ({ request }) => {
        bodies.push(await request.json());
        email = true;
        return HttpResponse.json(makePreferences({ message: true }));
      }),
    );
    const { user } = renderApp('/settings?tab=notifications');
    const messages = await screen.findByRole('switch', { name: 'E-mail: New messages' }, SLOW);
    expect(messages).not.toBeChecked();
    expect(screen.getAllByText('In app: always')).toHaveLength(5);
    const security = screen.getByRole('switch', { name: 'E-mail: Security: password, sign-in methods, role' });
    expect(security).toBeChecked();
    expect(security).toHaveAccessibleDescription(/E-mail is on by default/);

    await user.click(messages);
    expect(await screen.findByText('Notification settings saved', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('New messages: e-mail on')).toBeInTheDocument();
    expect(bodies).toEqual([{ preferences: [{ kind: 'message', email: true }] }]);
    expect(screen.getByRole('switch', { name: 'E-mail: New messages' })).toBeChecked();
  });
});
