import { errorStatus, isFetchBaseQueryError, messageFromBody } from '@/lib/api/errors';

/** Spec section 8: create, save and unsave errors show the server's message, else "HTTP error! Status". */
export function listingErrorMessage(error: unknown): string {
  if (isFetchBaseQueryError(error) && 'data' in error) {
    const body = error.data as { message?: unknown; error?: unknown } | undefined;
    const message = messageFromBody(body);
    if (message) return message;
    if (body && typeof body.error === 'string' && body.error.trim()) return body.error;
  }
  const status = errorStatus(error);
  return status === undefined ? 'HTTP error! Status' : `HTTP error! Status ${status}`;
}

export const IMAGE_UPLOAD_ERROR = 'Failed to upload images. Server returned status';
export const DOCUMENT_UPLOAD_ERROR = 'Failed to upload proof documents. Server returned status';

/** "Failed to upload images. Server returned status 413" (0 when there was no answer at all). */
export function uploadErrorText(kind: 'images' | 'documents', status: number): string {
  return `${kind === 'images' ? IMAGE_UPLOAD_ERROR : DOCUMENT_UPLOAD_ERROR} ${status}`;
}
