import { Processor, WorkerHost } from '@nestjs/bullmq';
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
}
