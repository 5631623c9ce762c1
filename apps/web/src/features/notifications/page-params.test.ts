import { describe, expect, it } from 'vitest';
import { notificationParams, readNotificationParams } from './page-params';

describe('the notifications page address', () => {
  it('reads page, page size (5 or 10) and unread-first, anything else being the default', () => {
    expect(readNotificationParams(new URLSearchParams(''))).toEqual({ page: 1, limit: 10, unreadFirst: false });
    expect(readNotificationParams(new URLSearchParams('page=3&limit=5&unreadFirst=true'))).toEqual({ page: 3, limit: 5, unreadFirst: true });
    expect(readNotificationParams(new URLSearchParams('page=0&limit=50&unreadFirst=yes'))).toEqual({ page: 1, limit: 10, unreadFirst: false });
    expect(readNotificationParams(new URLSearchParams('page=2.5&limit=abc'))).toEqual({ page: 1, limit: 10, unreadFirst: false });
  });

  it('writes only what differs from the default', () => {
    expect(notificationParams({ page: 1, limit: 10, unreadFirst: false })).toEqual({});
    expect(notificationParams({ page: 2, limit: 5, unreadFirst: true })).toEqual({ page: '2', limit: '5', unreadFirst: 'true' });
  });
});
