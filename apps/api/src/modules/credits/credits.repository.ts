import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, inArray, isNull, lt, lte, sql, sum, type SQL } from 'drizzle-orm';
import { creditLedger, creditPools, creditReservations, type CreditLedgerRow, type CreditReservationRow } from '@app/db';
import type { CreditEntryKind } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';

export interface NewLedgerEntry {
  userId: string;
  kind: CreditEntryKind;
  amount: number;
  balanceAfter: number;
  /** Set when the row moves an enterprise's pool (balanceAfter is then the pool's). */
  poolId?: string | null;
  reservationId?: string | null;
  paymentId?: string | null;
  subscriptionId?: string | null;
  reason?: string | null;
  actorId?: string | null;
  idempotencyKey?: string | null;
}

/** Which pool rows a pool ledger page shows. */
export interface PoolLedgerFilter {
  /** Only this member's spending rows (reserve, commit, refund). */
  memberId?: string;
  kinds?: readonly CreditEntryKind[];
  from?: Date;
  to?: Date;
}

/** A member's own rows: rows that moved a pool are the pool's, not the member's. */
const personal = (userId: string) => and(eq(creditLedger.userId, userId), isNull(creditLedger.poolId));

/** The credits ledger, reservations and enterprise credit pools (tables credit_ledger, credit_reservations, credit_pools). */
@Injectable()
export class CreditsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * Claims an idempotency key by inserting the entry (balance filled in later by `setBalanceAfter`);
   * null when an entry with that key exists already (a second insert of the same key waits for the
   * first's transaction, then finds it).
   */
  async claim(entry: NewLedgerEntry): Promise<number | null> {
    const [row] = await this.db
      .insert(creditLedger)
      .values(entry)
      .onConflictDoNothing({ target: creditLedger.idempotencyKey })
      .returning({ id: creditLedger.id });
    return row?.id ?? null;
  }

  async insert(entry: NewLedgerEntry): Promise<CreditLedgerRow> {
    const [row] = await this.db.insert(creditLedger).values(entry).returning();
    return row;
  }

  async setBalanceAfter(id: number, balanceAfter: number): Promise<void> {
    await this.db.update(creditLedger).set({ balanceAfter }).where(eq(creditLedger.id, id));
  }

  async entryByKey(key: string): Promise<CreditLedgerRow | null> {
    const [row] = await this.db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, key)).limit(1);
    return row ?? null;
  }

  async page(userId: string, limit: number, skip: number): Promise<{ rows: CreditLedgerRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(creditLedger).where(personal(userId)).orderBy(desc(creditLedger.id)).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(creditLedger).where(personal(userId)),
    ]);
    return { rows, total: Number(total) };
  }

  /** The sum of a member's own ledger rows (pool rows excluded): what the cached balance must equal. */
  async ledgerSum(userId: string): Promise<number> {
    const [row] = await this.db.select({ total: sum(creditLedger.amount) }).from(creditLedger).where(personal(userId));
    return Number(row?.total ?? 0);
  }

  async insertReservation(values: { userId: string; amount: number; purpose: string; expiresAt: Date; poolId?: string | null }): Promise<CreditReservationRow> {
    const [row] = await this.db.insert(creditReservations).values(values).returning();
    return row;
  }

  async reservation(id: string): Promise<CreditReservationRow | null> {
    const [row] = await this.db.select().from(creditReservations).where(eq(creditReservations.id, id)).limit(1);
    return row ?? null;
  }

  /** Settles a reservation still held; null when it was settled already (commit and refund each happen once). */
  async settle(id: string, status: 'committed' | 'refunded'): Promise<CreditReservationRow | null> {
    const [row] = await this.db
      .update(creditReservations)
      .set({ status, settledAt: new Date() })
      .where(and(eq(creditReservations.id, id), eq(creditReservations.status, 'reserved')))
      .returning();
    return row ?? null;
  }

  /** Credits a member has held from their own balance for work in progress (pool reservations excluded). */
  async heldBy(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sum(creditReservations.amount) })
      .from(creditReservations)
      .where(and(eq(creditReservations.userId, userId), eq(creditReservations.status, 'reserved'), isNull(creditReservations.poolId)));
    return Number(row?.total ?? 0);
  }

  /** Reservations held past their time (the work died): the credits task refunds them. */
  async overdueReservations(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: creditReservations.id })
      .from(creditReservations)
      .where(and(eq(creditReservations.status, 'reserved'), lte(creditReservations.expiresAt, now)))
      .orderBy(creditReservations.expiresAt)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /* ---------------------------------------------------------------- enterprise credit pools */

  /** Makes an enterprise's pool (balance 0) unless it exists (a foreign-key violation when the enterprise is unknown). */
  async openPool(enterpriseId: string): Promise<void> {
    await this.db.insert(creditPools).values({ enterpriseId }).onConflictDoNothing({ target: creditPools.enterpriseId });
  }

  /** A pool's balance, its row locked until the transaction ends (every spend from one pool queues here); null when there is no pool. */
  async lockPool(enterpriseId: string): Promise<number | null> {
    const [row] = await this.db.select({ balance: creditPools.balance }).from(creditPools).where(eq(creditPools.enterpriseId, enterpriseId)).for('update');
    return row?.balance ?? null;
  }

  async poolBalance(enterpriseId: string): Promise<number | null> {
    const [row] = await this.db.select({ balance: creditPools.balance }).from(creditPools).where(eq(creditPools.enterpriseId, enterpriseId));
    return row?.balance ?? null;
  }

  /** Adds `delta` (negative: takes) to a pool unless that would take it below zero; null then (or when there is no pool). */
  async movePool(enterpriseId: string, delta: number): Promise<number | null> {
    const [row] = await this.db
      .update(creditPools)
      .set({ balance: sql`${creditPools.balance} + ${delta}`, updatedAt: new Date() })
      .where(and(eq(creditPools.enterpriseId, enterpriseId), sql`${creditPools.balance} + ${delta} >= 0`))
      .returning({ balance: creditPools.balance });
    return row?.balance ?? null;
  }

  /** The sum of a pool's ledger rows: what `credit_pools.balance` must equal. */
  async poolLedgerSum(enterpriseId: string): Promise<number> {
    const [row] = await this.db.select({ total: sum(creditLedger.amount) }).from(creditLedger).where(eq(creditLedger.poolId, enterpriseId));
    return Number(row?.total ?? 0);
  }

  /** Credits held from a pool by work in progress. */
  async poolHeld(enterpriseId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sum(creditReservations.amount) })
      .from(creditReservations)
      .where(and(eq(creditReservations.poolId, enterpriseId), eq(creditReservations.status, 'reserved')));
    return Number(row?.total ?? 0);
  }

  /**
   * Credits members spent from a pool in [from, to): what they reserved in the window, less the
   * reservations refunded since (held and committed ones count). By member; `userId` narrows to one.
   * Both reads use credit_ledger_pool_member_idx.
   */
  async poolSpend(enterpriseId: string, from: Date, to: Date | null, userId?: string): Promise<Map<string, number>> {
    const refund = sql`select 1 from ${creditLedger} f
      where f.pool_id = ${creditLedger.poolId} and f.user_id = ${creditLedger.userId} and f.kind = 'refund'
        and f.reservation_id = ${creditLedger.reservationId} and f.created_at >= ${creditLedger.createdAt}`;
    const rows = await this.db
      .select({ userId: creditLedger.userId, spent: sql<string>`-sum(${creditLedger.amount})` })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.poolId, enterpriseId),
          userId ? eq(creditLedger.userId, userId) : undefined,
          eq(creditLedger.kind, 'reserve'),
          gte(creditLedger.createdAt, from),
          to ? lt(creditLedger.createdAt, to) : undefined,
          sql`not exists (${refund})`,
        ),
      )
      .groupBy(creditLedger.userId);
    return new Map(rows.map((r) => [r.userId, Number(r.spent)]));
  }

  /** A page of a pool's ledger, newest first. */
  async poolPage(enterpriseId: string, filter: PoolLedgerFilter, limit: number, skip: number): Promise<{ rows: CreditLedgerRow[]; total: number }> {
    const conditions: Array<SQL | undefined> = [
      eq(creditLedger.poolId, enterpriseId),
      filter.memberId ? eq(creditLedger.userId, filter.memberId) : undefined,
      filter.kinds ? inArray(creditLedger.kind, [...filter.kinds]) : undefined,
      filter.from ? gte(creditLedger.createdAt, filter.from) : undefined,
      filter.to ? lt(creditLedger.createdAt, filter.to) : undefined,
    ];
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(creditLedger).where(where).orderBy(desc(creditLedger.id)).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(creditLedger).where(where),
    ]);
    return { rows, total: Number(total) };
  }
}
