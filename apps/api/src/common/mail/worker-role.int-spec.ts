import { NestFactory } from '@nestjs/core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AppModule } from '../../app.module';
import { loadConfig } from '../config/config';
import { startTestApp, uniqueEmail, type TestApp, envOf } from '../../../test/test-app';

const mailsIn = (dir: string) => {
  try {
    return readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
};

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
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsIn(outbox)).toHaveLength(0);

    const worker = await NestFactory.createApplicationContext(
      AppModule.forRole(loadConfig({ ...envOf(api), ROLE: 'worker' })),
      { logger: false },
    );
    try {
      let mails: string[] = [];
      for (let i = 0; i < 100 && mails.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        mails = mailsIn(outbox);
      }
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`To: ${email}`);
      expect(mails[0]).toContain('Subject: Confirm your e-mail address');
    } finally {
      await worker.close();
    }
  });
});

