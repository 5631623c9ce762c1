import { Global, Injectable, Module } from '@nestjs/common';
import { CREDIT_POOL_MEMBERSHIP, type CreditPoolMembership, type CreditPoolMembershipLookup } from '../credits/credit-pool-membership';
import { EnterpriseRepository } from './enterprise.repository';

/** Answers the credits module's question "does this member spend from a pool, within which cap?" from enterprise_members. */
@Injectable()
export class EnterprisePoolMembership implements CreditPoolMembershipLookup {
  constructor(private readonly repo: EnterpriseRepository) {}

  async membershipOf(userId: string): Promise<CreditPoolMembership | null> {
    const m = await this.repo.poolMembershipOf(userId);
    return m ? { enterpriseId: m.enterpriseId, monthlyCreditCap: m.monthlyCreditCap, paused: m.status === 'paused' } : null;
  }
}

/**
 * Provides CREDIT_POOL_MEMBERSHIP (the port declared by the credits module) everywhere, so that
 * CreditsService can inject it without importing the enterprise module (which calls CreditsService).
 */
@Global()
@Module({
  providers: [EnterpriseRepository, EnterprisePoolMembership, { provide: CREDIT_POOL_MEMBERSHIP, useExisting: EnterprisePoolMembership }],
  exports: [CREDIT_POOL_MEMBERSHIP],
})
export class EnterpriseMembershipModule {}
