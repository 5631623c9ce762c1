/** Status page texts of the spec (section 2), as the user sees them. */
export const TEXTS = {
  unauthorizedTitle: 'Please log in to access this page',
  unauthorizedSubtitle: 'Unauthorized Access',
  notFoundTitle: "The page or item you're looking for might have been moved or deleted",
  notFoundSubtitle: 'Page not found',
  offlineTitle: 'You are currently offline',
  offlineMessage: 'Please check your internet connection and try again',
  stillOffline: 'Still offline. This page closes by itself once you are back online.',
} as const;
