import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES } from '../../common/queue/queues';
import type { AccountRequestJob } from './account-request.queue';
import { UsersService } from './users.service';

/** Worker side of the account requests: looks the account up and, when it qualifies, mails a link. */
@Processor(QUEUES.account)
export class AccountRequestProcessor extends WorkerHost {
  constructor(private readonly users: UsersService) {
    super();
  }

  async process(job: Job<AccountRequestJob>): Promise<{ sent: boolean }> {
    return { sent: await this.users.handleAccountRequest(job.data) };
  }
}
