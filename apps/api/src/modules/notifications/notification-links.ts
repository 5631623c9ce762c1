import type { NotificationKind } from '@app/domain';

/** Where the web app opens a notification (a path of the app). */
export function notificationLink(kind: string, data: Record<string, unknown>): string {
  const id = (key: string) => (typeof data[key] === 'string' ? encodeURIComponent(data[key]) : null);
  switch (kind as NotificationKind) {
    case 'message':
      return id('threadId') ? `/messages/${id('threadId')}` : '/messages';
    case 'review':
    case 'listing_verified':
      return id('listingId') ? `/listings/${id('listingId')}` : '/my/listings';
    case 'saved_search':
      return typeof data.query === 'string' ? `/listings?${data.query.replace(/^\?/, '')}` : '/saved?tab=search';
    case 'security':
      return '/settings';
    case 'billing':
      return '/billing';
    case 'exports':
      if (id('exportId')) return `/admin/exports/${id('exportId')}`;
      return id('importId') ? `/admin/imports/${id('importId')}` : '/admin';
    case 'verification':
      return '/verification';
    case 'team':
      return '/team';
    case 'aria':
      return id('conversationId') ? `/aria/${id('conversationId')}` : '/aria';
    default:
      return '/notifications';
  }
}
