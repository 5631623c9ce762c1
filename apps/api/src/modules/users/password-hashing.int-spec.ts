import argon2 from 'argon2';
import { userTokens } from '@app/db';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { createUser, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';

/**
 * argon2 runs on libuv's thread pool (4 threads), like file reads. These tests check that password
 * hashing cannot be used to starve the rest of the API, and that cheap checks come before hashing.
 */
describe('password hashing is bounded and comes after the cheap checks', () => {
  let t: TestApp;
  let hashes: jest.SpyInstance;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
    hashes = jest.spyOn(argon2, 'hash');
  });
  afterAll(async () => {
    hashes.mockRestore();
    await t.close();
  });

  const signUp = (email: string, ip: string) =>
    t.http
      .post('/api/user/create')
      .set('X-Forwarded-For', ip)
      .send({ firstName: 'Flood', lastName: 'Test', email, password: 'flood-pass-1' });

  it('answers a media file and health while 200 parallel sign-ups from 200 addresses still wait for hashing (not queued behind it)', async () => {
    const key = 'probe/pixel.png';
    mkdirSync(path.join(t.config.storageDir, 'public', 'probe'), { recursive: true });
    writeFileSync(path.join(t.config.storageDir, 'public', key), Buffer.alloc(2048, 1));
    await t.http.get(`/api/media/${key}`).expect(200);

    let settled = 0;
    const flood = Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signUp(uniqueEmail('flood'), `10.20.0.${i}`).then((r) => {
          settled++;
          return r.status;
        }),
      ),
    );
    // Receiving 200 requests at once costs the event loop the same whatever they do; measure once
    // the flood has been taken in (150 answered) while the rest still waits for hashing. Before the
    // fix the remaining 50 hashes sat in libuv's thread pool ahead of the file read (61 s measured).
    while (settled < 150) await new Promise((r) => setTimeout(r, 20));
    // Not a stopwatch (the machine's speed varies): the file and health must be answered while sign-ups
    // are still waiting for their hashes. Queued behind them (the bug) they came after the last one.
    await t.http.get(`/api/media/${key}`).expect(200);
    const settledWhenMedia = settled;
    await t.http.get('/api/health').expect(200);
    const settledWhenHealth = settled;
    const statuses = await flood;

    expect(settledWhenMedia).toBeLessThan(200);
    expect(settledWhenHealth).toBeLessThan(200);
    // the flood itself is answered: created, or 503 "busy" when the hashing queue is full
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
  }, 180_000);

  it('answers "busy" with 503, Retry-After and the API error shape when the hashing queue is full', async () => {
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => signUp(uniqueEmail('busy'), `10.21.0.${i}`)),
    );
    const busy = answers.find((r) => r.status === 503);
    expect(busy?.body).toEqual({ statusCode: 503, message: 'The server is busy; please try again in a moment', error: 'Service Unavailable' });
    expect(busy?.headers['retry-after']).toBe('1');
  }, 120_000);

  it('does not count a login refused as busy (503) as a failed try', async () => {
    const ip = '10.25.0.1';
    const login = (email: string) => t.http.post('/api/user/login').set('X-Forwarded-For', ip).send({ email, password: 'wrong-password' });
    const statuses = (await Promise.all(Array.from({ length: 60 }, () => login(uniqueEmail('busy-login'))))).map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 401 && s !== 503)).toEqual([]);
    // the address has 100 failures in 15 minutes: the busy answers gave theirs back
    for (let i = checked; i < 100; i++) await login(uniqueEmail('busy-login')).expect(401);
    await login(uniqueEmail('busy-login')).expect(429);
  }, 120_000);

  it('answers a bogus or used reset token with 400 without hashing the new password', async () => {
    const before = hashes.mock.calls.length;
    const res = await t.http
      .post('/api/user/reset-password')
      .set('X-Forwarded-For', '10.22.0.1')
      .send({ token: 'not-a-real-token', newPassword: 'brand-new-password' })
      .expect(400);
    expect(res.body.message).toBe('This reset link is invalid or has expired; ask for a new one');
    expect(hashes.mock.calls.length).toBe(before);
  });

  it('answers sign-up with an existing e-mail 409 without hashing', async () => {
    const m = await createUser(t);
    const before = hashes.mock.calls.length;
    const res = await signUp(m.user.email.toUpperCase(), '10.23.0.1').expect(409);
    expect(res.body.message).toBe('An account with this e-mail already exists');
    expect(hashes.mock.calls.length).toBe(before);
  });

  it('uses a reset token once even when two requests race, and a failed request does not burn it', async () => {
    const m = await createUser(t);
    const token = 'race-token-' + Date.now();
    await t.db.insert(userTokens).values({
      userId: m.user._id,
      purpose: 'reset_password',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    // a too-short password is refused before anything happens to the token
    await t.http.post('/api/user/reset-password').set('X-Forwarded-For', '10.24.0.1').send({ token, newPassword: 'short' }).expect(400);
    const [a, b] = await Promise.all(
      ['first-new-password', 'second-new-password'].map((newPassword) =>
        t.http.post('/api/user/reset-password').set('X-Forwarded-For', '10.24.0.2').send({ token, newPassword }),
      ),
    );
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const winner = a.status === 200 ? 'first-new-password' : 'second-new-password';
    const loser = a.status === 200 ? 'second-new-password' : 'first-new-password';
    await t.http.post('/api/user/login').send({ email: m.user.email, password: loser }).expect(401);
    await t.http.post('/api/user/login').send({ email: m.user.email, password: PASSWORD }).expect(401);
    await t.http.post('/api/user/login').send({ email: m.user.email, password: winner }).expect(200);
  });
});

describe('sign-up and reset-password are throttled per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('answers the 21st sign-up from one address inside an hour with 429 (existing e-mails count too); other addresses go on', async () => {
    const existing = await createUser(t);
    for (let i = 0; i < 20; i++) {
      const email = i % 2 ? existing.user.email : uniqueEmail('signup');
      await t.http
        .post('/api/user/create')
        .set('X-Forwarded-For', '10.30.0.1')
        .send({ firstName: 'S', lastName: 'T', email, password: 'signup-pass-1' })
        .expect(i % 2 ? 409 : 201);
    }
    const res = await t.http
      .post('/api/user/create')
      .set('X-Forwarded-For', '10.30.0.1')
      .send({ firstName: 'S', lastName: 'T', email: uniqueEmail('signup'), password: 'signup-pass-1' })
      .expect(429);
    expect(res.body).toEqual({
      statusCode: 429,
      message: 'Too many sign-ups from this address. Try again in 60 minutes.',
      error: 'Too Many Requests',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    await t.http
      .post('/api/user/create')
      .set('X-Forwarded-For', '10.30.0.2')
      .send({ firstName: 'S', lastName: 'T', email: uniqueEmail('signup'), password: 'signup-pass-1' })
      .expect(201);
  });

  it('answers the 21st reset-password try from one address inside an hour with 429', async () => {
    for (let i = 0; i < 20; i++) {
      await t.http
        .post('/api/user/reset-password')
        .set('X-Forwarded-For', '10.31.0.1')
        .send({ token: `guess-${i}`, newPassword: 'guess-password' })
        .expect(400);
    }
    const res = await t.http
      .post('/api/user/reset-password')
      .set('X-Forwarded-For', '10.31.0.1')
      .send({ token: 'guess-21', newPassword: 'guess-password' })
      .expect(429);
    expect(res.body.message).toBe('Too many password reset tries from this address. Try again in 60 minutes.');
    await t.http
      .post('/api/user/reset-password')
      .set('X-Forwarded-For', '10.31.0.2')
      .send({ token: 'guess-22', newPassword: 'guess-password' })
      .expect(400);
  });
});
