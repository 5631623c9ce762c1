import { Inject, Injectable, Optional } from '@nestjs/common';
import { Transactions } from '../../../common/db/transactions';
import { EventsService } from '../../../common/events/events.service';
import { LISTING_TEAM_MEMBERSHIP, type ListingTeamMembership } from './listing-team-membership';
import { ListingTeamRepository } from './listing-team.repository';

/**
 * Team listings: a listing posted by an active member of an active enterprise belongs to that team
 * (`listings.enterprise_id`). The enterprise module calls this service (exported by ListingsModule) to
 * move a leaving member's team listings and to count them for the team dashboard; listings learn a
 * member's team through the LISTING_TEAM_MEMBERSHIP port that the enterprise module provides.
 */
@Injectable()
export class ListingTeamService {
  constructor(
    private readonly repo: ListingTeamRepository,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    @Optional()
    @Inject(LISTING_TEAM_MEMBERSHIP)
    private readonly membership?: ListingTeamMembership,
  ) {}

  /** The team a listing the member creates now belongs to (null: their own listing). */
  async teamFor(ownerId: string): Promise<string | null> {
    return (await this.membership?.teamOf(ownerId)) ?? null;
  }

  /** How many listings of the team the member owns. */
  countOf(enterpriseId: string, ownerId: string): Promise<number> {
    return this.repo.countOf(enterpriseId, ownerId);
  }

  /**
   * Moves a leaving member's team listings, in the caller's transaction: to another member (`toId`:
   * only owner_id changes, so the id, code, creation date, views and history stay), or archives them.
   * Each changed listing gets a `listing.updated` event. Answers the ids of all the member's team listings.
   */
  moveFrom(enterpriseId: string, fromId: string, to: { toId: string } | { archive: true }, actorId: string): Promise<string[]> {
    return this.transactions.run(async () => {
      const ids = await this.repo.idsOf(enterpriseId, fromId);
      const changed =
        'toId' in to ? await this.repo.reassign(enterpriseId, fromId, to.toId) : await this.repo.archive(enterpriseId, fromId);
      const fields = 'toId' in to ? ['ownerId'] : ['status'];
      for (const row of changed) {
        await this.events.publish({
          type: 'listing.updated',
          actorId,
          entity: { kind: 'listing', id: row.id },
          data: {
            listingId: row.id,
            name: row.name,
            code: row.code,
            ownerId: row.ownerId,
            fields,
          },
        });
      }
      return ids;
    });
  }

  /** The team's listings (id, owner, status), for the team dashboard. */
  teamListings(enterpriseId: string) {
    return this.repo.teamListings(enterpriseId);
  }
}
