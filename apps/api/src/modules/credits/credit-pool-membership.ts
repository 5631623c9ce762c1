/**
 * The port through which the credits module learns whether a member spends from an enterprise's
 * credit pool, and within which monthly cap. The enterprise module provides it (it owns the
 * memberships); the credits module owns the pools and the ledger. Declared here so that credits does
 * not import the enterprise module (which calls CreditsService to open pools and add credits).
 */
export const CREDIT_POOL_MEMBERSHIP = Symbol('CREDIT_POOL_MEMBERSHIP');

export interface CreditPoolMembership {
  enterpriseId: string;
  /** Credits the member may spend from the pool in a calendar month (Asia/Manila); null: no cap. */
  monthlyCreditCap: number | null;
  /** A paused member cannot spend from the pool. */
  paused: boolean;
}

export interface CreditPoolMembershipLookup {
  /** The member's enterprise membership, or null when they are in none (or the enterprise is suspended). */
  membershipOf(userId: string): Promise<CreditPoolMembership | null>;
}
