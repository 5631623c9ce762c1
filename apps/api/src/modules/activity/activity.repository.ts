import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { activities, type ActivityRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewActivityRow = typeof activities.$inferInsert;

export interface ActivityFilter {
  userId?: string;
  kinds?: string[];
  text?: string;
  from?: Date;
  to?: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

@Injectable()
export class ActivityRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Writes activities; one per event and member whatever the retries. */
  async insert(rows: NewActivityRow[]): Promise<ActivityRow[]> {
    if (!rows.length) return [];
    return this.db.insert(activities).values(rows).onConflictDoNothing().returning();
  }

  /** A page of the activities `visible` lets the caller see (activity-access.ts) that match the filter, newest first. */
  async page(visible: SQL, filter: ActivityFilter, limit: number, skip: number): Promise<{ rows: ActivityRow[]; total: number }> {
    const where = and(
      visible,
      filter.userId ? eq(activities.userId, filter.userId) : undefined,
      filter.kinds?.length ? inArray(activities.kind, filter.kinds) : undefined,
      filter.text ? ilike(activities.title, `%${escapeLike(filter.text)}%`) : undefined,
      filter.from ? gte(activities.occurredAt, filter.from) : undefined,
      filter.to ? lt(activities.occurredAt, filter.to) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(activities).where(where).orderBy(desc(activities.occurredAt), desc(activities.id)).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(activities).where(where),
    ]);
    return { rows, total };
  }

  async findById(id: string): Promise<ActivityRow | null> {
    const [row] = await this.db.select().from(activities).where(eq(activities.id, id)).limit(1);
    return row ?? null;
  }

  async update(id: string, patch: Pick<NewActivityRow, 'data' | 'title'>): Promise<ActivityRow | null> {
    const [row] = await this.db
      .update(activities)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(activities.id, id))
      .returning();
    return row ?? null;
  }

  async remove(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(activities)
      .where(and(eq(activities.id, id), eq(activities.userId, userId)))
      .returning({ id: activities.id });
    return rows.length > 0;
  }

  async clear(userId: string): Promise<number> {
    const rows = await this.db.delete(activities).where(eq(activities.userId, userId)).returning({ id: activities.id });
    return rows.length;
  }
}
