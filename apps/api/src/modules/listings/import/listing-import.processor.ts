import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES } from '../../../common/queue/queues';
import { ListingImportService, type ImportJob } from './listing-import.service';

/** Runs listing imports, one at a time per worker (each writes in batches; see ListingImportService.run). */
@Processor(QUEUES.imports, { concurrency: 1 })
export class ListingImportProcessor extends WorkerHost {
  constructor(private readonly imports: ListingImportService) {
    super();
  }

  process(job: Job<ImportJob>): Promise<void> {
    return this.imports.run(job);
  }

  /**
   * A job that will not run again (its last attempt failed, or BullMQ gave it up after stalling: a
   * worker killed more than once) leaves its import failed rather than running forever.
   */
  @OnWorkerEvent('failed')
  async onFailed(job: Job<ImportJob> | undefined, err: Error): Promise<void> {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/i.test(err.message);
    if (final) await this.imports.failIfOpen(job.data.importId, `The import stopped: ${err.message}`).catch(() => undefined);
  }
}
