import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { notifications, type NotificationRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewNotificationRow = typeof notifications.$inferInsert;

@Injectable()
export class NotificationsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * The insert as a query, to compose into the statement that causes it (a message and its
   * recipient's notification are written together or not at all).
   */
  insertQuery(rows: NewNotificationRow[]) {
    return this.db.insert(notifications).values(rows);
  }

  async page(userId: string, limit: number, skip: number): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
    const [rows, [{ total }], [{ unread }]] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId)),
      this.db
        .select({ unread: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
    ]);
    return { rows, total, unread };
  }

  /** Marks the user's own notification read (keeping the first read time); null when it is not theirs. */
  async markRead(userId: string, id: string): Promise<NotificationRow | null> {
    const [updated] = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning();
    if (updated) return updated;
    const [row] = await this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    return row ?? null;
  }
}
