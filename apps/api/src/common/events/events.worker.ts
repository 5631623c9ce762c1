import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { DomainEvent } from '@app/domain';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { withEventContext } from '../http/request-context';
import { bullConnection } from '../queue/queue.module';
import { QUEUES } from '../queue/queues';
import { EventDispatcher } from './event-dispatcher';

/**
 * The worker side of the `events` queue (roles worker and all): EVENTS_WORKER_CONCURRENCY events at
 * a time. A worker that dies holding an event loses its lock after EVENTS_JOB_LOCK_MS and another
 * takes the event over; the subscribers' records make the second run skip what the first committed.
 */
@Injectable()
export class EventsWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EventsWorker');
  private worker?: Worker<DomainEvent>;

  constructor(
    private readonly dispatcher: EventDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { workerConcurrency, jobLockMs } = this.config.events;
    this.worker = new Worker<DomainEvent>(
      QUEUES.events,
      (job) => withEventContext(job.data.context, () => this.dispatcher.dispatch(job.data)),
      { ...bullConnection(this.config), concurrency: workerConcurrency, lockDuration: jobLockMs, stalledInterval: jobLockMs },
    );
    this.worker.on('error', (err) => this.logger.warn(`Events worker: ${err.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
