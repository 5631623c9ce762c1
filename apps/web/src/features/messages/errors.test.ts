import { describe, expect, it } from 'vitest';
import {
  ERROR_CREATING_THREAD,
  ERROR_GETTING_THREADS,
  INVALID_JSON,
  TOO_MANY_REQUESTS,
  createThreadErrorMessage,
  fetchErrorMessage,
  uploadFailedMessage,
} from './errors';

describe('messaging error texts', () => {
  it('429 on a thread or message fetch: "Too many requests, please try again later"', () => {
    expect(fetchErrorMessage({ status: 429, data: { message: 'Too many requests, please try again later' } }, ERROR_GETTING_THREADS)).toBe(
      TOO_MANY_REQUESTS,
    );
    expect(fetchErrorMessage({ status: 'PARSING_ERROR', originalStatus: 429, data: '', error: 'x' }, ERROR_GETTING_THREADS)).toBe(TOO_MANY_REQUESTS);
    expect(createThreadErrorMessage({ status: 429, data: {} })).toBe(TOO_MANY_REQUESTS);
  });

  it('an unparsable reply: "Invalid JSON response"', () => {
    expect(fetchErrorMessage({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' }, ERROR_GETTING_THREADS)).toBe(
      INVALID_JSON,
    );
  });

  it('anything else: the fallback ("Error getting threads", "Error creating thread")', () => {
    expect(fetchErrorMessage({ status: 500, data: { message: 'boom' } }, ERROR_GETTING_THREADS)).toBe(ERROR_GETTING_THREADS);
    expect(fetchErrorMessage({ status: 'FETCH_ERROR', error: 'offline' }, ERROR_GETTING_THREADS)).toBe(ERROR_GETTING_THREADS);
    expect(createThreadErrorMessage({ status: 404, data: { message: 'Listing not found' } })).toBe(ERROR_CREATING_THREAD);
  });

  it('a failed upload: "Upload failed: {status} {text}"', () => {
    expect(uploadFailedMessage({ status: 413, data: { statusCode: 413, message: 'File too large', error: 'Payload Too Large' } })).toBe(
      'Upload failed: 413 File too large',
    );
    expect(uploadFailedMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: 'Bad Gateway', error: 'SyntaxError' })).toBe(
      'Upload failed: 502 Bad Gateway',
    );
    expect(uploadFailedMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('Upload failed: 0 TypeError: Failed to fetch');
  });
});
