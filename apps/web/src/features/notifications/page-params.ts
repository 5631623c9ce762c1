import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZES } from '@/lib/api/notifications';

export interface NotificationPageParams {
  page: number;
  limit: number;
  unreadFirst: boolean;
}

/** The page's state from its address (?page=2&limit=5&unreadFirst=true); anything unreadable is the default. */
export function readNotificationParams(params: URLSearchParams): NotificationPageParams {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: NOTIFICATION_PAGE_SIZES.includes(limit) ? limit : NOTIFICATION_PAGE_SIZE,
    unreadFirst: params.get('unreadFirst') === 'true',
  };
}

/** The address of a state: defaults are left out (the first page of 10, newest first is plain /notifications). */
export function notificationParams({ page, limit, unreadFirst }: NotificationPageParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (page !== 1) out.page = String(page);
  if (limit !== NOTIFICATION_PAGE_SIZE) out.limit = String(limit);
  if (unreadFirst) out.unreadFirst = 'true';
  return out;
}
