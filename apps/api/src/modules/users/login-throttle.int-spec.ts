import { PASSWORD, createUser, startTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';

describe('login rate limit (Redis)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const tryLogin = (email: string, password: string, ip: string) =>
    t.http.post('/api/user/login').set('X-Forwarded-For', ip).send({ email, password });

  it('refuses the 11th failed try for one account inside the window with 429, even with the right password', async () => {
    const m = await createUser(t);
    for (let i = 1; i <= 10; i++) {
      // a different address each time: the account counter alone must trip
      await tryLogin(m.user.email, 'wrong-password', `10.0.0.${i}`).expect(401);
    }
    const blocked = await tryLogin(m.user.email, 'wrong-password', '10.0.1.1').expect(429);
    expect(blocked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(blocked.body.message).toMatch(/Too many failed login attempts. Try again in 1[45] minutes./);
    await tryLogin(m.user.email, PASSWORD, '10.0.1.2').expect(429);
  });

  it('refuses the 11th failed try from one address across accounts', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) await tryLogin(uniqueEmail('spray'), 'wrong-password', ip).expect(401);
    await tryLogin(uniqueEmail('spray'), 'wrong-password', ip).expect(429);
    const m = await createUser(t);
    await tryLogin(m.user.email, PASSWORD, '10.9.9.10').expect(200);
  });

  it('clears the account counter on a successful login', async () => {
    const m = await createUser(t);
    for (let i = 0; i < 9; i++) await tryLogin(m.user.email, 'wrong-password', `10.2.0.${i}`).expect(401);
    await tryLogin(m.user.email, PASSWORD, '10.2.1.1').expect(200);
    for (let i = 0; i < 10; i++) await tryLogin(m.user.email, 'wrong-password', `10.3.0.${i}`).expect(401);
    await tryLogin(m.user.email, 'wrong-password', '10.3.1.1').expect(429);
  });
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
