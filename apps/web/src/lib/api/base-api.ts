import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Data cache constants of the spec (section 9). */
export const CACHE_SECONDS = 5 * 60;
export const MAX_RETRIES = 3;
export const RETRY_BASE_MS = 1000;
export const RETRY_CAP_MS = 30000;

export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_CAP_MS);
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '', // generated paths already carry the /api prefix
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { auth?: { token?: string | null } }).auth?.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Retries network failures and 5xx answers only; a 4xx is the caller's to handle. */
const retryingBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = retry(
  async (args, api, extraOptions) => {
    const result = await rawBaseQuery(args, api, extraOptions);
    const error = result.error;
    // a 4xx is final, whether or not its body was JSON (PARSING_ERROR carries the HTTP status)
    const status = error && error.status === 'PARSING_ERROR' ? error.originalStatus : error?.status;
    if (error && typeof status === 'number' && status < 500) {
      retry.fail(result.error, result.meta);
    }
    return result;
  },
  {
    maxRetries: MAX_RETRIES,
    backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt))),
  },
);

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: retryingBaseQuery,
  keepUnusedDataFor: CACHE_SECONDS,
  tagTypes: ['User', 'CurrentUser'],
  endpoints: () => ({}),
});
