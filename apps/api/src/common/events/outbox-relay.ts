import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DomainEvent } from '@app/domain';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { QUEUES } from '../queue/queues';
import { EVENT_JOB_OPTIONS } from './event-jobs';
import { EventsRepository } from './events.repository';

const BATCH = 200;
/** A relay that cannot reach Redis in this long gives up its rows (rolled back) and tries again later. */
const QUEUE_TIMEOUT_MS = 5000;

/**
 * Moves outbox rows to the `events` queue: at once after a commit that wrote events (`kick`), and every
 * EVENTS_RELAY_INTERVAL_MS for rows nobody relayed (Redis was down, a process died before its kick).
 * Every process runs one; rows are taken with SKIP LOCKED, so relays never hand out the same row at the
 * same time, and the event id is the job id. A row is marked relayed only after the queue took its job:
 * an event is relayed at least once, and the handlers' records make a second delivery do nothing.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OutboxRelay');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private failing = false;

  constructor(
    @InjectQueue(QUEUES.events) private readonly queue: Queue,
    private readonly events: EventsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.config.events.relayIntervalMs);
    this.timer.unref();
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Relays what is pending now; a kick during a run makes the run go round once more. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Relays until nothing is pending (for tests and shutdown); resolves when the current run ends. */
  async flush(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.events.relayPending(BATCH, (batch) => this.enqueue(batch))) === BATCH) {
        // a full batch: more may wait
      }
      if (this.failing) this.logger.log('Relaying events again');
      this.failing = false;
    } catch (err) {
      if (!this.failing) this.logger.warn(`Events wait in the outbox: ${(err as Error).message}`);
      this.failing = true;
    }
  }

  private async enqueue(batch: DomainEvent[]): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the queue did not answer in time')), QUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([
        this.queue.addBulk(batch.map((event) => ({ name: event.type, data: event, opts: { ...EVENT_JOB_OPTIONS, jobId: event.id } }))),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
