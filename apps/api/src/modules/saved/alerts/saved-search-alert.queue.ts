import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { QUEUES } from '../../../common/queue/queues';

export interface SavedSearchAlertJob {
  savedItemId: string;
}

/**
 * Instant alerts, batched: a search's new matches are told of at the end of the batch window
 * (SAVED_SEARCH_ALERT_BATCH_MS) they arrived in, by one delayed job per search and window. The job's id
 * is `<searchId>_<window>`, so the 50 listings of a busy minute add one job, not 50 (BullMQ keeps the
 * first job of an id and ignores the others); the job tells of every match untold when it runs.
 */
@Injectable()
export class SavedSearchAlertQueue {
  constructor(
    @InjectQueue(QUEUES.savedSearchAlerts) private readonly queue: Queue<SavedSearchAlertJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Schedules the alert of each search at the end of the current window (once per search and window). */
  async schedule(savedItemIds: string[], now = Date.now()): Promise<void> {
    if (!savedItemIds.length) return;
    const batch = this.config.savedSearchAlerts.batchMs;
    const window = Math.floor(now / batch);
    const delay = (window + 1) * batch - now;
    await this.queue.addBulk(
      [...new Set(savedItemIds)].map((savedItemId) => ({
        name: 'instant',
        data: { savedItemId },
        opts: {
          jobId: `${savedItemId}_${window}`,
          delay,
          attempts: 8,
          backoff: { type: 'exponential', delay: 2000 },
          removeOnComplete: true,
          removeOnFail: 1000,
        },
      })),
    );
  }
}
