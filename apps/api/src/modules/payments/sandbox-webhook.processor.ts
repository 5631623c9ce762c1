import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { QUEUES } from '../../common/queue/queues';

export interface SandboxWebhookJob {
  body: string;
  signature: string;
}

/** Delivers the sandbox's webhooks over HTTP to our own webhook route, retried on failure like a real provider's. */
@Processor(QUEUES.paymentSandboxWebhooks)
export class SandboxWebhookProcessor extends WorkerHost {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async process(job: Job<SandboxWebhookJob>): Promise<{ status: number }> {
    const res = await fetch(this.config.payments.sandboxWebhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sandbox-Signature': job.data.signature, 'User-Agent': 'Tahanan-Payment-Sandbox' },
      body: job.data.body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`The webhook route answered ${res.status}`);
    return { status: res.status };
  }
}
