import { Injectable } from '@nestjs/common';
import type { DomainEvent, DomainEventType } from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../../common/events/event-subscriber';
import { ListingEmbeddingsService } from './listing-embeddings.service';

/** The events after which a listing's embedded text may have changed. */
export const LISTING_EMBEDDING_EVENTS = ['listing.created', 'listing.updated'] as const satisfies readonly DomainEventType[];

/**
 * Keeps each listing's sentence embedding up to date (module `aria`): on listing.created and
 * listing.updated the listing's text is read again and embedded only when its hash changed (an update
 * of the price or the photos costs one lookup, no model run). Idempotent: an event handled twice
 * finds the hash it wrote. Nothing when ARIA_EMBEDDINGS is off.
 */
@EventSubscriber({ name: 'aria-listing-embeddings', events: LISTING_EMBEDDING_EVENTS })
@Injectable()
export class ListingEmbeddingsSubscriber implements DomainEventHandler {
  constructor(private readonly embeddings: ListingEmbeddingsService) {}

  async handle(event: DomainEvent): Promise<void> {
    const { listingId } = (event as DomainEvent<'listing.created' | 'listing.updated'>).data;
    if (listingId) await this.embeddings.refresh([listingId]);
  }
}
