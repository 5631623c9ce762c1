import { NestFactory } from '@nestjs/core';
import { mailsIn } from '../../../test/mail-outbox';
import { AppModule } from '../../app.module';
import { loadConfig } from '../config/config';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { notifications } from '@app/db';
import { eq } from 'drizzle-orm';
import { OutboxRelay } from '../events/outbox-relay';
import { QUEUES } from '../queue/queues';
import { auth, createUser, startTestApp, uniqueEmail, type TestApp, envOf } from '../../../test/test-app';
import { connect, eventually, listen, record } from '../../../test/realtime';

describe('roles: an api process queues, a separate worker process sends', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ ROLE: 'api' });
  });
  afterAll(() => api.close());

  it('keeps the e-mail job queued until a worker-role context picks it up and writes it to the outbox', async () => {
    const email = uniqueEmail('queued');
    await api.http.post('/api/user/create').send({ firstName: 'Queue', lastName: 'Test', email, password: 'queue-pass-1' }).expect(201);
    const outbox = api.config.mail.outboxDir;
    // the job is in the queue (the api role has no processor), and no mail was written
    const mailQueue = api.app.get<Queue>(getQueueToken(QUEUES.email));
    await eventually(async () => (await mailQueue.getJobCounts('waiting')).waiting >= 1, 'the confirmation e-mail job queued');
    expect(mailsIn(outbox)).toHaveLength(0);

    const worker = await NestFactory.createApplicationContext(
      AppModule.forRole(loadConfig({ ...envOf(api), ROLE: 'worker' })),
      { logger: false },
    );
    try {
      let mails: string[] = [];
      await eventually(() => (mails = mailsIn(outbox)).length > 0, 'the worker writing the mail', 10_000);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`To: ${email}`);
      expect(mails[0]).toContain('Subject: Confirm your e-mail address');
    } finally {
      await worker.close();
    }
  });

  it('pushes a notification handled by a worker-role process to a socket on the api process (socket.io Redis emitter)', async () => {
    const alice = await createUser(api, { firstName: 'Alice', lastName: 'Reyes' });
    const bob = await createUser(api);
    const base = await listen(api);
    const socket = await connect(base, bob.token);
    const seen = record<{ title: string }>(socket, 'notification');
    try {
      const thread = (await api.http.post('/api/threads').set(auth(alice.token)).send({ participantId: bob.user._id }).expect(201)).body._id;
      await api.http.post(`/api/threads/${thread}/messages`).set(auth(alice.token)).send({ content: 'hello from the api role' }).expect(201);
      // relayed to the queue; with no worker anywhere nothing handles it
      await api.app.get(OutboxRelay).flush();
      const queue = api.app.get<Queue>(getQueueToken(QUEUES.events));
      expect((await queue.getJobCounts('waiting')).waiting).toBeGreaterThanOrEqual(1);
      expect(await api.db.select().from(notifications).where(eq(notifications.userId, bob.user._id))).toEqual([]);

      const worker = await NestFactory.createApplicationContext(AppModule.forRole(loadConfig({ ...envOf(api), ROLE: 'worker' })), { logger: false });
      try {
        await eventually(() => seen.length === 1, 'the notification pushed from the worker', 15000);
        expect(seen[0].title).toBe('New message from Alice Reyes');
      } finally {
        await worker.close();
      }
    } finally {
      socket.close();
    }
  });
});
