/**
 * Notification endpoints: stable names for the generated DTOs, argument builders, the rules of the
 * cached lists (pure functions) and precise cache tags.
 *
 * The codegen gives every notification endpoint the one tag "notification": marking one read would
 * refetch every list, the count and the preferences, and saving a preference would refetch the lists.
 * The overrides below mark read in the cache at once (undone if the call fails), and saving a
 * preference keeps the answer; a new notification arriving over the socket is added by
 * features/notifications/cache-sync.ts. Imported for its side effect by endpoints.ts.
 */
import { PAGINATION } from '@app/domain';
import {
  api,
  type GetNotificationsApiArg,
  type NotificationDto,
  type NotificationListDto,
  type NotificationPreferenceViewDto,
  type NotificationPreferencesDto,
} from './generated';

export type Notification = NotificationDto;
export type NotificationList = NotificationListDto;
export type NotificationKind = NotificationDto['type'];
export type NotificationPreference = NotificationPreferenceViewDto;
export type NotificationPreferences = NotificationPreferencesDto;

/** The spec's page-size choices (5 and 10), 10 by default. */
export const NOTIFICATION_PAGE_SIZES = PAGINATION.pageSizeChoices as readonly number[];
export const NOTIFICATION_PAGE_SIZE = PAGINATION.defaultLimit;
/** How many the header's menu shows (a page of 5 newest first: the page at 5 a page shares it). */
export const NOTIFICATION_MENU_SIZE = 5;

/** Every screen builds the same arguments, so equal lists share one cache entry. */
export const notificationArgs = {
  list: (page = 1, limit: number = NOTIFICATION_PAGE_SIZE, unreadFirst = false): Required<GetNotificationsApiArg> => ({ page, limit, unreadFirst }),
  menu: (): Required<GetNotificationsApiArg> => ({ page: 1, limit: NOTIFICATION_MENU_SIZE, unreadFirst: false }),
};

/** Whether a socket payload is a notification (the `notification` event carries a NotificationDto). */
export function isNotification(value: unknown): value is Notification {
  const n = value as Partial<Notification> | null;
  return (
    !!n &&
    typeof n === 'object' &&
    typeof n._id === 'string' &&
    typeof n.title === 'string' &&
    typeof n.link === 'string' &&
    typeof n.createdAt === 'string' &&
    typeof n.isRead === 'boolean'
  );
}

/**
 * A first page with a new notification on top (newest first; unread first too, as it is unread):
 * the last one drops off a full page, the totals grow. Unchanged when the page holds it already.
 */
export function addToFirstPage(list: NotificationList, notification: Notification): NotificationList {
  if (list.notifications.some((n) => n._id === notification._id)) return list;
  const limit = list.pagination.itemsPerPage;
  const notifications = [notification, ...list.notifications].slice(0, limit > 0 ? limit : undefined);
  const totalItems = list.pagination.totalItems + 1;
  return {
    notifications,
    unreadCount: list.unreadCount + (notification.isRead ? 0 : 1),
    pagination: {
      ...list.pagination,
      totalItems,
      itemsOnPage: notifications.length,
      totalPages: limit > 0 ? Math.ceil(totalItems / limit) : list.pagination.totalPages,
    },
  };
}

/** A list with one notification read (and its unread count lower when it was unread there). */
export function markReadInList(list: NotificationList, id: string): NotificationList {
  const target = list.notifications.find((n) => n._id === id);
  if (!target || target.isRead) return list;
  return {
    ...list,
    notifications: list.notifications.map((n) => (n._id === id ? { ...n, isRead: true } : n)),
    unreadCount: Math.max(0, list.unreadCount - 1),
  };
}

/** A list with everything read. */
export function markAllReadInList(list: NotificationList): NotificationList {
  return { ...list, notifications: list.notifications.map((n) => (n.isRead ? n : { ...n, isRead: true })), unreadCount: 0 };
}

/** Preferences with the e-mail choice of one kind changed. */
export function withEmailChoice(preferences: NotificationPreferences, kind: NotificationKind, email: boolean): NotificationPreferences {
  return { preferences: preferences.preferences.map((p) => (p.kind === kind ? { ...p, email } : p)) };
}

type State = Parameters<typeof api.util.selectCachedArgsForQuery>[0];
type Patch = { undo: () => void };

/** The cached notification lists, with their arguments. */
export function cachedNotificationLists(state: State): { args: GetNotificationsApiArg; list: NotificationList }[] {
  return api.util
    .selectCachedArgsForQuery(state, 'getNotifications')
    .map((args) => ({ args, list: api.endpoints.getNotifications.select(args)(state).data }))
    .filter((entry): entry is { args: GetNotificationsApiArg; list: NotificationList } => !!entry.list);
}

const LIST = 'Notification';
const COUNT = 'NotificationCount';
const PREFERENCES = 'NotificationPreferences';

export const notificationsApi = api.enhanceEndpoints({
  addTagTypes: [LIST, COUNT, PREFERENCES],
  endpoints: {
    getNotifications: { providesTags: [LIST] },
    getUnreadNotificationCount: { providesTags: [COUNT] },
    getNotificationPreferences: { providesTags: [PREFERENCES] },

    // read at once in every cached list and in the count; the count is asked again only when no
    // cached list told whether it was unread
    markNotificationRead: {
      invalidatesTags: [],
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const lists = cachedNotificationLists(getState() as State);
        const known = lists.flatMap(({ list }) => list.notifications).find((n) => n._id === id);
        const patches: Patch[] = lists.map(({ args }) =>
          dispatch(api.util.updateQueryData('getNotifications', args, (draft) => markReadInList(draft, id))),
        );
        if (known && !known.isRead) {
          patches.push(dispatch(api.util.updateQueryData('getUnreadNotificationCount', undefined, (draft) => ({ count: Math.max(0, draft.count - 1) }))));
        }
        try {
          await queryFulfilled;
          if (!known) void dispatch(api.endpoints.getUnreadNotificationCount.initiate(undefined, { subscribe: false, forceRefetch: true }));
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
    },
    // read at once everywhere; the lists are asked again afterwards (an unread-first list reorders)
    markAllNotificationsRead: {
      invalidatesTags: (result) => (result ? [LIST] : []),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const patches: Patch[] = cachedNotificationLists(getState() as State).map(({ args }) =>
          dispatch(api.util.updateQueryData('getNotifications', args, markAllReadInList)),
        );
        patches.push(dispatch(api.util.updateQueryData('getUnreadNotificationCount', undefined, () => ({ count: 0 }))));
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
    },
    // the switch moves at once; the answer (every kind) replaces the cached preferences
    updateNotificationPreferences: {
      invalidatesTags: [],
      async onQueryStarted({ updateNotificationPreferencesDto }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          api.util.updateQueryData('getNotificationPreferences', undefined, (draft) =>
            updateNotificationPreferencesDto.preferences.reduce((prefs, { kind, email }) => withEmailChoice(prefs, kind, email), draft),
          ),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(api.util.upsertQueryData('getNotificationPreferences', undefined, data));
        } catch {
          patch.undo();
        }
      },
    },
  },
});

export const NOTIFICATION_TAGS = { list: LIST, count: COUNT, preferences: PREFERENCES } as const;
