import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { eq, inArray } from 'drizzle-orm';
import { appState, users, type KycSummaryValue } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import { CreditsService } from '../credits/credits.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { DemoLegazpiListingsSeeder } from './demo-legazpi-listings';
import { DemoListingsSeeder } from './demo-listings';
import { DemoMarketHistorySeeder } from './demo-market-history';

const SEED_KEY = 'demo-seed';

/** What one demo seed run created: nothing when the database was seeded already. */
export interface DemoSeedResult {
  /** The demo accounts were created by this run. */
  accounts: boolean;
  /** Demo listings created (Metro Manila, Cebu, Davao). */
  listings: number;
  /** Demo listings created in Legazpi City. */
  legazpiListings: number;
  /** Demo listings with a market history (the market reports' demo). */
  marketHistory: number;
}

/** Seeds the demo data once per database; later starts see the marker and skip. */
@Injectable()
export class SeedService {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    @InjectDb() private readonly db: Database,
    private readonly listings: DemoListingsSeeder,
    private readonly legazpiListings: DemoLegazpiListingsSeeder,
    private readonly marketHistory: DemoMarketHistorySeeder,
    private readonly subscriptions: SubscriptionsService,
    private readonly credits: CreditsService,
  ) {}

  /**
   * The whole demo seed (what the server runs at start with SEED_DEMO on, and `npm run seed`): the
   * accounts, then the listings, each part once per database. The places must be loaded first.
   */
  async seedDemo(): Promise<DemoSeedResult> {
    const accounts = await this.seedDemoOnce();
    const listings = await this.listings.seedOnce();
    const legazpiListings = await this.legazpiListings.seedOnce();
    const marketHistory = await this.marketHistory.seedOnce();
    return { accounts, listings, legazpiListings, marketHistory };
  }

  async seedDemoOnce(): Promise<boolean> {
    const [done] = await this.db.select().from(appState).where(eq(appState.key, SEED_KEY)).limit(1);
    if (done) return false;
    const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
    await this.db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values(
          DEMO_ACCOUNTS.map((a) => ({
            email: a.email,
            firstName: a.firstName,
            lastName: a.lastName,
            role: a.role,
            type: a.type,
            passwordHash,
            isVerified: true,
            // the demo's listing owners hold many demo listings, more than a member without a verified
            // identity may show (KYC_UNVERIFIED_ACTIVE_LISTINGS): their identity is taken as verified (no
            // documents exist for demo accounts; their Verification page offers a real submission)
            kyc: a.role === 'user' && a.type !== 'customer' ? demoIdentity() : null,
          })),
        )
        .onConflictDoNothing();
      await tx.insert(appState).values({ key: SEED_KEY, value: { at: new Date().toISOString(), version: 1 } });
    });
    await this.seedPlansAndCredits();
    this.logger.log(`Demo data seeded (${DEMO_ACCOUNTS.length} accounts)`);
    return true;
  }

  /**
   * The demo accounts' credits go through the ledger (10 each to try ARIA), and the three accounts that
   * list the demo listings (about a hundred each) are on Premium, whose active-listings limit holds them.
   */
  private async seedPlansAndCredits(): Promise<void> {
    const rows = await this.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
    const ids = new Map(rows.map((r) => [r.email, r.id]));
    for (const a of DEMO_ACCOUNTS) {
      const id = ids.get(a.email);
      if (!id) continue;
      await this.credits.grant(id, { kind: 'transfer', amount: 10, reason: 'Demo account: credits to try ARIA', idempotencyKey: `demo-welcome:${a.email}` });
      if (a.role === 'user' && a.type !== 'customer') await this.subscriptions.seedPlan(id, 'premium', 'annually', 'Demo account');
    }
  }
}

/** An approved identity summary for a demo listing owner (users.kyc, as the kyc module writes it). */
function demoIdentity(): KycSummaryValue {
  const now = new Date();
  return {
    submissionId: randomUUID(),
    status: 'approved',
    idType: 'philsys_card',
    approvedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 730 * 86_400_000).toISOString(),
    updatedAt: now.toISOString(),
  };
}
