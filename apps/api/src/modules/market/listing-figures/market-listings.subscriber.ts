import { Injectable } from '@nestjs/common';
import type { DomainEvent, DomainEventType } from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../../common/events/event-subscriber';
import { MarketListingsService } from './market-listings.service';

/** The events that change a listing's market life (the listing is read again on each) or its demand. */
export const MARKET_LISTING_EVENTS = [
  'listing.created',
  'listing.updated',
  'listing.removed',
  'listing.visibility_changed',
  'listing.verified',
  'listing.saved',
  'listing.unsaved',
  'thread.created',
] as const satisfies readonly DomainEventType[];

/**
 * Records each listing's market life from its events (module `market`): where it is, what it asks,
 * when it was listed and left the market, its price changes, saves and inquiries; and marks its
 * barangay for the refresh job, in the handler's transaction. Handlers run in parallel and an event may
 * come twice: the dispatcher runs each event once per subscriber (`event_handled`), and every write
 * here is also order-safe (a snapshot older than the stored one changes nothing) and idempotent.
 */
@EventSubscriber({ name: 'market-listings', events: MARKET_LISTING_EVENTS })
@Injectable()
export class MarketListingsSubscriber implements DomainEventHandler {
  constructor(private readonly market: MarketListingsService) {}

  async handle(event: DomainEvent): Promise<void> {
    if (event.type === 'thread.created') {
      const { listingId } = (event as DomainEvent<'thread.created'>).data;
      if (listingId) await this.market.recordInquiry(listingId);
      return;
    }
    await this.market.recordListingEvent(event);
  }
}
