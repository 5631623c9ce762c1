import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES } from '../../../common/queue/queues';
import type { SavedSearchAlertJob } from './saved-search-alert.queue';
import { SavedSearchAlertsService } from './saved-search-alerts.service';

/** Worker side of the instant alerts: a search's batch window ended, tell its member of the new matches. */
@Processor(QUEUES.savedSearchAlerts)
export class SavedSearchAlertProcessor extends WorkerHost {
  constructor(private readonly alerts: SavedSearchAlertsService) {
    super();
  }

  async process(job: Job<SavedSearchAlertJob>): Promise<{ notified: boolean }> {
    return { notified: (await this.alerts.sendInstant(job.data.savedItemId)) !== null };
  }
}
