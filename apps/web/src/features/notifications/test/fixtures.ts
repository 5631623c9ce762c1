import type { Notification, NotificationList, NotificationPreferences } from '@/lib/api/notifications';
import { makePagination } from '@/test/fixtures';

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    _id: 'n_1',
    type: 'message',
    title: 'New message from Ben Cruz',
    body: 'Is the house still available?',
    data: { threadId: 't_1' },
    link: '/messages/t_1',
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A page of notifications as GET /notification/get/all answers. */
export function notificationPage(
  notifications: Notification[],
  { total = notifications.length, limit = 10, page = 1, unread }: { total?: number; limit?: number; page?: number; unread?: number } = {},
): NotificationList {
  return {
    notifications,
    pagination: makePagination(total, notifications.length, limit, page),
    unreadCount: unread ?? notifications.filter((n) => !n.isRead).length,
  };
}

export function makePreferences(email: Partial<Record<Notification['type'], boolean>> = {}): NotificationPreferences {
  const labels: [Notification['type'], string][] = [
    ['message', 'New messages'],
    ['review', 'Reviews of my listings'],
    ['listing_verified', 'My listing verified'],
    ['saved_search', 'New matches for my saved searches'],
    ['security', 'Security: password, sign-in methods, role'],
  ];
  return { preferences: labels.map(([kind, label]) => ({ kind, label, inApp: true, email: email[kind] ?? kind === 'security' })) };
}
