import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { notifications, type NotificationRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewNotificationRow = typeof notifications.$inferInsert;

@Injectable()
export class NotificationsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * The in-app notifications a new message leaves, one per recipient, as a data-modifying query to
   * compose into the statement that writes the message (both are written or neither). `from` is the
   * relation they are made of, with the columns recipient_id, sender_id, sender_first_name,
   * sender_last_name, thread_id, message_id and listing_id; `body` is messageNotificationBody(content).
   * Title "New message from <first> <last>" (trimmed); data { threadId, messageId, senderId, listingId }.
   */
  messageNotificationsQuery(from: SQL, body: SQL | Placeholder): SQL {
    return sql`insert into ${notifications} (user_id, type, title, body, data)
      select src.recipient_id, 'message',
        'New message from ' || btrim(coalesce(src.sender_first_name, '') || ' ' || coalesce(src.sender_last_name, '')),
        ${body}::text,
        jsonb_build_object('threadId', src.thread_id, 'messageId', src.message_id, 'senderId', src.sender_id, 'listingId', src.listing_id)
      from ${from} src`;
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
