import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES } from '../queue/queues';
import { MailService, type MailMessage } from './mail.service';

/** Worker side of the e-mail queue. */
@Processor(QUEUES.email)
export class EmailProcessor extends WorkerHost {
  constructor(private readonly mail: MailService) {
    super();
  }

  async process(job: Job<MailMessage>): Promise<{ messageId: string }> {
    const { messageId } = await this.mail.send(job.data);
    return { messageId };
  }
}
