import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Stand-in for the HTTP API in web unit tests; tests add their own handlers with server.use(). */
export const defaultHandlers = [
  http.get('*/api/health', () => HttpResponse.json({ status: 'ok', database: 'up', redis: 'up' })),
  http.get('*/api/auth/providers', () => HttpResponse.json({ providers: [] })),
  // the header's unread-messages badge asks on every signed-in page
  http.get('*/api/threads/unread-count', () => HttpResponse.json({ count: 0 })),
  // and the notification bell
  http.get('*/api/notification/unread-count', () => HttpResponse.json({ count: 0 })),
  // the dashboard asks for the totals of the member's listings
  http.post('*/api/listing/dashboard', () => HttpResponse.json({ totalListings: 0, totalViews: 0, totalSaved: 0, totalInquiries: 0 })),
  // the dashboard's recent activity, and the member's saved items (the dashboard's pinned items, every pin button)
  http.get('*/api/activity/user', () =>
    HttpResponse.json({ activities: [], pagination: { currentPage: 1, itemsOnPage: 0, totalPages: 0, totalItems: 0, itemsPerPage: 5 } }),
  ),
  http.post('*/api/user/get/save/items', () => HttpResponse.json({ items: [] })),
  // the search page's map asks for the matches in its view
  http.post('*/api/listing/clusters', () =>
    HttpResponse.json({ total: 0, approximate: false, level: 0, box: { north: 0, south: 0, east: 0, west: 0 }, clusters: [], pins: [], extent: null }),
  ),
];

export const server = setupServer(...defaultHandlers);

export function apiError(statusCode: number, message: string | string[], error = 'Error') {
  return HttpResponse.json({ statusCode, message, error }, { status: statusCode });
}
