import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { auth, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';

interface Received {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on a free local port; the app sends to it through nodemailer. */
async function startSmtp(): Promise<{ port: number; inbox: Received[]; waitFor(to: string, subject: RegExp): Promise<Received>; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0].text : (mail.to?.text ?? '');
          inbox.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    inbox,
    async waitFor(to, subject) {
      for (let i = 0; i < 200; i++) {
        const found = inbox.find((m) => m.to === to && subject.test(m.subject));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`No mail to ${to} matching ${subject}; inbox: ${inbox.map((m) => `${m.to}: ${m.subject}`).join(', ')}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const tokenIn = (text: string, page: string) => {
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`No ${page} link in: ${text}`);
  return decodeURIComponent(match[1]);
};

describe('e-mail flows through a real SMTP server and the BullMQ e-mail job', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('resets a password end to end: request, mail, new password, single use', async () => {
    const email = uniqueEmail('reset');
    const signUp = await t.http
      .post('/api/user/create')
      .send({ firstName: 'Rosa', lastName: 'Cruz', email, password: PASSWORD })
      .expect(201);
    const answer = await t.http.post('/api/user/request/reset-password').send({ email }).expect(200);
    const unknown = await t.http.post('/api/user/request/reset-password').send({ email: uniqueEmail('ghost') }).expect(200);
    expect(unknown.body).toEqual(answer.body);

    const mail = await smtp.waitFor(email, /Reset your password/);
    expect(mail.text).toContain('Hi Rosa');
    const token = tokenIn(mail.text, 'reset-password');

    await t.http.post('/api/user/reset-password').send({ token, newPassword: 'short' }).expect(400);
    await t.http.post('/api/user/reset-password').send({ token, newPassword: 'a-new-password' }).expect(200);
    const reused = await t.http.post('/api/user/reset-password').send({ token, newPassword: 'another-password' }).expect(400);
    expect(reused.body.message).toMatch(/invalid or has expired/);

    await t.http.get('/api/current/user').set(auth(signUp.body.token)).expect(401);
    await t.http.post('/api/user/login').send({ email, password: PASSWORD }).expect(401);
    await t.http.post('/api/user/login').send({ email, password: 'a-new-password' }).expect(200);
  });

  it('verifies the e-mail address from the sign-up mail; only the newest link works', async () => {
    const email = uniqueEmail('verify');
    const signUp = await t.http
      .post('/api/user/create')
      .send({ firstName: 'Tomas', lastName: 'Lim', email, password: PASSWORD })
      .expect(201);
    const first = await smtp.waitFor(email, /Confirm your e-mail/);
    const oldToken = tokenIn(first.text, 'verify-email');
    await t.http.post('/api/user/request/verify-email').send({ email }).expect(200);
    await new Promise((r) => setTimeout(r, 100));
    const second = await smtp.waitFor(email, /Confirm your e-mail/).then(async () => {
      for (let i = 0; i < 100 && smtp.inbox.filter((m) => m.to === email).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      return smtp.inbox.filter((m) => m.to === email)[1];
    });
    const newToken = tokenIn(second.text, 'verify-email');
    expect(newToken).not.toBe(oldToken);
    await t.http.post('/api/user/verify-email').send({ token: oldToken }).expect(400);
    await t.http.post('/api/user/verify-email').send({ token: newToken }).expect(200);
    const me = await t.http.get('/api/current/user').set(auth(signUp.body.token)).expect(200);
    expect(me.body.isVerified).toBe(true);
  });
});
