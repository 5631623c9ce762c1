/**
 * A new notification (the socket's `notification` event) applied to the RTK Query cache: on top of
 * every cached first page, the unread count of the header's bell one higher; later pages (whose items
 * shift by one) are asked again. The same notification arriving twice (two deliveries, or one the
 * cache has from a fetch already) changes nothing the second time.
 */
import { api } from '@/lib/api/generated';
import { NOTIFICATION_TAGS, addToFirstPage, cachedNotificationLists, notificationsApi, type Notification } from '@/lib/api/notifications';
import type { AppThunk, RootState } from '@/lib/state/root-reducer';

/** What to do with an arriving notification. */
export type IncomingDecision = 'duplicate' | 'count-unread' | 'mark-read';

/**
 * - one already seen (delivered before, or in a cached list) is a duplicate;
 * - one whose page is on screen (its link is the visible page, e.g. the open conversation of a new
 *   message) is marked read at once rather than counted;
 * - any other is counted unread (a read one is added without counting).
 */
export function classifyIncoming(
  notification: Pick<Notification, 'link'>,
  { known, onScreenPath, visible }: { known: boolean; onScreenPath: string | null; visible: boolean },
): IncomingDecision {
  if (known) return 'duplicate';
  if (visible && onScreenPath !== null && samePath(notification.link, onScreenPath)) return 'mark-read';
  return 'count-unread';
}

/** Two app paths, compared without a trailing slash (the query counts: a search link is its filters). */
function samePath(a: string, b: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+(?=\?|$)/, '') : p);
  return trim(a) === trim(b);
}

/** Whether a cached list holds the notification. */
export function isKnownNotification(state: RootState, id: string): boolean {
  return cachedNotificationLists(state).some(({ list }) => list.notifications.some((n) => n._id === id));
}

/**
 * Adds a notification to the cache: first in every cached first page, counted when unread; the
 * cached later pages are fetched again. The caller has ruled out duplicates.
 */
export function receiveNotification(notification: Notification): AppThunk {
  return (dispatch, getState) => {
    for (const { args } of cachedNotificationLists(getState())) {
      if ((args.page ?? 1) === 1) {
        dispatch(api.util.updateQueryData('getNotifications', args, (draft) => addToFirstPage(draft, notification)));
      } else {
        void dispatch(api.endpoints.getNotifications.initiate(args, { subscribe: false, forceRefetch: true }));
      }
    }
    if (!notification.isRead) {
      dispatch(api.util.updateQueryData('getUnreadNotificationCount', undefined, (draft) => ({ count: draft.count + 1 })));
    }
  };
}

/** After a reconnection: what arrived meanwhile comes with a refetch of the count and the lists. */
export function refetchNotifications(): AppThunk {
  return (dispatch) => {
    dispatch(notificationsApi.util.invalidateTags([NOTIFICATION_TAGS.list, NOTIFICATION_TAGS.count]));
  };
}
