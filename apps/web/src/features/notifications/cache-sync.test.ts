import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '@/app/store';
import { api } from '@/lib/api/generated';
import {
  addToFirstPage,
  markAllReadInList,
  markReadInList,
  notificationArgs,
  type NotificationList,
} from '@/lib/api/notifications';
import { RealtimeClient } from '@/lib/realtime/realtime-client';
import { fakeSocketFactory } from '@/lib/realtime/testing';
import { sessionStarted } from '@/lib/state/auth-slice';
import { makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { classifyIncoming } from './cache-sync';
import { NOTIFICATION_EVENT, startNotificationSync } from './notification-sync';
import { makeNotification, makePreferences, notificationPage } from './test/fixtures';

const n1 = makeNotification({ _id: 'n_1', title: 'First' });
const n2 = makeNotification({ _id: 'n_2', title: 'Second', isRead: true });
const n3 = makeNotification({ _id: 'n_3', title: 'Third' });

describe('the list rules', () => {
  it('a new notification goes on top of a first page; a full page drops its last; totals grow; twice changes nothing', () => {
    const full = notificationPage([n1, n2], { total: 7, limit: 2, unread: 4 });
    const added = addToFirstPage(full, n3);
    expect(added.notifications.map((n) => n._id)).toEqual(['n_3', 'n_1']);
    expect(added.unreadCount).toBe(5);
    expect(added.pagination).toMatchObject({ totalItems: 8, totalPages: 4, itemsOnPage: 2, itemsPerPage: 2 });
    expect(addToFirstPage(added, n3)).toBe(added);

    const short = addToFirstPage(notificationPage([n1], { limit: 10 }), makeNotification({ _id: 'n_r', isRead: true }));
    expect(short.notifications.map((n) => n._id)).toEqual(['n_r', 'n_1']);
    expect(short.unreadCount).toBe(1);
    expect(short.pagination).toMatchObject({ totalItems: 2, itemsOnPage: 2, totalPages: 1 });
  });

  it('marking read lowers the unread count once; marking all read reads every one', () => {
    const list = notificationPage([n1, n2, n3], { unread: 6 });
    const once = markReadInList(list, 'n_1');
    expect(once.notifications.map((n) => n.isRead)).toEqual([true, true, false]);
    expect(once.unreadCount).toBe(5);
    expect(markReadInList(once, 'n_1')).toBe(once);
    expect(markReadInList(once, 'n_2')).toBe(once);
    expect(markReadInList(once, 'unknown')).toBe(once);
    const all = markAllReadInList(list);
    expect(all.notifications.every((n) => n.isRead)).toBe(true);
    expect(all.unreadCount).toBe(0);
  });

  it('classifies an arriving notification: seen before, its page on screen, or to count', () => {
    const n = { link: '/messages/t_1' };
    expect(classifyIncoming(n, { known: true, onScreenPath: '/dashboard', visible: true })).toBe('duplicate');
    expect(classifyIncoming(n, { known: false, onScreenPath: '/messages/t_1', visible: true })).toBe('mark-read');
    expect(classifyIncoming(n, { known: false, onScreenPath: '/messages/t_1/', visible: true })).toBe('mark-read');
    // a hidden tab has not shown it to anyone
    expect(classifyIncoming(n, { known: false, onScreenPath: '/messages/t_1', visible: false })).toBe('count-unread');
    expect(classifyIncoming(n, { known: false, onScreenPath: '/messages/t_2', visible: true })).toBe('count-unread');
    expect(classifyIncoming(n, { known: false, onScreenPath: '/messages', visible: true })).toBe('count-unread');
    expect(classifyIncoming(n, { known: false, onScreenPath: null, visible: true })).toBe('count-unread');
  });
});

function store(): AppStore {
  const s = makeStore();
  s.dispatch(sessionStarted({ token: 'tok', user: makeUser() }));
  return s;
}

const count = (s: AppStore) => api.endpoints.getUnreadNotificationCount.select()(s.getState()).data?.count;
const list = (s: AppStore, args = notificationArgs.menu()) => api.endpoints.getNotifications.select(args)(s.getState()).data as NotificationList;

function seed(s: AppStore, entries: { count?: number; lists?: [ReturnType<typeof notificationArgs.list>, NotificationList][] }) {
  s.dispatch(
    api.util.upsertQueryEntries([
      ...(entries.count === undefined ? [] : [{ endpointName: 'getUnreadNotificationCount' as const, arg: undefined, value: { count: entries.count } }]),
      ...(entries.lists ?? []).map(([arg, value]) => ({ endpointName: 'getNotifications' as const, arg, value })),
    ]),
  );
}

function synced(s: AppStore, onScreen: string | null = '/dashboard', visible = true) {
  const sockets = fakeSocketFactory();
  const realtime = new RealtimeClient(sockets.factory);
  realtime.setToken('tok');
  const stop = startNotificationSync({ dispatch: s.dispatch, getState: s.getState, realtime, onScreenPath: () => onScreen, isVisible: () => visible });
  const socket = sockets.latest!;
  socket.connectNow();
  return { socket, stop, realtime };
}

describe('a notification over the socket', () => {
  it('raises the count by one and goes on top of the cached first pages, once however often it arrives', async () => {
    const s = store();
    seed(s, {
      count: 2,
      lists: [
        [notificationArgs.menu(), notificationPage([n1, n2], { limit: 5, unread: 2 })],
        [notificationArgs.list(1, 10, true), notificationPage([n1, n2], { unread: 2 })],
      ],
    });
    const { socket } = synced(s);
    socket.serverEmit(NOTIFICATION_EVENT, n3);
    socket.serverEmit(NOTIFICATION_EVENT, n3);
    expect(count(s)).toBe(3);
    expect(list(s).notifications.map((n) => n._id)).toEqual(['n_3', 'n_1', 'n_2']);
    expect(list(s).unreadCount).toBe(3);
    expect(list(s, notificationArgs.list(1, 10, true)).notifications.map((n) => n._id)).toEqual(['n_3', 'n_1', 'n_2']);

    // one the lists had from a fetch already is not counted either
    socket.serverEmit(NOTIFICATION_EVENT, { ...n1 });
    expect(count(s)).toBe(3);
    // something else on the event is ignored
    socket.serverEmit(NOTIFICATION_EVENT, { _id: 'x' });
    expect(count(s)).toBe(3);

    socket.serverEmit(NOTIFICATION_EVENT, makeNotification({ _id: 'n_4' }));
    expect(count(s)).toBe(4);
    expect(list(s).notifications).toHaveLength(4);
  });

  it('counts one delivered twice once when no list is cached (only the bell is on screen)', () => {
    const s = store();
    seed(s, { count: 0 });
    const { socket } = synced(s);
    socket.serverEmit(NOTIFICATION_EVENT, n3);
    socket.serverEmit(NOTIFICATION_EVENT, { ...n3 });
    expect(count(s)).toBe(1);
  });

  it('a cached later page is asked again (its items shift by one)', async () => {
    const s = store();
    const asked: string[] = [];
    server.use(
      http.get('*/api/notification/get/all', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(notificationPage([n2], { total: 12, page: 2 }));
      }),
    );
    seed(s, { count: 0, lists: [[notificationArgs.list(2, 10, false), notificationPage([n1], { total: 11, page: 2 })]] });
    const { socket } = synced(s);
    socket.serverEmit(NOTIFICATION_EVENT, n3);
    await vi.waitFor(() => expect(list(s, notificationArgs.list(2, 10, false)).notifications.map((n) => n._id)).toEqual(['n_2']));
    expect(asked).toEqual(['?page=2&limit=10&unreadFirst=false']);
    expect(count(s)).toBe(1);
  });

  it('one whose page is on screen (the open conversation) is marked read at once, not counted', async () => {
    const s = store();
    const patched: string[] = [];
    server.use(
      http.patch('*/api/notification/:id/read', ({ params }) => {
        patched.push(String(params.id));
        return HttpResponse.json({ ...n3, isRead: true });
      }),
    );
    seed(s, { count: 1, lists: [[notificationArgs.menu(), notificationPage([n1], { limit: 5 })]] });
    const { socket } = synced(s, '/messages/t_1');
    socket.serverEmit(NOTIFICATION_EVENT, n3);
    expect(count(s)).toBe(1);
    expect(list(s).notifications[0]).toMatchObject({ _id: 'n_3', isRead: true });
    await vi.waitFor(() => expect(patched).toEqual(['n_3']));
    expect(count(s)).toBe(1);
  });

  it('after a reconnection the count and the lists are asked again; after stop nothing is heard', async () => {
    const s = store();
    let counts = 0;
    server.use(
      http.get('*/api/notification/unread-count', () => {
        counts += 1;
        return HttpResponse.json({ count: 7 });
      }),
    );
    const sub = s.dispatch(api.endpoints.getUnreadNotificationCount.initiate());
    await vi.waitFor(() => expect(count(s)).toBe(7));
    const { socket, stop } = synced(s);
    socket.drop();
    socket.connectNow();
    await vi.waitFor(() => expect(counts).toBe(2));
    stop();
    socket.serverEmit(NOTIFICATION_EVENT, n3);
    expect(count(s)).toBe(7);
    sub.unsubscribe();
  });
});

describe('marking read (endpoint enhancements)', () => {
  it('marks one read at once in every list and the count, and undoes it when the call fails', async () => {
    const s = store();
    seed(s, {
      count: 2,
      lists: [
        [notificationArgs.menu(), notificationPage([n1, n3], { limit: 5 })],
        [notificationArgs.list(), notificationPage([n1, n3])],
      ],
    });
    server.use(http.patch('*/api/notification/n_1/read', () => HttpResponse.json({ ...n1, isRead: true })));
    const done = s.dispatch(api.endpoints.markNotificationRead.initiate({ id: 'n_1' }));
    expect(count(s)).toBe(1);
    expect(list(s).notifications[0].isRead).toBe(true);
    expect(list(s, notificationArgs.list()).unreadCount).toBe(1);
    await done.unwrap();
    expect(count(s)).toBe(1);

    server.use(http.patch('*/api/notification/n_3/read', () => apiError(404, 'Notification not found', 'Not Found')));
    await expect(s.dispatch(api.endpoints.markNotificationRead.initiate({ id: 'n_3' })).unwrap()).rejects.toBeTruthy();
    expect(count(s)).toBe(1);
    expect(list(s).notifications[1]).toMatchObject({ _id: 'n_3', isRead: false });
  });

  it('one no cached list holds: the count is asked again after the call', async () => {
    const s = store();
    seed(s, { count: 3 });
    server.use(
      http.patch('*/api/notification/:id/read', () => HttpResponse.json({ ...n1, isRead: true })),
      http.get('*/api/notification/unread-count', () => HttpResponse.json({ count: 2 })),
    );
    await s.dispatch(api.endpoints.markNotificationRead.initiate({ id: 'n_9' })).unwrap();
    await vi.waitFor(() => expect(count(s)).toBe(2));
  });

  it('marks all read at once, then asks for the lists again', async () => {
    const s = store();
    const sub = s.dispatch(api.endpoints.getNotifications.initiate(notificationArgs.list(1, 10, true)));
    let lists = 0;
    server.use(
      http.get('*/api/notification/get/all', () => {
        lists += 1;
        return HttpResponse.json(lists === 1 ? notificationPage([n1, n3, n2]) : notificationPage([n3, n2, n1].map((n) => ({ ...n, isRead: true }))));
      }),
      http.post('*/api/notification/read-all', () => HttpResponse.json({ marked: 2 })),
    );
    await vi.waitFor(() => expect(lists).toBe(1));
    seed(s, { count: 2 });
    const done = s.dispatch(api.endpoints.markAllNotificationsRead.initiate());
    expect(count(s)).toBe(0);
    expect(list(s, notificationArgs.list(1, 10, true)).notifications.every((n) => n.isRead)).toBe(true);
    await done.unwrap();
    await vi.waitFor(() => expect(lists).toBe(2));
    sub.unsubscribe();
  });
});

describe('saving a preference (endpoint enhancement)', () => {
  it('moves the switch at once, keeps the answer, and undoes it when refused', async () => {
    const s = store();
    s.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getNotificationPreferences', arg: undefined, value: makePreferences() }]));
    const prefs = () => api.endpoints.getNotificationPreferences.select()(s.getState()).data!.preferences;
    const email = (kind: string) => prefs().find((p) => p.kind === kind)?.email;
    server.use(http.put('*/api/notification/preferences', () => HttpResponse.json(makePreferences({ message: true }))));
    const done = s.dispatch(api.endpoints.updateNotificationPreferences.initiate({ updateNotificationPreferencesDto: { preferences: [{ kind: 'message', email: true }] } }));
    expect(email('message')).toBe(true);
    await done.unwrap();
    expect(email('message')).toBe(true);
    expect(email('security')).toBe(true);

    server.use(http.put('*/api/notification/preferences', () => apiError(400, 'kind must be one of: message', 'Bad Request')));
    await expect(
      s.dispatch(api.endpoints.updateNotificationPreferences.initiate({ updateNotificationPreferencesDto: { preferences: [{ kind: 'review', email: true }] } })).unwrap(),
    ).rejects.toBeTruthy();
    expect(email('review')).toBe(false);
  });
});
