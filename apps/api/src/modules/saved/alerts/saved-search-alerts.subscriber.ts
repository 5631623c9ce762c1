import { Injectable } from '@nestjs/common';
import type { DomainEvent, DomainEventType } from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../../common/events/event-subscriber';
import { SavedSearchAlertsService } from './saved-search-alerts.service';

export const ALERTING_EVENTS = ['listing.created', 'listing.updated', 'listing.visibility_changed'] as const satisfies readonly DomainEventType[];

/**
 * Whether an event may have put a listing on the market: created, shown again, or its status changed
 * (a draft published, a sold or rented one available again). Null: not this event; `onlyActive`: a
 * status change counts only when the listing is active now.
 */
export function publishingOf(event: DomainEvent): { listingId: string; onlyActive: boolean } | null {
  const e = event as { [T in DomainEventType]: DomainEvent<T> }[DomainEventType];
  switch (e.type) {
    case 'listing.created':
      return { listingId: e.data.listingId, onlyActive: false };
    case 'listing.visibility_changed':
      return e.data.visible ? { listingId: e.data.listingId, onlyActive: false } : null;
    case 'listing.updated':
      return e.data.fields.includes('status') ? { listingId: e.data.listingId, onlyActive: true } : null;
    default:
      return null;
  }
}

/**
 * Matches listings that become public against the saved searches with alerts, in the worker, once per
 * event (the events' own delivery: an event is handled once, retried on failure, in a transaction with
 * its handled-record). Chosen over a periodic scan of new listings: a listing is matched seconds after
 * it is published, the events already say which listings changed and how (no scan of the listings
 * table, no high-water mark to keep), and a hidden listing shown again is caught too.
 */
@EventSubscriber({ name: 'saved-search-alerts', events: ALERTING_EVENTS })
@Injectable()
export class SavedSearchAlertsSubscriber implements DomainEventHandler {
  constructor(private readonly alerts: SavedSearchAlertsService) {}

  async handle(event: DomainEvent): Promise<void> {
    const published = publishingOf(event);
    if (published) await this.alerts.listingPublished(published.listingId, new Date(event.occurredAt), published.onlyActive);
  }
}
