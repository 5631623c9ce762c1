import { Global, Injectable, Module } from '@nestjs/common';
import { CREDIT_POOL_MEMBERSHIP, type CreditPoolMembership, type CreditPoolMembershipLookup } from '../credits/credit-pool-membership';
import { LISTING_TEAM_MEMBERSHIP, type ListingTeamMembership } from '../listings/team/listing-team-membership';
import { EnterpriseRepository } from './enterprise.repository';

/**
 * Answers other modules' questions about a member's team from enterprise_members: the credits module's
 * "does this member spend from a pool, within which cap?" and the listings module's "which team does
 * a new listing of this member belong to?".
 */
@Injectable()
export class EnterpriseMemberships implements CreditPoolMembershipLookup, ListingTeamMembership {
  constructor(private readonly repo: EnterpriseRepository) {}

  async membershipOf(userId: string): Promise<CreditPoolMembership | null> {
    const m = await this.repo.poolMembershipOf(userId);
    return m
      ? {
          enterpriseId: m.enterpriseId,
          monthlyCreditCap: m.monthlyCreditCap,
          paused: m.status === 'paused',
        }
      : null;
  }

  /** A paused member does not act for the team: their new listings are their own. */
  async teamOf(userId: string): Promise<string | null> {
    const m = await this.repo.poolMembershipOf(userId);
    return m && m.status === 'active' ? m.enterpriseId : null;
  }
}

/**
 * Provides CREDIT_POOL_MEMBERSHIP and LISTING_TEAM_MEMBERSHIP (ports declared by the credits and
 * listings modules) everywhere, so that those modules need not import the enterprise module (which
 * calls CreditsService and ListingTeamService).
 */
@Global()
@Module({
  providers: [
    EnterpriseRepository,
    EnterpriseMemberships,
    { provide: CREDIT_POOL_MEMBERSHIP, useExisting: EnterpriseMemberships },
    { provide: LISTING_TEAM_MEMBERSHIP, useExisting: EnterpriseMemberships },
  ],
  exports: [CREDIT_POOL_MEMBERSHIP, LISTING_TEAM_MEMBERSHIP],
})
export class EnterpriseMembershipModule {}
