import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors';

describe('errorMessage', () => {
  it("shows the server's message", () => {
    expect(errorMessage({ status: 409, data: { statusCode: 409, message: 'Email already registered', error: 'Conflict' } })).toBe(
      'Email already registered',
    );
  });

  it('shows the first message of an array', () => {
    expect(errorMessage({ status: 400, data: { statusCode: 400, message: ['first', 'second'], error: 'Bad Request' } })).toBe(
      'first',
    );
  });

  it('falls back to "HTTP error! status: {code}"', () => {
    expect(errorMessage({ status: 502, data: null })).toBe('HTTP error! status: 502');
    expect(errorMessage({ status: 'PARSING_ERROR', originalStatus: 500, data: '<html>', error: 'bad json' })).toBe(
      'HTTP error! status: 500',
    );
  });

  it('explains a network failure', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toMatch(/could not reach the server/i);
  });
});
