import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { payments, paymentWebhookEvents, type NewPaymentRow, type PaymentRow } from '@app/db';
import type { PaymentStatus } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';
import { countInWindow, countsByPeriod, type PeriodCount, type PeriodWindow } from '../../common/db/period-counts';

export interface PaymentFilters {
  userId?: string;
  userIds?: string[];
  status?: PaymentStatus[];
  method?: PaymentRow['method'][];
  purpose?: PaymentRow['purpose'][];
  reference?: string;
}

/** Payments and the webhook deliveries seen (tables payments, payment_webhook_events). */
@Injectable()
export class PaymentsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(values: NewPaymentRow): Promise<PaymentRow> {
    const [row] = await this.db.insert(payments).values(values).returning();
    return row;
  }

  async findById(id: string): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row ?? null;
  }

  async findByReference(reference: string): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
    return row ?? null;
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  }

  /** The payment a provider's checkout belongs to, by its checkout id or else our reference. */
  async findForNotice(provider: PaymentRow['provider'], checkoutId: string | undefined, reference: string | undefined): Promise<PaymentRow | null> {
    if (checkoutId) {
      const [row] = await this.db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerCheckoutId, checkoutId)))
        .limit(1);
      if (row) return row;
    }
    if (reference) {
      const row = await this.findByReference(reference);
      if (row && row.provider === provider) return row;
    }
    return null;
  }

  /** The payment, locked until the transaction ends: every status move reads it so, one at a time. */
  async lock(id: string): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
    return row ?? null;
  }

  async update(id: string, patch: Partial<NewPaymentRow>): Promise<PaymentRow> {
    const [row] = await this.db
      .update(payments)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(payments.id, id))
      .returning();
    return row;
  }

  /** The next official receipt number: OR-<year>-<six digits>, never reused. */
  async nextReceiptNumber(year: number): Promise<string> {
    const result = await this.db.execute<{ n: string }>(sql`select nextval('payment_receipt_seq')::text as n`);
    const [{ n }] = (result as unknown as { rows: { n: string }[] }).rows;
    return `OR-${year}-${n.padStart(6, '0')}`;
  }

  /** Open payments a member started in the last `sinceMs` (a cap on checkouts a member may open). */
  async recentOpenCount(userId: string, since: Date): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.userId, userId), inArray(payments.status, ['pending', 'awaiting_action']), gte(payments.createdAt, since)));
    return Number(n);
  }

  /** Open payments past their expiry (the expiry task asks the provider once, then closes them). */
  async overdue(now: Date, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(and(inArray(payments.status, ['pending', 'awaiting_action']), lte(payments.expiresAt, now)))
      .orderBy(payments.expiresAt)
      .limit(limit);
  }

  /** Records a webhook delivery by its event id; false when that id was seen already. */
  async recordWebhook(provider: string, eventId: string, type: string, paymentId: string | null): Promise<boolean> {
    const rows = await this.db
      .insert(paymentWebhookEvents)
      .values({ provider, eventId, type, paymentId })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    return rows.length === 1;
  }

  /**
   * A signed notice, accepted in one statement: the payment it is about (by checkout id or reference),
   * the delivery recorded by its event id, and, when the delivery is new and the payment can still move
   * to the state it reports (a status in `canMoveFrom`), the `payment.notice_received` event that the
   * payments subscriber applies. `paymentId` null: not one of ours.
   */
  async acceptNotice(
    provider: PaymentRow['provider'],
    notice: { eventId: string; type: string; checkoutId?: string; reference?: string },
    canMoveFrom: string[],
    eventInsert: (from: SQL) => SQL,
    eventData: Record<string, unknown>,
  ): Promise<{ paymentId: string | null; fresh: boolean; queued: boolean }> {
    const result = await this.db.execute(sql`
      with pay as (
        select id, status from ${payments}
        where ${payments.provider} = ${provider}
          and (${payments.providerCheckoutId} = ${notice.checkoutId ?? null} or ${payments.reference} = ${notice.reference ?? null})
        order by (${payments.providerCheckoutId} = ${notice.checkoutId ?? null}) desc nulls last
        limit 1
      ),
      seen as (
        insert into ${paymentWebhookEvents} (provider, event_id, type, payment_id)
        select ${provider}, ${notice.eventId}, ${notice.type}, pay.id from pay
        on conflict do nothing
        returning event_id
      ),
      ev as (${eventInsert(sql`(
        select gen_random_uuid() as event_id, null::uuid as actor_id, pay.id as entity_id, ${JSON.stringify(eventData)}::jsonb as data, now() as occurred_at
        from pay, seen where pay.status = any(${sql.param(canMoveFrom)}::text[])
      )`)} returning id)
      select (select id::text from pay) as payment_id, exists (select 1 from seen) as fresh, exists (select 1 from ev) as queued`);
    const [row] = (result as unknown as { rows: { payment_id: string | null; fresh: boolean; queued: boolean }[] }).rows;
    return { paymentId: row.payment_id, fresh: row.fresh, queued: row.queued };
  }

  async page(filters: PaymentFilters, limit: number, skip: number): Promise<{ rows: PaymentRow[]; total: number }> {
    const where = this.whereOf(filters);
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(payments).where(where),
    ]);
    return { rows, total: Number(total) };
  }

  private whereOf(f: PaymentFilters): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (f.userId) parts.push(eq(payments.userId, f.userId));
    if (f.userIds) parts.push(f.userIds.length ? inArray(payments.userId, f.userIds) : sql`false`);
    if (f.status?.length) parts.push(inArray(payments.status, f.status));
    if (f.method?.length) parts.push(inArray(payments.method, f.method));
    if (f.purpose?.length) parts.push(inArray(payments.purpose, f.purpose));
    if (f.reference) parts.push(eq(payments.reference, f.reference));
    return parts.length ? and(...parts) : undefined;
  }
  /** Payments paid per Manila day (week, month) of the window (by paid_at), with their amounts, of one member or all (the admin dashboard). */
  paidByPeriod(window: PeriodWindow, userId?: string): Promise<PeriodCount[]> {
    return countsByPeriod(this.db, payments, payments.paidAt, window, { where: userId ? eq(payments.userId, userId) : undefined, amount: payments.amountCentavos });
  }

  /** Payments paid in the window (by paid_at) and their sum in centavos, of one member or all; without a window, ever. */
  async paidTotals(window: { from: Date; to: Date } | null, userId?: string): Promise<{ count: number; amount: number }> {
    const byUser = userId ? eq(payments.userId, userId) : undefined;
    if (window) return countInWindow(this.db, payments, payments.paidAt, window, { where: byUser, amount: payments.amountCentavos });
    const [row] = await this.db
      .select({ count: count(), amount: sql<string>`coalesce(sum(${payments.amountCentavos}), 0)` })
      .from(payments)
      .where(and(sql`${payments.paidAt} is not null`, byUser));
    return { count: Number(row.count), amount: Number(row.amount) };
  }
}
