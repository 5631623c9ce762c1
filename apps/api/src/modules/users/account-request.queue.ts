import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QUEUES } from '../../common/queue/queues';
import type { TokenPurpose } from './users.repository';

export interface AccountRequestJob {
  purpose: TokenPurpose;
  email: string;
}

/**
 * Queues "send me a reset / confirmation link" requests. The request path does only this, the same
 * for known and unknown addresses, so the answer's timing does not tell whether an account exists.
 */
@Injectable()
export class AccountRequestQueue {
  constructor(@InjectQueue(QUEUES.account) private readonly queue: Queue<AccountRequestJob>) {}

  async enqueue(job: AccountRequestJob): Promise<void> {
    await this.queue.add(job.purpose, job);
  }
}
