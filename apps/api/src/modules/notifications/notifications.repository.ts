import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notificationPreferences, notifications, type NotificationRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewNotificationRow = typeof notifications.$inferInsert;

@Injectable()
export class NotificationsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Writes notifications; one per event and member whatever the retries (answers those written now). */
  async insert(rows: NewNotificationRow[]): Promise<NotificationRow[]> {
    if (!rows.length) return [];
    return this.db.insert(notifications).values(rows).onConflictDoNothing().returning();
  }

  /** A page of the member's notifications, newest first (unread ones first when asked), with the totals. */
  async page(userId: string, limit: number, skip: number, unreadFirst: boolean): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
    const order = unreadFirst
      ? [sql`${notifications.readAt} is not null`, desc(notifications.createdAt), desc(notifications.id)]
      : [desc(notifications.createdAt), desc(notifications.id)];
    const [rows, [{ total }], unread] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(...order)
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId)),
      this.unreadCount(userId),
    ]);
    return { rows, total, unread };
  }

  async unreadCount(userId: string): Promise<number> {
    const [{ unread }] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return unread;
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

  /** Marks every unread notification of the user read; answers how many. */
  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** The e-mail choices members made, per kind (no row: the kind's default). */
  async emailChoices(userIds: string[]): Promise<Array<{ userId: string; kind: string; email: boolean }>> {
    if (!userIds.length) return [];
    return this.db
      .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind, email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.userId, userIds));
  }

  async setEmailChoices(userId: string, choices: Array<{ kind: string; email: boolean }>): Promise<void> {
    if (!choices.length) return;
    await this.db
      .insert(notificationPreferences)
      .values(choices.map((c) => ({ userId, kind: c.kind, email: c.email })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { email: sql`excluded.email`, updatedAt: sql`now()` },
      });
  }
}
