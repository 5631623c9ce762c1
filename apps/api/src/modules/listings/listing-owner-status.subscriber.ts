import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../common/events/event-subscriber';
import { ListingsService } from './listings.service';

/**
 * A suspended member's listings leave the public: suspending hides every visible listing of the owner
 * (marked `hidden_for_suspension`), reinstating shows those again. Each listing changes through its own
 * `listing.visibility_changed` event, so search, the map, saved-search alerts and the market figures
 * follow as for any hidden listing. Both steps are idempotent (the event may come twice).
 */
@EventSubscriber({ name: 'listing-owner-status', events: ['user.status_changed'] })
@Injectable()
export class ListingOwnerStatusSubscriber implements DomainEventHandler {
  constructor(private readonly listings: ListingsService) {}

  async handle(event: DomainEvent): Promise<void> {
    if (event.type !== 'user.status_changed') return;
    const { userId, from, to } = (event as DomainEvent<'user.status_changed'>).data;
    if (to === 'suspended' && from !== 'suspended') await this.listings.hideForSuspendedOwner(userId, event.actorId);
    else if (from === 'suspended' && to !== 'suspended') await this.listings.showAfterSuspension(userId, event.actorId);
  }
}
