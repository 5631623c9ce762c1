import { Injectable } from '@nestjs/common';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { ariaRuns, type AriaRunRow } from '@app/db';
import { InjectDb, type Database } from '../../../common/db/database.module';

export type NewAriaRun = typeof ariaRuns.$inferInsert;

/** ARIA's feasibility runs and comparisons (table aria_runs). */
@Injectable()
export class AriaRunsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(row: NewAriaRun): Promise<AriaRunRow> {
    const [created] = await this.db.insert(ariaRuns).values(row).returning();
    return created;
  }

  async findById(id: string): Promise<AriaRunRow | null> {
    const [row] = await this.db.select().from(ariaRuns).where(eq(ariaRuns.id, id));
    return row ?? null;
  }

  async ofConversation(conversationId: string): Promise<AriaRunRow[]> {
    return this.db.select().from(ariaRuns).where(eq(ariaRuns.conversationId, conversationId)).orderBy(ariaRuns.createdAt, ariaRuns.id);
  }

  async setReservation(id: string, reservationId: string): Promise<void> {
    await this.db.update(ariaRuns).set({ reservationId }).where(eq(ariaRuns.id, id));
  }

  /** Runs a member asked for since `since`. */
  async countSince(userId: string, since: Date): Promise<number> {
    const [{ n }] = await this.db.select({ n: count() }).from(ariaRuns).where(and(eq(ariaRuns.userId, userId), gte(ariaRuns.createdAt, since)));
    return Number(n);
  }

  /** Starts (or starts over) an attempt. Null when the run is finished or gone. */
  async start(id: string): Promise<AriaRunRow | null> {
    const [row] = await this.db
      .update(ariaRuns)
      .set({ status: 'running', progress: 0, startedAt: new Date(), attempts: sql`${ariaRuns.attempts} + 1`, error: null })
      .where(and(eq(ariaRuns.id, id), inArray(ariaRuns.status, ['queued', 'running'])))
      .returning();
    return row ?? null;
  }

  async progress(id: string, percent: number): Promise<void> {
    await this.db.update(ariaRuns).set({ progress: percent }).where(and(eq(ariaRuns.id, id), eq(ariaRuns.status, 'running')));
  }

  /** Succeeded with its result (once: null when it was finished meanwhile). */
  async succeed(id: string, values: { result: Record<string, unknown>; narrative: string; pdfKey: string }): Promise<AriaRunRow | null> {
    const [row] = await this.db
      .update(ariaRuns)
      .set({ ...values, status: 'succeeded', progress: 100, finishedAt: new Date(), error: null })
      .where(and(eq(ariaRuns.id, id), inArray(ariaRuns.status, ['queued', 'running'])))
      .returning();
    return row ?? null;
  }

  /** Failed for good (once: null when it had finished). */
  async fail(id: string, error: string): Promise<AriaRunRow | null> {
    const [row] = await this.db
      .update(ariaRuns)
      .set({ status: 'failed', error, finishedAt: new Date() })
      .where(and(eq(ariaRuns.id, id), inArray(ariaRuns.status, ['queued', 'running'])))
      .returning();
    return row ?? null;
  }
}
