import { forwardRef, Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { SAVED_LISTINGS_LOOKUP } from '../listings/saved-listings-lookup';
import { NotificationsModule } from '../notifications/notifications.module';
import { SavedSearchAlertProcessor } from './alerts/saved-search-alert.processor';
import { SavedSearchAlertQueue } from './alerts/saved-search-alert.queue';
import { SavedSearchAlertsRepository } from './alerts/saved-search-alerts.repository';
import { SavedSearchAlertsService } from './alerts/saved-search-alerts.service';
import { SavedSearchAlertsSubscriber } from './alerts/saved-search-alerts.subscriber';
import { SavedSearchAlertsTask } from './alerts/saved-search-alerts.task';
import { SavedItemsController } from './saved-items.controller';
import { SavedItemsRepository } from './saved-items.repository';
import { SavedItemsService } from './saved-items.service';
import { SavedListingsController } from './saved-listings.controller';

/**
 * Saved listings, searches and pinned items (table saved_items), saved-search alerts (and their
 * matches, saved_search_matches), and the /listing/save and /listing/unsave routes. It asks
 * ListingsService what a member may see; ListingsService asks it (through SAVED_LISTINGS_LOOKUP) which
 * listings a member saved: a module cycle, hence forwardRef. Alerts go out through NotificationsService.
 */
@Module({
  imports: [forwardRef(() => ListingsModule), NotificationsModule],
  controllers: [SavedItemsController, SavedListingsController],
  providers: [
    SavedItemsService,
    SavedItemsRepository,
    { provide: SAVED_LISTINGS_LOOKUP, useExisting: SavedItemsService },
    SavedSearchAlertsService,
    SavedSearchAlertsRepository,
    SavedSearchAlertQueue,
    // found by the events dispatcher and the maintenance runner, which only roles with workers run
    SavedSearchAlertsSubscriber,
    SavedSearchAlertsTask,
  ],
  exports: [SavedItemsService, SAVED_LISTINGS_LOOKUP, SavedSearchAlertsService],
})
export class SavedModule {}

/** The instant saved-search alerts' processor; imported only where the role includes workers. */
@Module({ imports: [SavedModule], providers: [SavedSearchAlertProcessor] })
export class SavedWorkerModule {}
