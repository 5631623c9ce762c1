#!/usr/bin/env node
// A small OAuth 2.0 / OpenID provider for the end-to-end tests, speaking the part of Google's protocol
// passport uses. Its consent step approves at once: `/authorize` sends the browser straight back to the
// redirect_uri with `code=good-code&state=<state>`. `/token` trades good-code for an access token,
// `/userinfo` answers the current profile, and `POST /profile` (JSON) sets the profile the next sign-in
// gets. It listens on 127.0.0.1 only and sends browsers back to 127.0.0.1/localhost only.
// scripts/e2e-server.mjs starts it in-process; `node scripts/e2e-oauth-provider.mjs [port]` runs it alone.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

export const E2E_OAUTH_CLIENT = { id: 'e2e-client', secret: 'e2e-secret' };
const GOOD_CODE = 'good-code';
const ACCESS_TOKEN = 'e2e-access-token';
const MAX_BODY_BYTES = 16 * 1024;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const DEFAULT_PROFILE = {
  sub: 'e2e-google-1',
  name: 'Bea Alonzo',
  given_name: 'Bea',
  family_name: 'Alonzo',
  email: 'bea.e2e@example.ph',
  email_verified: true,
};

/** Starts the provider on host:port (port 0 picks a free one); resolves once it listens. */
export function startE2eOAuthProvider({ port = 3101, host = '127.0.0.1' } = {}) {
  let profile = { ...DEFAULT_PROFILE };

  const server = createServer((req, res) => {
    const send = (status, value, headers = {}) => {
      const body = value === undefined ? '' : JSON.stringify(value);
      res.writeHead(status, { ...(body ? { 'content-type': 'application/json' } : {}), 'cache-control': 'no-store', ...headers });
      res.end(body);
    };
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        send(413, { error: 'request body too large' });
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://provider.invalid');

      if (url.pathname === '/authorize' && req.method === 'GET') {
        let back;
        try {
          back = new URL(url.searchParams.get('redirect_uri') ?? '');
        } catch {
          return send(400, { error: 'invalid_request', error_description: 'redirect_uri is missing or not a URL' });
        }
        if (back.protocol !== 'http:' || !LOCAL_HOSTS.has(back.hostname)) {
          return send(400, { error: 'invalid_request', error_description: 'redirect_uri must point at this machine' });
        }
        if (url.searchParams.get('client_id') !== E2E_OAUTH_CLIENT.id) return send(400, { error: 'unauthorized_client' });
        back.searchParams.set('code', GOOD_CODE);
        const state = url.searchParams.get('state');
        if (state !== null) back.searchParams.set('state', state);
        return send(302, undefined, { location: back.toString() });
      }

      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        if (form.get('code') !== GOOD_CODE) return send(400, { error: 'invalid_grant' });
        return send(200, { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 3600 });
      }

      if (url.pathname === '/userinfo' && req.method === 'GET') {
        const bearer = req.headers.authorization ?? `Bearer ${url.searchParams.get('access_token')}`;
        if (bearer !== `Bearer ${ACCESS_TOKEN}`) return send(401, { error: 'invalid_token' });
        return send(200, profile);
      }

      if (url.pathname === '/profile' && req.method === 'POST') {
        let next;
        try {
          next = JSON.parse(body);
        } catch {
          return send(400, { error: 'the body must be a JSON profile' });
        }
        if (!next || typeof next !== 'object' || Array.isArray(next) || typeof next.sub !== 'string') {
          return send(400, { error: 'a profile is a JSON object with at least a string "sub"' });
        }
        profile = next;
        return send(204);
      }

      if (url.pathname === '/profile' && req.method === 'GET') return send(200, profile);
      send(404, { error: 'not found' });
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: actual } = server.address();
      resolve({
        url: `http://${host}:${actual}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const provider = await startE2eOAuthProvider({ port: Number(process.argv[2] ?? process.env.E2E_OAUTH_PORT ?? 3101) });
  console.log(`e2e OAuth provider on ${provider.url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
