import { useCallback } from 'react';
import { useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import type { Notification } from '@/lib/api/notifications';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

/** Marks a notification read as the member opens it (its link does the rest); a failure is not worth a word. */
export function useOpenNotification(): (notification: Notification) => void {
  const [markRead] = useMarkNotificationReadMutation();
  return useCallback(
    (notification: Notification) => {
      if (notification.isRead) return;
      markRead({ id: notification._id })
        .unwrap()
        .catch((error: unknown) => console.warn('Could not mark the notification read', error));
    },
    [markRead],
  );
}

/** Marks one read (the page's button), with a toast when it fails. */
export function useMarkRead(): (notification: Notification) => Promise<void> {
  const dispatch = useAppDispatch();
  const [markRead] = useMarkNotificationReadMutation();
  return useCallback(
    async (notification: Notification) => {
      try {
        await markRead({ id: notification._id }).unwrap();
      } catch (error) {
        dispatch(toast.error('Could not mark the notification read', errorMessage(error)));
      }
    },
    [dispatch, markRead],
  );
}

/** "Mark all as read", with a toast when it fails; `busy` while it runs. */
export function useMarkAllRead(): { markAllRead: () => Promise<void>; busy: boolean } {
  const dispatch = useAppDispatch();
  const [markAll, { isLoading }] = useMarkAllNotificationsReadMutation();
  const markAllRead = useCallback(async () => {
    try {
      await markAll().unwrap();
    } catch (error) {
      dispatch(toast.error('Could not mark your notifications read', errorMessage(error)));
    }
  }, [dispatch, markAll]);
  return { markAllRead, busy: isLoading };
}
