import type Redis from 'ioredis';
import type { Profile } from 'passport';
import { loadConfig } from '../../../common/config/config';
import { readCookie } from './oauth-state.store';
import { SocialAuthService } from './social-auth.service';

const providers = {
  GOOGLE_CLIENT_ID: 'id',
  GOOGLE_CLIENT_SECRET: 'secret',
  FACEBOOK_CLIENT_ID: 'fb-id',
  FACEBOOK_CLIENT_SECRET: 'fb-secret',
};
const service = (appUrl: string) => new SocialAuthService(loadConfig({ APP_URL: appUrl, ...providers }), {} as Redis);

describe('social sign-in state cookie', () => {
  it('is httpOnly, SameSite=Lax, ten minutes, limited to the callback path, Secure on https', () => {
    expect(service('https://tahanan.ph').stateCookieOptions('google')).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/api/auth/google/callback',
      maxAge: 600_000,
    });
    expect(service('http://localhost:5173').stateCookieOptions('facebook')).toMatchObject({
      secure: false,
      path: '/api/auth/facebook/callback',
    });
  });

  it('is read from a Cookie header by exact name', () => {
    expect(readCookie('a=1; tahanan_oauth=n%2Dx; tahanan_oauth2=z', 'tahanan_oauth')).toBe('n-x');
    expect(readCookie('xtahanan_oauth=1', 'tahanan_oauth')).toBeUndefined();
    expect(readCookie(undefined, 'tahanan_oauth')).toBeUndefined();
    expect(readCookie('tahanan_oauth=%E0%A4%A', 'tahanan_oauth')).toBeUndefined();
  });
});

describe('provider profiles', () => {
  const profile = (emails: unknown): Profile =>
    ({ id: 'p1', provider: 'x', displayName: 'A B', name: { givenName: 'A', familyName: 'B' }, emails }) as Profile;
  const s = service('http://localhost:5173');

  it("counts an e-mail as verified only when Google asserts it; Facebook's never", () => {
    expect(s.toSocialProfile('google', profile([{ value: 'a@x.ph', verified: true }])).emailVerified).toBe(true);
    expect(s.toSocialProfile('google', profile([{ value: 'a@x.ph', verified: 'true' }])).emailVerified).toBe(true);
    expect(s.toSocialProfile('google', profile([{ value: 'a@x.ph', verified: false }])).emailVerified).toBe(false);
    expect(s.toSocialProfile('google', profile([{ value: 'a@x.ph' }])).emailVerified).toBe(false);
    expect(s.toSocialProfile('facebook', profile([{ value: 'a@x.ph', verified: true }])).emailVerified).toBe(false);
    expect(s.toSocialProfile('google', profile(undefined))).toMatchObject({ email: undefined, emailVerified: false });
  });
});
