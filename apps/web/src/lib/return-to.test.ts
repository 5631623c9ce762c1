import { afterEach, describe, expect, it } from 'vitest';
import { afterLogin, keepForSocialSignIn, loginPath, returnToFromParams, safeNextPath, takeSocialReturnTo } from './return-to';

describe('safeNextPath', () => {
  it('accepts same-origin paths', () => {
    expect(safeNextPath('/listings/abc')).toBe('/listings/abc');
    expect(safeNextPath('/listings?q=house&tag=for+rent')).toBe('/listings?q=house&tag=for+rent');
  });

  it.each([
    null,
    '',
    'listings/abc',
    '//evil.example',
    '//evil.example/listings',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/login?next=/x',
    '/signup',
    '/auth/callback',
    `/${'a'.repeat(600)}`,
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});

describe('return-to', () => {
  afterEach(() => window.sessionStorage.clear());

  it('builds the login address and reads it back, with an intent only from the known ones', () => {
    const path = loginPath('/listings/l_1', 'message');
    expect(path).toBe('/login?next=%2Flistings%2Fl_1&intent=message');
    expect(returnToFromParams(new URLSearchParams(path.split('?')[1]))).toEqual({ next: '/listings/l_1', intent: 'message' });
    expect(returnToFromParams(new URLSearchParams('next=/listings/l_1&intent=delete'))).toEqual({ next: '/listings/l_1', intent: null });
    expect(afterLogin(null)).toEqual({ to: '/dashboard' });
    expect(afterLogin({ next: '/listings/l_1', intent: 'save' })).toEqual({ to: '/listings/l_1', state: { loginIntent: 'save' } });
  });

  it('keeps it across a social sign-in once, validated again when read', () => {
    keepForSocialSignIn({ next: '/listings/l_1', intent: 'save' });
    expect(takeSocialReturnTo()).toEqual({ next: '/listings/l_1', intent: 'save' });
    expect(takeSocialReturnTo()).toBeNull();
    window.sessionStorage.setItem('socialReturnTo', JSON.stringify({ next: '//evil.example', intent: 'save' }));
    expect(takeSocialReturnTo()).toBeNull();
  });
});
