import { Injectable } from '@nestjs/common';
import type { DomainEventType } from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../common/events/event-subscriber';
import { ListingCountCache } from './listing-count-cache';

/** The listing events that can move a listing in or out of a search, or change what a count counts. */
export const COUNT_CHANGING_EVENTS = [
  'listing.created',
  'listing.updated',
  'listing.removed',
  'listing.visibility_changed',
  'listing.verified',
  'review.created',
  'user.removed',
  'user.status_changed',
] as const satisfies readonly DomainEventType[];

/**
 * Bumps the version of the cached search totals after any change that can alter them, so no writer has
 * to remember to (the cache also forgets everything after a minute). Harmless to repeat.
 */
@EventSubscriber({ name: 'listing-count-cache', events: COUNT_CHANGING_EVENTS })
@Injectable()
export class ListingCountInvalidation implements DomainEventHandler {
  constructor(private readonly counts: ListingCountCache) {}

  async handle(): Promise<void> {
    await this.counts.invalidate();
  }
}
