import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import { loadConfig } from '../../common/config/config';
import { QUEUES } from '../../common/queue/queues';
import { AuthTokensService } from '../auth/auth-tokens.service';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { JOB_DASHBOARD_COOKIE, JobDashboardService } from './job-dashboard.service';

const PATH = '/api/admin/queues';
const QUEUE_NAMES = Object.values(QUEUES).sort();

/** The `name=value` of the dashboard cookie a session answer set, with its attributes. */
function dashboardCookie(setCookie: string[] | string | undefined): { pair: string; attributes: string } {
  const line = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith(`${JOB_DASHBOARD_COOKIE}=`));
  if (!line) throw new Error(`no ${JOB_DASHBOARD_COOKIE} cookie in ${JSON.stringify(setCookie)}`);
  const [pair, ...attributes] = line.split(';').map((s) => s.trim());
  return { pair, attributes: attributes.join('; ') };
}

function directives(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe('Job dashboard (bull-board at /api/admin/queues)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function openSession(role: 'super_admin' | 'admin' | 'viewer' | 'user' = 'super_admin') {
    const { token, user } = await createUser(t, { role });
    const res = await t.http.post(`${PATH}/session`).set(auth(token)).expect(200);
    return { token, user, res, cookie: dashboardCookie(res.headers['set-cookie']).pair };
  }

  it('gives a super admin a short-lived, httpOnly, SameSite=Strict cookie for the dashboard path alone', async () => {
    const { res } = await openSession();
    expect(res.body.url).toBe(`${PATH}/`);
    const expiresIn = Date.parse(res.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    const { attributes } = dashboardCookie(res.headers['set-cookie']);
    expect(attributes).toMatch(/Path=\/api\/admin\/queues(;|$)/);
    expect(attributes).toMatch(/HttpOnly/);
    expect(attributes).toMatch(/SameSite=Strict/);
    expect(attributes).toMatch(/Max-Age=900/);
    // the test app's APP_URL is http: no Secure flag; behind https it is Secure
    expect(attributes).not.toMatch(/Secure/);
    const https = new JobDashboardService(t.app.get(AuthTokensService), loadConfig({ NODE_ENV: 'test', APP_URL: 'https://tahanan.example.ph' }));
    expect(https.cookieOptions()).toMatchObject({ secure: true, httpOnly: true, sameSite: 'strict', path: PATH });
  });

  it('serves the page and its JSON API, every queue of the product, to the cookie of a super admin', async () => {
    const { cookie } = await openSession();
    const page = await t.http.get(`${PATH}/`).set('Cookie', cookie).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain(`<base href="${PATH}/"`);
    expect(page.headers['x-powered-by']).toBeUndefined();
    // the page's scripts are served under the same path (where the cookie goes)
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    await t.http.get(`${PATH}/${script}`).set('Cookie', cookie).expect(200).expect('Content-Type', /javascript/);
    await t.http.get(`${PATH}/${script}`).expect(401);

    const api = await t.http.get(`${PATH}/api/queues`).query({ activeQueue: QUEUES.events, page: 1, jobsPerPage: 10 }).set('Cookie', cookie).expect(200);
    const names = (api.body.queues as Array<{ name: string }>).map((q) => q.name).sort();
    expect(names).toEqual(QUEUE_NAMES);
  });

  it('takes a super admin\'s bearer token too (API clients), and refuses other roles\' tokens', async () => {
    const { token } = await createUser(t, { role: 'super_admin' });
    const api = await t.http.get(`${PATH}/api/queues`).set(auth(token)).expect(200);
    expect((api.body.queues as Array<{ name: string }>).map((q) => q.name).sort()).toEqual(QUEUE_NAMES);
    const admin = await createUser(t, { role: 'admin' });
    await t.http.get(`${PATH}/api/queues`).set(auth(admin.token)).expect(403);
  });

  it.each(['admin', 'viewer', 'user'] as const)('refuses the session to a %s (403) and sets no cookie', async (role) => {
    const { token } = await createUser(t, { role });
    const res = await t.http.post(`${PATH}/session`).set(auth(token)).expect(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses the session to a guest (401), and takes it by POST only (405)', async () => {
    await t.http.post(`${PATH}/session`).expect(401);
    const { token } = await createUser(t, { role: 'super_admin' });
    const res = await t.http.get(`${PATH}/session`).set(auth(token)).expect(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('refuses the page, its files and its API without the cookie (401 JSON)', async () => {
    for (const url of [PATH, `${PATH}/`, `${PATH}/api/queues`, `${PATH}/queue/${QUEUES.events}`]) {
      const res = await t.http.get(url).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(res.text).not.toContain('<base');
    }
    // actions (writes) as well
    await t.http.put(`${PATH}/api/queues/${QUEUES.events}/pause`).expect(401);
  });

  it('refuses a forged cookie, a tampered one and an expired one (401)', async () => {
    const { cookie, user } = await openSession();
    const value = cookie.slice(JOB_DASHBOARD_COOKIE.length + 1);
    const [payload, signature] = value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    // a later expiry with the old signature
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url');
    const dashboard = t.app.get(JobDashboardService);
    const sessionUser = { id: user._id, sessionId: claims.sid, role: 'super_admin' as const, type: 'individual' as never, email: user.email };
    const expired = dashboard.issue(sessionUser, Date.now() - 16 * 60_000).value;
    for (const bad of [
      `${longer}.${signature}`,
      // the signature's first character changed (always to another one)
      `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
      'garbage',
      `${payload}.`,
      // a bearer token is not a dashboard cookie
      (await createUser(t, { role: 'super_admin' })).token,
      expired,
    ]) {
      await t.http.get(`${PATH}/api/queues`).set('Cookie', `${JOB_DASHBOARD_COOKIE}=${bad}`).expect(401);
    }
    // the genuine one still works
    await t.http.get(`${PATH}/api/queues`).set('Cookie', cookie).expect(200);
  });

  it('ends with the session: a cookie of a logged-out session is refused (401)', async () => {
    const { cookie, token } = await openSession();
    await t.http.get(`${PATH}/api/queues`).set('Cookie', cookie).expect(200);
    await t.http.get('/api/user/logout').set(auth(token)).expect(200);
    const res = await t.http.get(`${PATH}/api/queues`).set('Cookie', cookie).expect(401);
    expect(res.body.message).toMatch(/session has ended/);
  });

  it('ends with the role: a super admin demoted to admin is refused (403)', async () => {
    const { cookie, user } = await openSession();
    await t.http.get(`${PATH}/`).set('Cookie', cookie).expect(200);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user._id));
    await t.http.get(`${PATH}/`).set('Cookie', cookie).expect(403);
  });

  it('keeps the app\'s strict Content-Security-Policy on the dashboard (its UI needs nothing more)', async () => {
    const { cookie } = await openSession();
    const page = await t.http.get(`${PATH}/`).set('Cookie', cookie).expect(200);
    const dashboard = directives(page.headers['content-security-policy']);
    const app = directives((await t.http.get('/admin').expect(200)).headers['content-security-policy']);
    expect(dashboard['script-src']).toEqual(["'self'"]);
    expect(dashboard).toEqual(app);
  });

  it('lets a super admin act on a queue (pause, resume) through the cookie, and no one else', async () => {
    const { cookie } = await openSession();
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.imports));
    await t.http.put(`${PATH}/api/queues/${QUEUES.imports}/pause`).expect(401);
    const { token } = await createUser(t, { role: 'admin' });
    await t.http.put(`${PATH}/api/queues/${QUEUES.imports}/pause`).set(auth(token)).expect(403);
    expect(await queue.isPaused()).toBe(false);
    await t.http.put(`${PATH}/api/queues/${QUEUES.imports}/pause`).set('Cookie', cookie).expect(200);
    expect(await queue.isPaused()).toBe(true);
    await t.http.put(`${PATH}/api/queues/${QUEUES.imports}/resume`).set('Cookie', cookie).expect(200);
    expect(await queue.isPaused()).toBe(false);
  });
});
