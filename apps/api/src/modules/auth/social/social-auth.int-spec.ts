import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { users } from '@app/db';
import { eq } from 'drizzle-orm';
import { auth, startTestApp, type TestApp } from '../../../../test/test-app';

/** A local server speaking the OAuth 2.0 token and OpenID userinfo protocol the Google strategy uses. */
async function startOAuthProvider() {
  const seen: { tokenRequests: string[]; profileAuth: string[] } = { tokenRequests: [], profileAuth: [] };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/token' && req.method === 'POST') {
        seen.tokenRequests.push(body);
        const code = new URLSearchParams(body).get('code');
        if (code !== 'good-code') {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'local-access-token', token_type: 'Bearer', expires_in: 3600 }));
      } else if (req.url?.startsWith('/userinfo')) {
        // the token arrives as a header or as the access_token query parameter, as OAuth 2.0 allows
        const query = new URL(req.url, 'http://x').searchParams.get('access_token');
        seen.profileAuth.push(req.headers.authorization ?? `Bearer ${query}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            sub: 'google-user-42',
            name: 'Liza Soberano',
            given_name: 'Liza',
            family_name: 'Soberano',
            email: 'liza.social@example.ph',
            email_verified: true,
            picture: 'https://example.ph/liza.png',
          }),
        );
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('social sign-in', () => {
  let provider: Awaited<ReturnType<typeof startOAuthProvider>>;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOAuthProvider();
    t = await startTestApp({
      GOOGLE_CLIENT_ID: 'local-client',
      GOOGLE_CLIENT_SECRET: 'local-secret',
      GOOGLE_AUTH_URL: `${provider.base}/authorize`,
      GOOGLE_TOKEN_URL: `${provider.base}/token`,
      GOOGLE_PROFILE_URL: `${provider.base}/userinfo`,
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('lists only the configured providers, and an unconfigured one is a 404 that says so', async () => {
    const list = await t.http.get('/api/auth/providers').expect(200);
    expect(list.body).toEqual({ providers: ['google'] });
    const fb = await t.http.get('/api/auth/facebook/login').expect(404);
    expect(fb.body.message).toBe('Facebook sign-in is not configured on this server');
    await t.http.get('/api/auth/myspace/login').expect(404);
  });

  it('redirects to the provider, exchanges the code, creates the member and hands the token to the web app', async () => {
    const start = await t.http.get('/api/auth/google/login').expect(302);
    const authorize = new URL(start.headers.location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.base}/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe('local-client');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:5173/api/auth/google/callback');
    const state = authorize.searchParams.get('state');
    expect(state).toBeTruthy();

    const back = await t.http.get(`/api/auth/google/callback?code=good-code&state=${state}`).expect(302);
    expect(provider.seen.profileAuth).toContain('Bearer local-access-token');
    const landing = new URL(back.headers.location);
    expect(`${landing.origin}${landing.pathname}`).toBe('http://localhost:5173/auth/callback');
    const token = new URLSearchParams(landing.hash.slice(1)).get('token')!;
    const me = await t.http.get('/api/current/user').set(auth(token)).expect(200);
    expect(me.body).toMatchObject({
      email: 'liza.social@example.ph',
      firstName: 'Liza',
      lastName: 'Soberano',
      provider: 'google',
      isVerified: true,
    });

    // the same state cannot be replayed
    const replay = await t.http.get(`/api/auth/google/callback?code=good-code&state=${state}`).expect(302);
    expect(replay.headers.location).toMatch(/^http:\/\/localhost:5173\/login\?error=/);
  });

  it('signs the same member in again instead of creating a second account', async () => {
    const start = await t.http.get('/api/auth/google/login').expect(302);
    const state = new URL(start.headers.location).searchParams.get('state');
    const back = await t.http.get(`/api/auth/google/callback?code=good-code&state=${state}`).expect(302);
    const token = new URLSearchParams(new URL(back.headers.location).hash.slice(1)).get('token')!;
    const first = await t.http.get('/api/current/user').set(auth(token)).expect(200);
    expect(first.body.email).toBe('liza.social@example.ph');
    const rows = await t.db.select().from(users).where(eq(users.email, 'liza.social@example.ph'));
    expect(rows).toHaveLength(1);
  });

  it('sends the browser back to the login page when the provider refuses the code', async () => {
    const start = await t.http.get('/api/auth/google/login').expect(302);
    const state = new URL(start.headers.location).searchParams.get('state');
    const back = await t.http.get(`/api/auth/google/callback?code=bad-code&state=${state}`).expect(302);
    expect(back.headers.location).toMatch(/^http:\/\/localhost:5173\/login\?error=/);
  });
});
