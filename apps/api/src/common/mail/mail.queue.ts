import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QUEUES } from '../queue/queues';
import type { MailMessage } from './mail.service';

/** Puts e-mail on the queue; a worker sends it with retries. */
@Injectable()
export class MailQueue {
  constructor(@InjectQueue(QUEUES.email) private readonly queue: Queue<MailMessage>) {}

  async enqueue(message: MailMessage): Promise<void> {
    await this.queue.add('send', message);
  }
}
