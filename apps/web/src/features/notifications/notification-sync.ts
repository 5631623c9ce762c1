/**
 * Follows the socket's `notification` event for the signed-in member: each new notification goes into
 * the cache once (cache-sync.ts), counted unread unless its page is the one on screen (then it is
 * marked read at once); after a reconnection the count and the lists are asked again. Started by the
 * header's bell (use-notification-sync.ts); it listens on the app's one socket.
 */
import '@/lib/api/endpoints';
import { api } from '@/lib/api/generated';
import { isNotification, type Notification } from '@/lib/api/notifications';
import type { Realtime } from '@/lib/realtime/types';
import type { AppDispatch, RootState } from '@/lib/state/root-reducer';
import { classifyIncoming, isKnownNotification, receiveNotification, refetchNotifications } from './cache-sync';

/** The socket event that carries a new notification (to every tab of its member). */
export const NOTIFICATION_EVENT = 'notification';

/** How many delivered notification ids are remembered against duplicate deliveries. */
const SEEN_LIMIT = 500;

export interface NotificationSyncOptions {
  dispatch: AppDispatch;
  getState: () => RootState;
  realtime: Realtime;
  /** The app path on screen ("/messages/t_1"), or null when unknown. */
  onScreenPath: () => string | null;
  /** Whether the page is visible (document.visibilityState by default). */
  isVisible?: () => boolean;
}

/** Starts listening; returns the function that stops. */
export function startNotificationSync(options: NotificationSyncOptions): () => void {
  const { dispatch, getState, realtime, onScreenPath } = options;
  const isVisible = options.isVisible ?? (() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  const seen = new Set<string>();

  const onNotification = (payload: unknown) => {
    if (!isNotification(payload) || !getState().auth.user) return;
    const known = seen.has(payload._id) || isKnownNotification(getState(), payload._id);
    const decision = classifyIncoming(payload, { known, onScreenPath: onScreenPath(), visible: isVisible() });
    if (decision === 'duplicate') return;
    seen.add(payload._id);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
    if (decision === 'mark-read') {
      const read: Notification = { ...payload, isRead: true };
      dispatch(receiveNotification(read));
      void dispatch(api.endpoints.markNotificationRead.initiate({ id: payload._id }));
    } else {
      dispatch(receiveNotification(payload));
    }
  };

  const offs = [realtime.on(NOTIFICATION_EVENT, onNotification), realtime.onReconnect(() => dispatch(refetchNotifications()))];
  // the socket may have connected before this listened: what came meanwhile is asked for
  if (realtime.connected) dispatch(refetchNotifications());
  return () => offs.forEach((off) => off());
}
