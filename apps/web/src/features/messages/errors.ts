/** The messaging error texts (spec section 8) and how a failed call maps to them. */
import { errorMessage, errorStatus, isFetchBaseQueryError, messageFromBody } from '@/lib/api/errors';
import { ERROR_CREATING_THREAD, threadErrorMessage } from '@/lib/api/messaging';

export { ERROR_CREATING_THREAD, ERROR_GETTING_THREADS, INVALID_JSON, TOO_MANY_REQUESTS } from '@/lib/api/messaging';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const USER_NOT_AUTHENTICATED = 'User not authenticated';
export const ERROR_GETTING_MESSAGES = 'Error getting messages';
export const SEND_FAILED = 'Message not sent';

/**
 * A failed thread or message fetch: 429 is "Too many requests, please try again later", an unparsable
 * reply "Invalid JSON response", anything else `fallback` ("Error getting threads", ...).
 */
export const fetchErrorMessage = threadErrorMessage;

/** Creating a thread failed (the listing page's "Check availability"). */
export function createThreadErrorMessage(error: unknown): string {
  return threadErrorMessage(error, ERROR_CREATING_THREAD);
}

/** A send with attachments failed: "Upload failed: {status} {text}". */
export function uploadFailedMessage(error: unknown): string {
  const status = errorStatus(error) ?? 0;
  let text = '';
  if (isFetchBaseQueryError(error)) {
    if ('data' in error) {
      text = messageFromBody(error.data) ?? (typeof error.data === 'string' ? error.data : '');
    }
    if (!text && 'error' in error && typeof error.error === 'string') text = error.error;
  } else if (error instanceof Error) {
    text = error.message;
  }
  return `Upload failed: ${status} ${text || errorMessage(error)}`.trim();
}
