import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { subscriptions, type SubscriptionRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewSubscription = typeof subscriptions.$inferInsert;

export interface SubscriptionFilters {
  userIds?: string[];
  plan?: SubscriptionRow['plan'][];
  status?: SubscriptionRow['status'][];
  billingPeriod?: SubscriptionRow['billingPeriod'][];
}

/** Subscriptions (table subscriptions): the current one per member, the scheduled next one, the history. */
@Injectable()
export class SubscriptionsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(values: NewSubscription): Promise<SubscriptionRow> {
    const [row] = await this.db.insert(subscriptions).values(values).returning();
    return row;
  }

  async findById(id: string): Promise<SubscriptionRow | null> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
    return row ?? null;
  }

  async byPayment(paymentId: string): Promise<SubscriptionRow | null> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.paymentId, paymentId)).limit(1);
    return row ?? null;
  }

  /** The member's current subscription (active or suspended), locked until the transaction ends. */
  async currentForUpdate(userId: string): Promise<SubscriptionRow | null> {
    const [row] = await this.currentQuery(userId).for('update');
    return row ?? null;
  }

  async current(userId: string): Promise<SubscriptionRow | null> {
    const [row] = await this.currentQuery(userId);
    return row ?? null;
  }

  private currentQuery(userId: string) {
    return this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'suspended'])))
      .limit(1);
  }

  /** The member's scheduled subscriptions, the soonest first. */
  async scheduled(userId: string): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'scheduled')))
      .orderBy(asc(subscriptions.startedAt));
  }

  async update(id: string, patch: Partial<NewSubscription>): Promise<SubscriptionRow | null> {
    const [row] = await this.db
      .update(subscriptions)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(subscriptions.id, id))
      .returning();
    return row ?? null;
  }

  /** Moves a subscription from one status to another once: null when it is no longer in `from`. */
  async transition(id: string, from: SubscriptionRow['status'][], patch: Partial<NewSubscription>): Promise<SubscriptionRow | null> {
    const [row] = await this.db
      .update(subscriptions)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, from)))
      .returning();
    return row ?? null;
  }

  async remove(id: string): Promise<SubscriptionRow | null> {
    const [row] = await this.db.delete(subscriptions).where(eq(subscriptions.id, id)).returning();
    return row ?? null;
  }

  async history(userId: string, limit: number, skip: number): Promise<{ rows: SubscriptionRow[]; total: number }> {
    const where = eq(subscriptions.userId, userId);
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(subscriptions).where(where).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(subscriptions).where(where),
    ]);
    return { rows, total: Number(total) };
  }

  async page(filters: SubscriptionFilters, limit: number, skip: number): Promise<{ rows: SubscriptionRow[]; total: number }> {
    const where = this.whereOf(filters);
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(subscriptions).where(where).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(subscriptions).where(where),
    ]);
    return { rows, total: Number(total) };
  }

  /** Scheduled subscriptions whose start has come. */
  async dueToStart(now: Date, limit: number): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'scheduled'), lte(subscriptions.startedAt, now)))
      .orderBy(asc(subscriptions.startedAt))
      .limit(limit);
  }

  /**
   * Active subscriptions to end: those set to end at their period's end once it has passed, and the
   * others once the grace period after it has passed too.
   */
  async dueToEnd(now: Date, graceMs: number, limit: number): Promise<SubscriptionRow[]> {
    const graceEnd = new Date(now.getTime() - graceMs);
    return this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'active'),
          lte(subscriptions.expiresAt, now),
          sql`(${subscriptions.cancelAtPeriodEnd} or ${subscriptions.expiresAt} <= ${graceEnd})`,
        ),
      )
      .orderBy(asc(subscriptions.expiresAt))
      .limit(limit);
  }

  /**
   * Active paid subscriptions owed a monthly credit allowance: month k of a period (k from 0) is owed
   * from started_at + k months, for as many months as the period has (unbounded for lifetime and
   * staff subscriptions without an end).
   */
  async owedAllowance(now: Date, limit: number): Promise<SubscriptionRow[]> {
    const monthsIn = sql`(extract(year from age(${now}::timestamptz, ${subscriptions.startedAt})) * 12 + extract(month from age(${now}::timestamptz, ${subscriptions.startedAt})))::int + 1`;
    const periodMonths = sql`case ${subscriptions.billingPeriod} when 'monthly' then 1 when 'annually' then 12 else 2147483647 end`;
    return this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'active'),
          sql`${subscriptions.plan} <> 'free'`,
          lte(subscriptions.startedAt, now),
          sql`${subscriptions.allowancesGranted} < least(${monthsIn}, ${periodMonths})`,
        ),
      )
      .limit(limit);
  }

  private whereOf(f: SubscriptionFilters): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (f.userIds) parts.push(f.userIds.length ? inArray(subscriptions.userId, f.userIds) : sql`false`);
    if (f.plan?.length) parts.push(inArray(subscriptions.plan, f.plan));
    if (f.status?.length) parts.push(inArray(subscriptions.status, f.status));
    if (f.billingPeriod?.length) parts.push(inArray(subscriptions.billingPeriod, f.billingPeriod));
    return parts.length ? and(...parts) : undefined;
  }
}
