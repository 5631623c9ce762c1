import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { bullConnection } from '../../common/queue/queue.module';
import { QUEUES } from '../../common/queue/queues';
import { ExportsService, type ExportJobData } from './exports.service';

/**
 * The worker side of the `exports` queue (roles worker and all). A worker that dies mid-export (a
 * SIGKILL) stops renewing its lock: after EXPORT_JOB_LOCK_MS another worker's stalled check takes the
 * job back and runs it from the start. A job that fails its last attempt marks the export failed.
 */
@Injectable()
export class ExportsWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ExportsWorker');
  private worker?: Worker<ExportJobData>;

  constructor(
    private readonly exports: ExportsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { workerConcurrency, jobLockMs } = this.config.exports;
    this.worker = new Worker<ExportJobData>(QUEUES.exports, (job) => this.process(job), {
      ...bullConnection(this.config),
      concurrency: workerConcurrency,
      lockDuration: jobLockMs,
      stalledInterval: jobLockMs,
      maxStalledCount: 2,
    });
    this.worker.on('error', (err) => this.logger.warn(`Exports worker: ${err.message}`));
    this.worker.on('failed', (job, err) => {
      if (!job) return;
      void (async () => {
        // a retry is still to come unless the job is in the failed set for good
        if (!(await job.isFailed())) return;
        await this.exports.failed(job.data.exportId, err.message);
      })().catch((e: Error) => this.logger.warn(`Could not mark export ${job.data.exportId} failed: ${e.message}`));
    });
  }

  private async process(job: Job<ExportJobData>): Promise<void> {
    let last = -1;
    await this.exports.run(job.data.exportId, async (percent) => {
      if (percent !== last) {
        last = percent;
        await job.updateProgress(percent);
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
