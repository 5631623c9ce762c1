import { PASSWORD, createUser, startTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('login rate limit (Redis): per account and address, per address, growing delay per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const tryLogin = (email: string, password: string, ip: string) =>
    t.http.post('/api/user/login').set('X-Forwarded-For', ip).send({ email, password });

  it('lets at most 10 of 100 parallel wrong passwords for one account from one address be checked (the rest 429)', async () => {
    const m = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 100 }, () => tryLogin(m.user.email, 'wrong-password', '10.1.0.1')));
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - checked);
  });

  it('after 10 failures for account X from address A: 429 for X from A, but Y from A and X (right password) from B get in', async () => {
    const x = await createUser(t);
    const y = await createUser(t);
    for (let i = 0; i < 10; i++) await tryLogin(x.user.email, 'wrong-password', '10.2.0.1').expect(401);
    const blocked = await tryLogin(x.user.email, PASSWORD, '10.2.0.1').expect(429);
    expect(blocked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(blocked.body.message).toMatch(/^Too many failed login attempts from this address for this account. Try again in 1[45] minutes.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // the same address (an office, a carrier's NAT) still serves other accounts
    await tryLogin(y.user.email, PASSWORD, '10.2.0.1').expect(200);
    // the owner from another address is not locked out
    await tryLogin(x.user.email, PASSWORD, '10.2.0.2').expect(200);
  });

  it('refuses an address with 429 after 100 failures across accounts; other addresses are unaffected', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 100; i++) await tryLogin(uniqueEmail('spray'), 'wrong-password', ip).expect(401);
    const blocked = await tryLogin(uniqueEmail('spray'), 'wrong-password', ip).expect(429);
    expect(blocked.body.message).toMatch(/^Too many failed login attempts from this address. Try again in 1[45] minutes.$/);
    const m = await createUser(t);
    await tryLogin(m.user.email, PASSWORD, ip).expect(429);
    await tryLogin(m.user.email, PASSWORD, '10.3.0.2').expect(200);
  }, 120_000);

  it('forgets the failures of an account and address pair on a successful login', async () => {
    const m = await createUser(t);
    for (let i = 0; i < 9; i++) await tryLogin(m.user.email, 'wrong-password', '10.4.0.1').expect(401);
    await tryLogin(m.user.email, PASSWORD, '10.4.0.1').expect(200);
    for (let i = 0; i < 10; i++) await tryLogin(m.user.email, 'wrong-password', '10.4.0.1').expect(401);
    await tryLogin(m.user.email, 'wrong-password', '10.4.0.1').expect(429);
  });
});

describe('login rate limit: growing delay per account across addresses (no hard lock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // small numbers so the test runs in seconds: 3 free failures, then 2 s doubling up to 4 s
    t = await startTestApp({
      TRUST_PROXY: 'true',
      LOGIN_ACCOUNT_FREE_FAILURES: '3',
      LOGIN_ACCOUNT_DELAY_SECONDS: '2',
      LOGIN_ACCOUNT_MAX_DELAY_SECONDS: '4',
    });
  });
  afterAll(() => t.close());

  const tryLogin = (email: string, password: string, ip: string) =>
    t.http.post('/api/user/login').set('X-Forwarded-For', ip).send({ email, password });

  /** Tries until the answer is not 429, waiting the announced Retry-After in between; answers the tries refused. */
  async function afterWaits(email: string, password: string, ip: string, expected: number): Promise<number[]> {
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await tryLogin(email, password, ip);
      if (res.status !== 429) {
        expect(res.status).toBe(expected);
        return waits;
      }
      const seconds = Number(res.headers['retry-after']);
      expect(res.body.message).toBe(`Too many failed login attempts for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
      waits.push(seconds);
      await sleep(seconds * 1000);
    }
    throw new Error(`still refused after ${waits.length} waits`);
  }

  /**
   * The announced wait is the delay left, rounded up: the delay itself, or one second less when the
   * machine took over a second between the failure and this try (CI's did). Either tells a doubled or
   * capped delay apart from the one before it.
   */
  const expectWait = (res: { headers: Record<string, string> }, delay: number) =>
    expect([String(delay - 1), String(delay)]).toContain(res.headers['retry-after']);

  it('spreads over addresses buy only delayed guesses, doubling up to the cap; the owner gets in after at most the cap', async () => {
    const m = await createUser(t);
    let ip = 0;
    const next = () => `10.8.${Math.floor(++ip / 250)}.${ip % 250}`;
    for (let i = 0; i < 3; i++) await tryLogin(m.user.email, 'wrong-password', next()).expect(401);
    // the 4th failure starts the delay: a try inside it is 429 with Retry-After
    await tryLogin(m.user.email, 'wrong-password', next()).expect(401);
    const inside = await tryLogin(m.user.email, 'wrong-password', next()).expect(429);
    expectWait(inside, 2);
    await sleep(2000);
    await tryLogin(m.user.email, 'wrong-password', next()).expect(401);
    // doubled: 4 s
    const doubled = await tryLogin(m.user.email, 'wrong-password', next()).expect(429);
    expectWait(doubled, 4);
    await sleep(4000);
    await tryLogin(m.user.email, 'wrong-password', next()).expect(401);
    // capped at 4 s; the owner is refused only for the wait, then gets in with the right password
    const capped = await tryLogin(m.user.email, PASSWORD, next()).expect(429);
    expectWait(capped, 4); // 8 without the cap
    const waits = await afterWaits(m.user.email, PASSWORD, next(), 200);
    expect(waits.every((s) => s <= 4)).toBe(true);
    // the success forgot the account's failures: a typo now is a plain 401 again, without delay
    await tryLogin(m.user.email, 'wrong-password', next()).expect(401);
    await tryLogin(m.user.email, PASSWORD, next()).expect(200);
  }, 60_000);
});

describe('e-mail request rate limit (Redis)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('answers the 6th reset request for one address inside an hour with 429, known account or not', async () => {
    for (const email of [(await createUser(t)).user.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 5; i++) {
        await t.http.post('/api/user/request/reset-password').set('X-Forwarded-For', `10.4.${i}.1`).send({ email }).expect(200);
      }
      const res = await t.http.post('/api/user/request/reset-password').set('X-Forwarded-For', '10.4.9.1').send({ email }).expect(429);
      expect(res.body.message).toBe('Too many e-mail requests. Please wait an hour before asking again.');
    }
  });

  it('answers the 21st e-mail request from one address with 429', async () => {
    for (let i = 0; i < 20; i++) {
      await t.http.post('/api/user/request/verify-email').set('X-Forwarded-For', '10.5.0.1').send({ email: uniqueEmail('v') }).expect(200);
    }
    await t.http.post('/api/user/request/verify-email').set('X-Forwarded-For', '10.5.0.1').send({ email: uniqueEmail('v') }).expect(429);
  });
});
