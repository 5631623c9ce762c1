import { Injectable } from '@nestjs/common';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../../common/events/maintenance';
import { MarketListingsService, type RefreshResult } from './market-listings.service';

export const MARKET_REFRESH_TASK = 'market-refresh';
export const MARKET_REFRESH_EVERY_MS = 10 * 1000;

/**
 * Every 10 seconds: the figures of the barangays whose listings changed (marked by the event handler)
 * and of their city, province, region and the nation are computed again; the first run on a database
 * with listings but no market lives backfills them.
 */
@MaintenanceTask({ name: MARKET_REFRESH_TASK, everyMs: MARKET_REFRESH_EVERY_MS })
@Injectable()
export class MarketRefreshTask implements MaintenanceTaskHandler {
  constructor(private readonly market: MarketListingsService) {}

  run(): Promise<RefreshResult> {
    return this.market.refreshNow();
  }
}

/** A worker younger than this skips the daily run (the scheduler runs it at start: the backfill or the last day's run is that recent). */
const DAILY_SKIP_AFTER_START_S = 30 * 60;

/** Daily: every area computed again, as the 30-, 90- and 365-day windows move on without any event. */
@MaintenanceTask({ name: 'market-refresh-daily', everyMs: 24 * 60 * 60 * 1000 })
@Injectable()
export class MarketDailyRefreshTask implements MaintenanceTaskHandler {
  constructor(private readonly market: MarketListingsService) {}

  async run(): Promise<RefreshResult | null> {
    if (process.uptime() < DAILY_SKIP_AFTER_START_S) return null;
    return this.market.refreshAll();
  }
}
