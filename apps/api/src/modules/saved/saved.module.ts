import { forwardRef, Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { SAVED_LISTINGS_LOOKUP } from '../listings/saved-listings-lookup';
import { SavedItemsController } from './saved-items.controller';
import { SavedItemsRepository } from './saved-items.repository';
import { SavedItemsService } from './saved-items.service';
import { SavedListingsController } from './saved-listings.controller';

/**
 * Saved listings, searches and pinned items (table saved_items), and the /listing/save and
 * /listing/unsave routes. It asks ListingsService what a member may see; ListingsService asks it
 * (through SAVED_LISTINGS_LOOKUP) which listings a member saved: a module cycle, hence forwardRef.
 */
@Module({
  imports: [forwardRef(() => ListingsModule)],
  controllers: [SavedItemsController, SavedListingsController],
  providers: [SavedItemsService, SavedItemsRepository, { provide: SAVED_LISTINGS_LOOKUP, useExisting: SavedItemsService }],
  exports: [SavedItemsService, SAVED_LISTINGS_LOOKUP],
})
export class SavedModule {}
