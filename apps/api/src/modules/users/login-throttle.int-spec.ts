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
