import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The server's `message` (a string, or the first of an array) from a JSON error body. */
export function messageFromBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message)) {
    const first = message.find((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (first) return first;
  }
  return undefined;
}

export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** HTTP status of an RTK Query error, when there is one. */
export function errorStatus(error: unknown): number | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return undefined;
}

/**
 * Text to show for a failed call: the server's message, else "HTTP error! status: {code}".
 * Network failures (no HTTP status) get a plain sentence.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!error) return fallback;
  if (isFetchBaseQueryError(error)) {
    const fromBody = 'data' in error ? messageFromBody(error.data) : undefined;
    if (fromBody) return fromBody;
    const status = errorStatus(error);
    if (status !== undefined) return `HTTP error! status: ${status}`;
    if (error.status === 'FETCH_ERROR') return 'Could not reach the server. Check your connection and try again.';
    if (error.status === 'TIMEOUT_ERROR') return 'The server took too long to answer. Please try again.';
    return 'error' in error && error.error ? error.error : fallback;
  }
  const serialized = error as SerializedError;
  if (typeof serialized === 'object' && typeof serialized.message === 'string' && serialized.message) {
    return serialized.message;
  }
  return fallback;
}
