import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { userTokens } from '@app/db';
import { eq } from 'drizzle-orm';
import { mailsIn } from '../../../test/mail-outbox';
import { QUEUES } from '../../common/queue/queues';
import { createUser, startTestApp, startTestWorker, uniqueEmail, type TestApp } from '../../../test/test-app';

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A reset request must do the same work whether or not the address has an account, so its answer
 * time says nothing: the request only queues a job; a worker looks the account up and sends the mail.
 */
describe('password reset request: same work on the request path for known and unknown e-mails', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ ROLE: 'api' });
  });
  afterAll(() => api.close());

  it('queues the request; with no worker running nothing is looked up; the worker mails the known address only', async () => {
    const known = await createUser(api);
    const unknown = uniqueEmail('ghost');
    const a = await api.http.post('/api/user/request/reset-password').send({ email: known.user.email }).expect(200);
    const b = await api.http.post('/api/user/request/reset-password').send({ email: unknown }).expect(200);
    expect(a.body).toEqual(b.body);
    // the request path created no token: the account was not even looked up
    expect(await api.db.select().from(userTokens).where(eq(userTokens.userId, known.user._id))).toEqual([]);

    const worker = await startTestWorker(api);
    try {
      const outbox = api.config.mail.outboxDir;
      const mail = await until('the reset mail', () => mailsIn(outbox).find((m) => m.includes(`To: ${known.user.email}`)));
      expect(mail).toContain('Subject: Reset your password');
      // both requests were handled (the unknown one too), and nothing is left to send
      // the account requests and the e-mail (the events and maintenance queues have their own work)
      const queues = [QUEUES.account, QUEUES.email].map((name) => api.app.get<Queue>(getQueueToken(name), { strict: false }));
      await until('the queues to drain', async () => {
        const counts = await Promise.all(queues.map((q) => q.getJobCounts('wait', 'active', 'delayed', 'prioritized', 'completed', 'failed')));
        const pending = counts.reduce((n, c) => n + c.wait + c.active + c.delayed + c.prioritized + c.failed, 0);
        const completed = counts.reduce((n, c) => n + c.completed, 0);
        // two requests and one e-mail
        return pending === 0 && completed >= 3 ? true : undefined;
      });
      const toUnknown = mailsIn(outbox).filter((m) => m.includes(`To: ${unknown}`));
      expect(toUnknown).toEqual([]);
      expect(mailsIn(outbox)).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });
});

