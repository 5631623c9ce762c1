import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { sessions, users, userTokens } from '@app/db';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Response } from 'supertest';
import { auth, createUser, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../../../test/test-app';

type Json = Record<string, unknown>;

const googleProfile = (overrides: Json = {}): Json => ({
  sub: 'google-user-42',
  name: 'Liza Soberano',
  given_name: 'Liza',
  family_name: 'Soberano',
  email: 'liza.social@example.ph',
  email_verified: true,
  picture: 'https://example.ph/liza.png',
  ...overrides,
});

/**
 * A local server speaking the OAuth 2.0 token protocol, Google's OpenID userinfo and Facebook's Graph
 * `/me`. What each provider answers for the profile is set per test (`profiles.google`/`.facebook`).
 */
async function startOAuthProvider() {
  const seen: { tokenRequests: string[]; profileAuth: string[] } = { tokenRequests: [], profileAuth: [] };
  const profiles: { google: Json; facebook: Json } = {
    google: googleProfile(),
    facebook: { id: 'fb-1', name: 'Dingdong Dantes', first_name: 'Dingdong', last_name: 'Dantes', email: 'dingdong@example.ph' },
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url === '/token' && req.method === 'POST') {
        seen.tokenRequests.push(body);
        const code = new URLSearchParams(body).get('code');
        if (code !== 'good-code') return json(400, { error: 'invalid_grant' });
        return json(200, { access_token: 'local-access-token', token_type: 'Bearer', expires_in: 3600 });
      }
      if (req.url?.startsWith('/userinfo') || req.url?.startsWith('/me')) {
        // the token arrives as a header or as the access_token query parameter, as OAuth 2.0 allows
        const query = new URL(req.url, 'http://x').searchParams.get('access_token');
        seen.profileAuth.push(req.headers.authorization ?? `Bearer ${query}`);
        return json(200, req.url.startsWith('/me') ? profiles.facebook : profiles.google);
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, profiles, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const TAKEOVER_MESSAGE = 'This e-mail already has an account: log in with your password, then connect Google in Settings';
const CODE_TTL_SECONDS = 5;

const setCookies = (res: Response): string[] => {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
};
/** The `name=value` part of the state cookie a response sets (the one limited to the callback path). */
const stateCookieOf = (res: Response): string | undefined =>
  setCookies(res)
    .find((c) => /;\s*Path=\/api\/auth\/\w+\/callback/i.test(c))
    ?.split(';')[0];

describe('social sign-in', () => {
  let provider: Awaited<ReturnType<typeof startOAuthProvider>>;
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    provider = await startOAuthProvider();
    t = await startTestApp({
      GOOGLE_CLIENT_ID: 'local-client',
      GOOGLE_CLIENT_SECRET: 'local-secret',
      GOOGLE_AUTH_URL: `${provider.base}/authorize`,
      GOOGLE_TOKEN_URL: `${provider.base}/token`,
      GOOGLE_PROFILE_URL: `${provider.base}/userinfo`,
      FACEBOOK_CLIENT_ID: 'local-fb-client',
      FACEBOOK_CLIENT_SECRET: 'local-fb-secret',
      FACEBOOK_AUTH_URL: `${provider.base}/fb/authorize`,
      FACEBOOK_TOKEN_URL: `${provider.base}/token`,
      FACEBOOK_PROFILE_URL: `${provider.base}/me`,
      OAUTH_CODE_TTL_SECONDS: String(CODE_TTL_SECONDS),
    });
    redis = new Redis(t.config.redis.url, { keyPrefix: `${t.config.redis.prefix}:` });
  });
  afterAll(async () => {
    await redis.quit();
    await t.close();
    await provider.close();
  });

  /** Starts a sign-in as a browser would: the state from the provider URL and the cookie the API set. */
  async function startLogin(name: 'google' | 'facebook' = 'google') {
    const res = await t.http.get(`/api/auth/${name}/login`).expect(302);
    const authorize = new URL(res.headers.location);
    return { res, authorize, state: authorize.searchParams.get('state')!, cookie: stateCookieOf(res) };
  }

  function callback(name: 'google' | 'facebook', state: string, cookie: string | undefined, code = 'good-code') {
    const req = t.http.get(`/api/auth/${name}/callback?code=${code}&state=${encodeURIComponent(state)}`);
    if (cookie) req.set('Cookie', cookie);
    return req.expect(302);
  }

  /** The whole browser round trip; answers the URL the API finally sends the browser to. */
  async function signIn(name: 'google' | 'facebook' = 'google'): Promise<URL> {
    const { state, cookie } = await startLogin(name);
    const back = await callback(name, state, cookie);
    return new URL(back.headers.location);
  }

  const codeOf = (landing: URL) => new URLSearchParams(landing.hash.slice(1)).get('code');
  const errorOf = (landing: URL) => landing.searchParams.get('error');

  async function exchange(landing: URL) {
    expect(`${landing.origin}${landing.pathname}`).toBe('http://localhost:5173/auth/callback');
    const code = codeOf(landing);
    expect(code).toBeTruthy();
    const res = await t.http.post('/api/auth/exchange').send({ code }).expect(200);
    return res.body as { token: string; user: { _id: string; email: string } };
  }

  async function identitiesOf(userId: string) {
    const result = await t.db.execute(
      sql`select provider, provider_id, email from user_identities where user_id = ${userId} order by provider`,
    );
    return (result as unknown as { rows: { provider: string; provider_id: string; email: string | null }[] }).rows;
  }

  async function sessionCount(userId: string) {
    return (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  }

  const usersWithEmail = (email: string) => t.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

  describe('login', () => {
    it('lists the configured providers; an unknown one is a 404', async () => {
      const list = await t.http.get('/api/auth/providers').expect(200);
      expect(list.body).toEqual({ providers: ['google', 'facebook'] });
      await t.http.get('/api/auth/myspace/login').expect(404);
    });

    it('binds the state to an httpOnly, SameSite=Lax cookie limited to the callback path', async () => {
      const { res, authorize, state } = await startLogin();
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.base}/authorize`);
      expect(authorize.searchParams.get('client_id')).toBe('local-client');
      expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:5173/api/auth/google/callback');
      expect(state).toBeTruthy();
      const cookie = setCookies(res).find((c) => /Path=\/api\/auth\/google\/callback/i.test(c));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Max-Age=600\b/i);
      expect(cookie).not.toMatch(/;\s*Secure/i); // APP_URL is plain http here
      // the cookie holds a random nonce, not the state itself
      expect(cookie!.split(';')[0]).not.toContain(state);
    });

    it('creates the member and hands the web app a single-use code, never the token', async () => {
      provider.profiles.google = googleProfile();
      const { state, cookie } = await startLogin();
      const back = await callback('google', state, cookie);
      expect(provider.seen.profileAuth).toContain('Bearer local-access-token');
      // the callback clears the state cookie
      expect(setCookies(back).some((c) => /Path=\/api\/auth\/google\/callback/i.test(c) && /Expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
      const landing = new URL(back.headers.location);
      expect(back.headers.location).not.toMatch(/token=/);

      const session = await exchange(landing);
      expect(session.user).toMatchObject({ email: 'liza.social@example.ph', provider: 'google', isVerified: true });
      const me = await t.http.get('/api/current/user').set(auth(session.token)).expect(200);
      expect(me.body).toMatchObject({ email: 'liza.social@example.ph', firstName: 'Liza', lastName: 'Soberano', provider: 'google' });
      expect(await identitiesOf(session.user._id)).toEqual([
        { provider: 'google', provider_id: 'google-user-42', email: 'liza.social@example.ph' },
      ]);

      // the code is single-use
      const again = await t.http.post('/api/auth/exchange').send({ code: codeOf(landing) }).expect(400);
      expect(again.body.message).toBe('This sign-in code is invalid, expired or already used; sign in again');
      // and the same state cannot be replayed
      const replay = await callback('google', state, cookie);
      expect(errorOf(new URL(replay.headers.location))).toBeTruthy();
    });

    it('signs the same member in again instead of creating a second account', async () => {
      provider.profiles.google = googleProfile();
      const first = await exchange(await signIn());
      const second = await exchange(await signIn());
      expect(second.user._id).toBe(first.user._id);
      expect(await usersWithEmail('liza.social@example.ph')).toHaveLength(1);
    });

    it('refuses the callback without the state cookie, before exchanging the code', async () => {
      const { state } = await startLogin();
      const before = provider.seen.tokenRequests.length;
      const back = await callback('google', state, undefined);
      const landing = new URL(back.headers.location);
      expect(`${landing.origin}${landing.pathname}`).toBe('http://localhost:5173/login');
      expect(errorOf(landing)).toBe('This sign-in was not started in this browser or has expired; please try again');
      expect(codeOf(landing)).toBeNull();
      expect(provider.seen.tokenRequests.length).toBe(before);
    });

    it("refuses the callback with another flow's cookie or a forged one", async () => {
      const victim = await startLogin();
      const attacker = await startLogin();
      const before = provider.seen.tokenRequests.length;
      // the attacker's state (and code) with the victim's browser cookie
      const crossed = await callback('google', attacker.state, victim.cookie);
      expect(errorOf(new URL(crossed.headers.location))).toBe(
        'This sign-in was not started in this browser or has expired; please try again',
      );
      const forged = await callback('google', victim.state, `${victim.cookie!.split('=')[0]}=forged-nonce`);
      expect(errorOf(new URL(forged.headers.location))).toBeTruthy();
      expect(provider.seen.tokenRequests.length).toBe(before);
    });

    it('sends the browser back to the login page when the provider refuses the code', async () => {
      const { state, cookie } = await startLogin();
      const back = await callback('google', state, cookie, 'bad-code');
      expect(back.headers.location).toMatch(/^http:\/\/localhost:5173\/login\?error=/);
    });
  });

  describe('accounts that already exist', () => {
    it('refuses a provider e-mail that is not verified for an existing account: no session, no second account', async () => {
      const email = uniqueEmail('victim');
      const victim = await createUser(t, { email, isVerified: true });
      const sessionsBefore = await sessionCount(victim.user._id);
      provider.profiles.google = googleProfile({ sub: 'attacker-google-1', email, email_verified: false });

      const landing = await signIn();

      expect(`${landing.origin}${landing.pathname}`).toBe('http://localhost:5173/login');
      expect(errorOf(landing)).toBe(TAKEOVER_MESSAGE);
      expect(codeOf(landing)).toBeNull();
      expect(landing.hash).toBe('');
      expect(await sessionCount(victim.user._id)).toBe(sessionsBefore);
      expect(await usersWithEmail(email)).toHaveLength(1);
      expect(await identitiesOf(victim.user._id)).toEqual([]);
    });

    it('refuses Facebook, which does not assert that an e-mail is verified, for an existing account', async () => {
      const email = uniqueEmail('fbvictim');
      const victim = await createUser(t, { email, isVerified: true });
      provider.profiles.facebook = { id: 'fb-attacker', first_name: 'Mallory', last_name: 'X', email };
      const landing = await signIn('facebook');
      expect(errorOf(landing)).toBe(
        'This e-mail already has an account: log in with your password, then connect Facebook in Settings',
      );
      expect(await usersWithEmail(email)).toHaveLength(1);
      expect(await identitiesOf(victim.user._id)).toEqual([]);
    });

    it('refuses a verified provider e-mail when the existing account never confirmed it', async () => {
      // someone may have registered this address without owning it: its password must not survive a link
      const email = uniqueEmail('unconfirmed');
      const existing = await createUser(t, { email, isVerified: false });
      provider.profiles.google = googleProfile({ sub: 'google-unconfirmed', email, email_verified: true });
      const landing = await signIn();
      expect(errorOf(landing)).toBe(TAKEOVER_MESSAGE);
      expect(await identitiesOf(existing.user._id)).toEqual([]);
    });

    it('links a provider identity whose e-mail the provider verified, and keeps it when the e-mail changes', async () => {
      const email = uniqueEmail('linked');
      const member = await createUser(t, { email, isVerified: true });
      provider.profiles.google = googleProfile({ sub: 'google-linked-1', email: email.toUpperCase(), email_verified: true });

      const session = await exchange(await signIn());
      expect(session.user._id).toBe(member.user._id);
      const [row] = await usersWithEmail(email);
      expect(row.provider).toBe('local'); // how the account was created
      expect(await identitiesOf(member.user._id)).toEqual([
        { provider: 'google', provider_id: 'google-linked-1', email: email.toUpperCase() },
      ]);

      provider.profiles.google = googleProfile({ sub: 'google-linked-1', email: 'changed@example.ph', email_verified: false });
      const later = await exchange(await signIn());
      expect(later.user._id).toBe(member.user._id);
    });

    it('drops an identity the provider never vouched for once the e-mail owner resets the password (no pre-hijack)', async () => {
      // someone signs up through Facebook with an address they do not own: an unverified account
      const email = uniqueEmail('prehijack');
      provider.profiles.facebook = { id: 'fb-squatter', first_name: 'Mallory', last_name: 'X', email };
      const squatter = await exchange(await signIn('facebook'));
      expect(squatter.user).toMatchObject({ email, isVerified: false });
      // the real owner of the address uses "Forgot password" (the link only reaches their inbox)
      const token = `prehijack-${Date.now()}`;
      await t.db.insert(userTokens).values({
        userId: squatter.user._id,
        purpose: 'reset_password',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        expiresAt: new Date(Date.now() + 3600_000),
      });
      await t.http.post('/api/user/reset-password').send({ token, newPassword: 'owner-new-password-1' }).expect(200);
      // the address is now proven, and the squatter's Facebook identity no longer opens the account
      const [row] = await usersWithEmail(email);
      expect(row.isVerified).toBe(true);
      expect(await identitiesOf(squatter.user._id)).toEqual([]);
      const landing = await signIn('facebook');
      expect(codeOf(landing)).toBeNull();
      expect(errorOf(landing)).toMatch(/This e-mail already has an account/);
      await t.http.post('/api/user/login').send({ email, password: 'owner-new-password-1' }).expect(200);
    });

    it('creates an unverified account from a profile whose e-mail the provider does not vouch for', async () => {
      const email = uniqueEmail('fbnew');
      provider.profiles.facebook = { id: 'fb-new-1', first_name: 'Maja', last_name: 'Salvador', email };
      const session = await exchange(await signIn('facebook'));
      expect(session.user).toMatchObject({ email, provider: 'facebook', isVerified: false });
      expect(await identitiesOf(session.user._id)).toEqual([{ provider: 'facebook', provider_id: 'fb-new-1', email }]);
    });
  });

  describe('the sign-in code', () => {
    it('is refused when bogus or missing', async () => {
      const bogus = await t.http.post('/api/auth/exchange').send({ code: 'A'.repeat(43) }).expect(400);
      expect(bogus.body).toMatchObject({
        statusCode: 400,
        message: 'This sign-in code is invalid, expired or already used; sign in again',
      });
      const missing = await t.http.post('/api/auth/exchange').send({}).expect(400);
      expect(JSON.stringify(missing.body.message)).toMatch(/code/);
    });

    it('expires within its time to live', async () => {
      provider.profiles.google = googleProfile();
      const landing = await signIn();
      const code = codeOf(landing);
      expect(code).toBeTruthy();
      const keys = await redis.keys(`${t.config.redis.prefix}:oauth-code:*`);
      expect(keys.length).toBeGreaterThan(0);
      const local = keys.map((k) => k.slice(t.config.redis.prefix.length + 1));
      const ttls = await Promise.all(local.map((k) => redis.pttl(k)));
      expect(Math.max(...ttls)).toBeLessThanOrEqual(CODE_TTL_SECONDS * 1000);
      // wait until Redis has dropped every code, then the code is refused
      const deadline = Date.now() + (CODE_TTL_SECONDS + 5) * 1000;
      while ((await redis.exists(...local)) > 0) {
        if (Date.now() > deadline) throw new Error('the sign-in code never expired');
        await new Promise((r) => setTimeout(r, 200));
      }
      await t.http.post('/api/auth/exchange').send({ code }).expect(400);
    }, 20_000);
  });

  describe('connecting and disconnecting providers', () => {
    async function connect(token: string, name: 'google' | 'facebook' = 'google', cookie?: 'keep' | 'drop') {
      const start = await t.http.post(`/api/auth/${name}/connect`).set(auth(token)).expect(200);
      const url = new URL(start.body.url);
      const state = url.searchParams.get('state')!;
      const back = await callback(name, state, cookie === 'drop' ? undefined : stateCookieOf(start));
      return new URL(back.headers.location);
    }

    it('connects Google to a signed-in member, lists it, and Google then signs that member in', async () => {
      const member = await createUser(t, { email: uniqueEmail('connect'), isVerified: true });
      const before = await t.http.get('/api/auth/identities').set(auth(member.token)).expect(200);
      expect(before.body).toEqual({ hasPassword: true, identities: [] });

      provider.profiles.google = googleProfile({ sub: 'google-connect-1', email: 'someone.else@gmail.com', email_verified: true });
      const landing = await connect(member.token);
      expect(`${landing.origin}${landing.pathname}`).toBe('http://localhost:5173/settings');
      expect(landing.searchParams.get('tab')).toBe('connections');
      expect(landing.searchParams.get('connected')).toBe('google');
      expect(landing.hash).toBe('');

      const after = await t.http.get('/api/auth/identities').set(auth(member.token)).expect(200);
      expect(after.body).toEqual({
        hasPassword: true,
        identities: [{ provider: 'google', email: 'someone.else@gmail.com', connectedAt: expect.any(String) }],
      });
      const session = await exchange(await signIn());
      expect(session.user._id).toBe(member.user._id);
    });

    it('needs a signed-in member, and the browser that asked', async () => {
      await t.http.post('/api/auth/google/connect').expect(401);
      const member = await createUser(t, { email: uniqueEmail('nocookie'), isVerified: true });
      provider.profiles.google = googleProfile({ sub: 'google-nocookie', email: 'nocookie@gmail.com' });
      const landing = await connect(member.token, 'google', 'drop');
      expect(`${landing.origin}${landing.pathname}`).toBe('http://localhost:5173/settings');
      expect(landing.searchParams.get('error')).toBe('This sign-in was not started in this browser or has expired; please try again');
      expect(await identitiesOf(member.user._id)).toEqual([]);
    });

    it('refuses a provider identity that already belongs to another account', async () => {
      provider.profiles.google = googleProfile({ sub: 'google-owned', email: uniqueEmail('owner') });
      const owner = await exchange(await signIn());
      const other = await createUser(t, { email: uniqueEmail('other'), isVerified: true });
      const landing = await connect(other.token);
      expect(landing.searchParams.get('error')).toBe('This Google account is already connected to another Tahanan account');
      expect(await identitiesOf(other.user._id)).toEqual([]);
      expect((await identitiesOf(owner.user._id)).map((i) => i.provider_id)).toEqual(['google-owned']);
    });

    it('refuses a second Google account for a member who already has one', async () => {
      const member = await createUser(t, { email: uniqueEmail('twice'), isVerified: true });
      provider.profiles.google = googleProfile({ sub: 'google-first', email: 'first@gmail.com' });
      expect((await connect(member.token)).searchParams.get('connected')).toBe('google');
      provider.profiles.google = googleProfile({ sub: 'google-second', email: 'second@gmail.com' });
      const landing = await connect(member.token);
      expect(landing.searchParams.get('error')).toBe(
        'Your account is already connected to another Google account; disconnect it first',
      );
      expect((await identitiesOf(member.user._id)).map((i) => i.provider_id)).toEqual(['google-first']);
    });

    it('disconnects a provider, but never the last way to log in', async () => {
      const email = uniqueEmail('solo');
      provider.profiles.google = googleProfile({ sub: 'google-solo', email, email_verified: true });
      const solo = await exchange(await signIn());
      const listed = await t.http.get('/api/auth/identities').set(auth(solo.token)).expect(200);
      expect(listed.body.hasPassword).toBe(false);

      const refused = await t.http.delete('/api/auth/identities/google').set(auth(solo.token)).expect(409);
      expect(refused.body).toMatchObject({
        statusCode: 409,
        message:
          'Google is your only way to log in: set a password ("Forgot password" on the login page) or connect another provider first',
      });
      expect(await identitiesOf(solo.user._id)).toHaveLength(1);

      provider.profiles.facebook = { id: 'fb-solo', first_name: 'Solo', last_name: 'Member', email };
      expect((await connect(solo.token, 'facebook')).searchParams.get('connected')).toBe('facebook');
      const ok = await t.http.delete('/api/auth/identities/google').set(auth(solo.token)).expect(200);
      expect(ok.body).toEqual({ message: 'Google disconnected' });
      expect((await identitiesOf(solo.user._id)).map((i) => i.provider)).toEqual(['facebook']);
      await t.http.delete('/api/auth/identities/facebook').set(auth(solo.token)).expect(409);
      const missing = await t.http.delete('/api/auth/identities/google').set(auth(solo.token)).expect(404);
      expect(missing.body.message).toBe('Your account is not connected to Google');
      await t.http.delete('/api/auth/identities/myspace').set(auth(solo.token)).expect(404);
    });

    it('lets a member with a password disconnect their only provider', async () => {
      const member = await createUser(t, { email: uniqueEmail('haspw'), isVerified: true });
      provider.profiles.google = googleProfile({ sub: 'google-haspw', email: 'haspw@gmail.com' });
      await connect(member.token);
      await t.http.delete('/api/auth/identities/google').set(auth(member.token)).expect(200);
      expect(await identitiesOf(member.user._id)).toEqual([]);
      // password login still works
      await t.http.post('/api/user/login').send({ email: member.user.email, password: PASSWORD }).expect(200);
    });
  });
});

describe('social sign-in without providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists none, and every provider route is a 404 that says so', async () => {
    expect((await t.http.get('/api/auth/providers').expect(200)).body).toEqual({ providers: [] });
    const fb = await t.http.get('/api/auth/facebook/login').expect(404);
    expect(fb.body.message).toBe('Facebook sign-in is not configured on this server');
    const member = await createUser(t);
    const connect = await t.http.post('/api/auth/google/connect').set(auth(member.token)).expect(404);
    expect(connect.body.message).toBe('Google sign-in is not configured on this server');
  });
});
