import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { bullConnection } from '../../../common/queue/queue.module';
import { QUEUES } from '../../../common/queue/queues';
import { AriaRunsService, RUN_INTERNAL_FAILURE, type AriaRunJobData } from './aria-runs.service';

/** Runs computed at once per worker process (each is a few database reads and a PDF). */
export const ARIA_RUN_CONCURRENCY = 4;

/**
 * The worker side of the `aria-runs` queue (roles worker and all). A worker that dies mid-run stops
 * renewing its lock: after ARIA_RUN_LOCK_MS (config aria.runLockMs) another worker's stalled check takes the job back and runs
 * it from the start. A job that fails its last attempt (or is refused: UnrecoverableError) marks the
 * run failed and refunds its credits.
 */
@Injectable()
export class AriaRunsWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AriaRunsWorker');
  private worker?: Worker<AriaRunJobData>;

  constructor(
    private readonly runs: AriaRunsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<AriaRunJobData>(QUEUES.ariaRuns, (job) => this.process(job), {
      ...bullConnection(this.config),
      concurrency: ARIA_RUN_CONCURRENCY,
      lockDuration: this.config.aria.runLockMs,
      stalledInterval: this.config.aria.runLockMs,
      maxStalledCount: 2,
    });
    this.worker.on('error', (err) => this.logger.warn(`ARIA runs worker: ${err.message}`));
    this.worker.on('failed', (job, err) => {
      if (!job) return;
      void (async () => {
        // a retry is still to come unless the job is in the failed set for good
        if (!(await job.isFailed())) return;
        // a refusal says what to change; anything else (a crash, a lost worker) is logged, not shown
        const refused = err instanceof UnrecoverableError || err.name === 'UnrecoverableError';
        if (!refused) this.logger.warn(`ARIA run ${job.data.runId} failed after ${job.attemptsMade} attempts: ${err.message}`);
        await this.runs.failed(job.data.runId, refused ? err.message : RUN_INTERNAL_FAILURE);
      })().catch((e: Error) => this.logger.warn(`Could not mark ARIA run ${job.data.runId} failed: ${e.message}`));
    });
  }

  private async process(job: Job<AriaRunJobData>): Promise<void> {
    let last = -1;
    await this.runs.run(job.data.runId, async (percent) => {
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
