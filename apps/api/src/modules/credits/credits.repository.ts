import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, lte, sum } from 'drizzle-orm';
import { creditLedger, creditReservations, type CreditLedgerRow, type CreditReservationRow } from '@app/db';
import type { CreditEntryKind } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';

export interface NewLedgerEntry {
  userId: string;
  kind: CreditEntryKind;
  amount: number;
  balanceAfter: number;
  reservationId?: string | null;
  paymentId?: string | null;
  subscriptionId?: string | null;
  reason?: string | null;
  actorId?: string | null;
  idempotencyKey?: string | null;
}

/** The credits ledger and reservations (tables credit_ledger, credit_reservations). */
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
      this.db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(desc(creditLedger.id)).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(creditLedger).where(eq(creditLedger.userId, userId)),
    ]);
    return { rows, total: Number(total) };
  }

  /** The sum of a member's ledger rows: what the cached balance must equal. */
  async ledgerSum(userId: string): Promise<number> {
    const [row] = await this.db.select({ total: sum(creditLedger.amount) }).from(creditLedger).where(eq(creditLedger.userId, userId));
    return Number(row?.total ?? 0);
  }

  async insertReservation(values: { userId: string; amount: number; purpose: string; expiresAt: Date }): Promise<CreditReservationRow> {
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

  /** Credits a member has held for work in progress. */
  async heldBy(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sum(creditReservations.amount) })
      .from(creditReservations)
      .where(and(eq(creditReservations.userId, userId), eq(creditReservations.status, 'reserved')));
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
}
