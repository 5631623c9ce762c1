import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, SetMetadata } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { Queue, Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { bullConnection } from '../queue/queue.module';
import { QUEUES } from '../queue/queues';

const MAINTENANCE_TASK = Symbol('MAINTENANCE_TASK');

export interface MaintenanceTaskOptions {
  /** The job scheduler's id and the job's name. */
  name: string;
  everyMs: number;
}

/** A housekeeping provider (retention, pruning): its `run()` is a repeatable job of the `maintenance` queue. */
export interface MaintenanceTaskHandler {
  run(): Promise<unknown>;
}

export const MaintenanceTask = (options: MaintenanceTaskOptions): ClassDecorator => SetMetadata(MAINTENANCE_TASK, options);

/**
 * Schedules every `@MaintenanceTask` as a repeatable BullMQ job (one schedule across all workers,
 * `upsertJobScheduler`) and runs them (roles worker and all).
 */
@Injectable()
export class MaintenanceRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Maintenance');
  private readonly tasks = new Map<string, MaintenanceTaskHandler>();
  private worker?: Worker;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const schedules: MaintenanceTaskOptions[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.metatype || !wrapper.instance) continue;
      const options = this.reflector.get<MaintenanceTaskOptions | undefined>(MAINTENANCE_TASK, wrapper.metatype as never);
      if (!options) continue;
      this.tasks.set(options.name, wrapper.instance as MaintenanceTaskHandler);
      schedules.push(options);
    }
    this.worker = new Worker(QUEUES.maintenance, (job) => this.runTask(job.name), { ...bullConnection(this.config), concurrency: 1 });
    this.worker.on('error', (err) => this.logger.warn(`Maintenance worker: ${err.message}`));
    for (const { name, everyMs } of schedules) {
      await this.queue.upsertJobScheduler(name, { every: everyMs }, { name, opts: { removeOnComplete: 100, removeOnFail: 100 } });
    }
  }

  /** Runs a task now (tests; the job calls the same). */
  async runTask(name: string): Promise<unknown> {
    const task = this.tasks.get(name);
    if (!task) throw new Error(`No maintenance task is named ${name}`);
    return task.run();
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
