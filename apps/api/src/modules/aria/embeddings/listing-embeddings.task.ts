import { Injectable } from '@nestjs/common';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../../common/events/maintenance';
import { ListingEmbeddingsService } from './listing-embeddings.service';

export const LISTING_EMBEDDINGS_BACKFILL_TASK = 'aria-listing-embeddings-backfill';

/**
 * Every minute: embeds up to EMBEDDING_BACKFILL_BATCH listings that have no embedding yet (listings
 * from before ARIA, imports while embeddings were off, a new model), walking the table in id order.
 * A pass that finds nothing rests an hour. Nothing when ARIA_EMBEDDINGS is off.
 */
@MaintenanceTask({ name: LISTING_EMBEDDINGS_BACKFILL_TASK, everyMs: 60 * 1000 })
@Injectable()
export class ListingEmbeddingsBackfillTask implements MaintenanceTaskHandler {
  constructor(private readonly embeddings: ListingEmbeddingsService) {}

  run() {
    return this.embeddings.backfill();
  }
}
