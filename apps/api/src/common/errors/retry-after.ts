import { HttpException, HttpStatus } from '@nestjs/common';

const RETRY_AFTER = Symbol('retryAfterSeconds');

/** Marks an HTTP error so the error filter sends `Retry-After: <seconds>` with it. */
export function withRetryAfter<E extends HttpException>(error: E, seconds: number): E {
  (error as unknown as Record<symbol, number>)[RETRY_AFTER] = Math.max(1, Math.ceil(seconds));
  return error;
}

/** The Retry-After seconds an error was marked with, if any. */
export function retryAfterOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  return (error as Record<symbol, number | undefined>)[RETRY_AFTER];
}

/** A 429 in the API's error shape, saying what to wait for, with Retry-After when the wait is known. */
export function tooManyRequests(message: string, retryAfterSeconds?: number): HttpException {
  const error = new HttpException(
    { statusCode: HttpStatus.TOO_MANY_REQUESTS, message, error: 'Too Many Requests' },
    HttpStatus.TOO_MANY_REQUESTS,
  );
  return retryAfterSeconds === undefined ? error : withRetryAfter(error, retryAfterSeconds);
}
