import { Injectable } from '@nestjs/common';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../../common/events/maintenance';
import { SavedSearchAlertsService } from './saved-search-alerts.service';

export const SAVED_SEARCH_ALERTS_TASK = 'saved-search-alerts';

/**
 * Every five minutes: the daily digests that are due (from SAVED_SEARCH_DIGEST_HOUR, Asia/Manila; one per
 * member per day), and the instant alerts whose job was lost.
 */
@MaintenanceTask({ name: SAVED_SEARCH_ALERTS_TASK, everyMs: 5 * 60 * 1000 })
@Injectable()
export class SavedSearchAlertsTask implements MaintenanceTaskHandler {
  constructor(private readonly alerts: SavedSearchAlertsService) {}

  async run(): Promise<{ digests: number; overdue: number }> {
    const now = new Date();
    return { overdue: await this.alerts.sweep(now), digests: await this.alerts.sendDailyDigests(now) };
  }
}
