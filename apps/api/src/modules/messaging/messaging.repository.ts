import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  messages,
  threadParticipants,
  threads,
  type MessageAttachmentValue,
  type MessageRow,
  type ThreadRow,
} from '@app/db';
import { Batcher } from '../../common/batching/batcher';
import { InjectDb, type Database } from '../../common/db/database.module';
import { isForeignKeyViolation } from '../../common/db/pg-errors';
import { preparedStatement } from '../../common/db/prepared-statement';
import { countInWindow, countsByPeriod, type PeriodCount, type PeriodWindow } from '../../common/db/period-counts';
import { EventsService } from '../../common/events/events.service';
import { UsersService } from '../users/users.service';

/** A thread's participant: their side of the thread (names and avatars come from UsersService). */
export interface ParticipantRow {
  threadId: string;
  userId: string;
  hiddenAt: Date | null;
  archivedAt: Date | null;
}

/** A participant with what others see of them. */
export interface MemberRow extends ParticipantRow {
  firstName: string;
  lastName: string;
  avatar: string | null;
  type: string;
}

/** A messages row as a raw statement returns it (column names). */
function toMessageRow(r: Record<string, unknown>): MessageRow {
  return {
    id: r.id as string,
    threadId: r.thread_id as string,
    senderId: r.sender_id as string,
    content: r.content as string,
    attachments: r.attachments as MessageAttachmentValue[],
    isRead: r.is_read as boolean,
    readAt: r.read_at ? new Date(r.read_at as string | Date) : null,
    createdAt: new Date(r.created_at as string | Date),
  };
}

/** A message to send (see MessagingRepository.insertMessage). */
export interface NewMessage {
  id: string;
  threadId: string;
  senderId: string;
  content: string;
  attachments: MessageAttachmentValue[];
  /** messageNotificationBody(content): the preview the `message.sent` event carries */
  notificationBody: string;
}

export interface SentMessage {
  row: MessageRow;
  sender: { firstName: string; lastName: string; avatar: string | null; type: string };
  /** The other participants (the `message.sent` event written with the message names them). */
  recipientIds: string[];
}

/** Most messages written by one statement, and most such statements running at once per process. */
export const SEND_BATCH_MAX = 200;
export const SEND_BATCHES_IN_FLIGHT = 2;
/** While a send statement runs, the next waits this long for more messages (fewer, larger statements under load). */
export const SEND_BATCH_LINGER_MS = 3;

/** A row of the send statements: the message, its sender's profile and its recipients. */
function toSentMessage(r: Record<string, unknown>): SentMessage {
  return {
    row: toMessageRow(r),
    sender: {
      firstName: (r.sender_first_name as string | null) ?? '',
      lastName: (r.sender_last_name as string | null) ?? '',
      avatar: (r.sender_avatar as string | null) ?? null,
      type: (r.sender_type as string | null) ?? 'customer',
    },
    recipientIds: r.recipient_ids as string[],
  };
}

/**
 * The `message.sent` event's data (DomainEventMap['message.sent']) of the row `m` of a send statement,
 * with its sender's profile `s`, its recipients in `recipients` (recipient_id, message_id), the thread's
 * listing and the preview text.
 */
function messageSentData(s: SQL, listingId: SQL, preview: SQL | Placeholder): SQL {
  return sql`jsonb_build_object(
    'messageId', m.id, 'threadId', m.thread_id, 'senderId', m.sender_id,
    'senderName', btrim(coalesce(${s}.first_name, '') || ' ' || coalesce(${s}.last_name, '')),
    'recipientIds', coalesce((select jsonb_agg(r.recipient_id order by r.recipient_id) from recipients r where r.message_id = m.id), '[]'::jsonb),
    'listingId', ${listingId}, 'preview', ${preview}::text)`;
}

/**
 * A message the member receives (unread counts and marking read): sent by someone else who is not on
 * the member's side of the thread. A thread about a team listing whose owner left moves to the new
 * owner (`moveThreads`): the new participant joins later than the other one, and the messages the
 * old owner sent (whose sender is no longer a participant) are on the new owner's side, still unread
 * by the other participant, never "unread" for the new owner. In every other thread the sender of a
 * message is a participant, so this is simply "sent by someone else".
 */
function fromOtherSide(userId: string): SQL {
  return sql`(${messages.senderId} <> ${userId} and (
    exists (select 1 from thread_participants s where s.thread_id = ${messages.threadId} and s.user_id = ${messages.senderId})
    or not exists (
      select 1 from thread_participants me join thread_participants o on o.thread_id = me.thread_id and o.joined_at < me.joined_at
      where me.thread_id = ${messages.threadId} and me.user_id = ${userId})))`;
}

/** A thread about a team listing as the team dashboard measures it. */
export interface ListingThreadStat {
  ownerId: string;
  threadId: string;
  createdById: string | null;
  createdAt: Date;
  /** The first message by someone other than the listing's owner. */
  firstInAt: Date | null;
  /** The owner's first message at or after firstInAt. */
  firstReplyAt: Date | null;
}

@Injectable()
export class MessagingRepository {
  private readonly sendStatement: (values: Omit<NewMessage, 'attachments'> & { attachments: string }) => Promise<Record<string, unknown>[]>;
  private readonly sendBatchStatement: (values: {
    ids: string[];
    threadIds: string[];
    senderIds: string[];
    contents: string[];
    attachments: string[];
    notificationBodies: string[];
  }) => Promise<Record<string, unknown>[]>;
  /** Group commit of messages (see insertMessage). */
  readonly sendBatcher: Batcher<NewMessage, SentMessage | null>;

  constructor(
    @InjectDb() private readonly db: Database,
    events: EventsService,
    users: UsersService,
  ) {
    const v = (name: keyof NewMessage) => sql.placeholder(name);
    // now() is the statement's transaction start: the message's created_at, to the microsecond
    this.sendStatement = preparedStatement(
      db,
      'messaging_send_message',
      sql`with access as (
          select t.id as thread_id, t.listing_id
          from ${threads} t
          join ${threadParticipants} me on me.thread_id = t.id and me.user_id = ${v('senderId')}::uuid
          where t.id = ${v('threadId')}::uuid
        ),
        m as (
          insert into ${messages} (id, thread_id, sender_id, content, attachments)
          select ${v('id')}::uuid, a.thread_id, ${v('senderId')}::uuid, ${v('content')}::text, ${v('attachments')}::jsonb from access a
          returning *
        ),
        t as (
          update ${threads} set last_message_id = m.id, last_activity_at = now(), updated_at = now()
          from m where ${threads}.id = m.thread_id and ${threads}.last_activity_at <= now()
        ),
        p as (
          update ${threadParticipants} set hidden_at = null
          from m where ${threadParticipants}.thread_id = m.thread_id and ${threadParticipants}.hidden_at is not null
        ),
        sender as (${users.profileQuery(v('senderId'))}),
        recipients as (
          select tp.user_id as recipient_id, m.id as message_id
          from m
          join ${threadParticipants} tp on tp.thread_id = m.thread_id and tp.user_id <> m.sender_id
        ),
        ev as (${events.insertQuery(
          'message.sent',
          'message',
          sql`(select gen_random_uuid() as event_id, m.sender_id as actor_id, m.id::text as entity_id, ${messageSentData(sql`s`, sql`a.listing_id`, v('notificationBody'))} as data, m.created_at as occurred_at
            from m cross join access a left join sender s on true)`,
        )})
        select m.*, s.first_name as sender_first_name, s.last_name as sender_last_name, s.avatar as sender_avatar, s.type as sender_type,
          array(select recipient_id::text from recipients order by recipient_id) as recipient_ids
        from m left join sender s on true`,
    );

    // the same for several messages (arrays, one element per message); a message whose sender is not
    // in its thread is left out. Within a statement now() is one instant: each message's created_at is
    // now() plus its place in the batch in microseconds, so that messages of one thread keep the order
    // in which they were sent.
    const a = (name: string) => sql.placeholder(name);
    this.sendBatchStatement = preparedStatement(
      db,
      'messaging_send_messages',
      sql`with input as (
          select * from unnest(${a('ids')}::uuid[], ${a('threadIds')}::uuid[], ${a('senderIds')}::uuid[], ${a('contents')}::text[],
            ${a('attachments')}::jsonb[], ${a('notificationBodies')}::text[])
            with ordinality as i(id, thread_id, sender_id, content, attachments, notification_body, ord)
        ),
        access as (
          select i.*, t.listing_id
          from input i
          join ${threads} t on t.id = i.thread_id
          join ${threadParticipants} me on me.thread_id = i.thread_id and me.user_id = i.sender_id
        ),
        m as (
          insert into ${messages} (id, thread_id, sender_id, content, attachments, created_at)
          select a.id, a.thread_id, a.sender_id, a.content, a.attachments, now() + (a.ord - 1) * interval '1 microsecond'
          from access a order by a.ord
          returning *
        ),
        newest as (
          select distinct on (m.thread_id) m.thread_id, m.id, m.created_at from m order by m.thread_id, m.created_at desc
        ),
        t as (
          update ${threads} set last_message_id = newest.id, last_activity_at = newest.created_at, updated_at = now()
          from newest where ${threads}.id = newest.thread_id and ${threads}.last_activity_at <= newest.created_at
        ),
        p as (
          update ${threadParticipants} set hidden_at = null
          from (select distinct m.thread_id from m) mt
          where ${threadParticipants}.thread_id = mt.thread_id and ${threadParticipants}.hidden_at is not null
        ),
        sender as (${users.profilesQuery(sql`array(select distinct a.sender_id from access a)`)}),
        recipients as (
          select tp.user_id as recipient_id, m.id as message_id
          from m
          join ${threadParticipants} tp on tp.thread_id = m.thread_id and tp.user_id <> m.sender_id
        ),
        ev as (${events.insertQuery(
          'message.sent',
          'message',
          sql`(select gen_random_uuid() as event_id, m.sender_id as actor_id, m.id::text as entity_id, ${messageSentData(sql`s`, sql`a.listing_id`, sql`a.notification_body`)} as data, m.created_at as occurred_at
            from m join access a on a.id = m.id left join sender s on s.id = m.sender_id)`,
        )})
        select m.*, s.first_name as sender_first_name, s.last_name as sender_last_name, s.avatar as sender_avatar, s.type as sender_type,
          array(select r.recipient_id::text from recipients r where r.message_id = m.id order by r.recipient_id) as recipient_ids
        from m left join sender s on s.id = m.sender_id`,
    );

    this.sendBatcher = new Batcher<NewMessage, SentMessage | null>({
      runOne: (values) => this.insertOne(values),
      runBatch: (batch) => this.insertMany(batch),
      // the batch is one statement: when it fails nothing of it was written, and each message is
      // tried again alone (a message that cannot be written fails alone, the others are written once)
      retryAloneOnFailure: true,
      maxBatch: SEND_BATCH_MAX,
      maxInFlight: SEND_BATCHES_IN_FLIGHT,
      lingerMs: SEND_BATCH_LINGER_MS,
    });
  }

  private readonly participantColumns = {
    threadId: threadParticipants.threadId,
    userId: threadParticipants.userId,
    hiddenAt: threadParticipants.hiddenAt,
    archivedAt: threadParticipants.archivedAt,
  };

  /** The thread with both participants (one query); null when it does not exist. */
  async findWithParticipants(threadId: string): Promise<{ thread: ThreadRow; participants: ParticipantRow[] } | null> {
    const rows = await this.db
      .select({ thread: threads, member: this.participantColumns })
      .from(threadParticipants)
      .innerJoin(threads, eq(threads.id, threadParticipants.threadId))
      .where(eq(threadParticipants.threadId, threadId))
      .orderBy(asc(threadParticipants.joinedAt), asc(threadParticipants.userId));
    if (rows.length === 0) return null;
    return { thread: rows[0].thread, participants: rows.map((r) => r.member) };
  }

  /**
   * The pair's thread about a listing (or about nothing): created with both participants in one
   * transaction, or found when it exists (even when created concurrently), and then shown again to
   * the caller if they had hidden it.
   */
  async createOrFind(input: { lowId: string; highId: string; listingId: string | null; callerId: string }): Promise<{ id: string; created: boolean }> {
    const listingKey = input.listingId ?? '';
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(threads)
        .values({ userLowId: input.lowId, userHighId: input.highId, listingId: input.listingId, listingKey, createdById: input.callerId })
        .onConflictDoNothing({ target: [threads.userLowId, threads.userHighId, threads.listingKey] })
        .returning({ id: threads.id });
      if (inserted) {
        await tx.insert(threadParticipants).values([
          { threadId: inserted.id, userId: input.lowId },
          { threadId: inserted.id, userId: input.highId },
        ]);
        return { id: inserted.id, created: true };
      }
      const [existing] = await tx
        .select({ id: threads.id })
        .from(threads)
        .where(and(eq(threads.userLowId, input.lowId), eq(threads.userHighId, input.highId), eq(threads.listingKey, listingKey)));
      await tx
        .update(threadParticipants)
        .set({ hiddenAt: null })
        .where(and(eq(threadParticipants.threadId, existing.id), eq(threadParticipants.userId, input.callerId), isNotNull(threadParticipants.hiddenAt)));
      return { id: existing.id, created: false };
    });
  }

  /** Threads about these listings that someone other than their owner started (one per pair and listing). */
  async countInquiries(ownerId: string, listingIds: string[]): Promise<number> {
    if (listingIds.length === 0) return 0;
    const [row] = await this.db
      .select({ n: count() })
      .from(threads)
      .where(and(inArray(threads.listingId, listingIds), ne(threads.createdById, ownerId)));
    return Number(row.n);
  }

  /**
   * Gives `fromId`'s place in the threads about these listings to `toId` (a team listing changed
   * owner): the thread's pair, its creator when it was `fromId`, and the participant row (joined now,
   * shown and not archived). Threads with `toId` as the other participant, or whose pair already has a
   * thread about the listing, stay as they are. Messages stay as they were (their sender too).
   * Answers the ids of the threads moved.
   */
  async moveThreads(listingIds: string[], fromId: string, toId: string): Promise<string[]> {
    if (listingIds.length === 0 || fromId === toId) return [];
    const rows = await this.db
      .select({ id: threads.id, low: threads.userLowId, high: threads.userHighId, listingKey: threads.listingKey })
      .from(threads)
      .where(and(inArray(threads.listingId, listingIds), sql`(${threads.userLowId} = ${fromId} or ${threads.userHighId} = ${fromId})`))
      .for('update');
    const moved: string[] = [];
    for (const t of rows) {
      const other = t.low === fromId ? t.high : t.low;
      if (other === toId) continue;
      const [lowId, highId] = other < toId ? [other, toId] : [toId, other];
      const [clash] = await this.db
        .select({ id: threads.id })
        .from(threads)
        .where(and(eq(threads.userLowId, lowId), eq(threads.userHighId, highId), eq(threads.listingKey, t.listingKey)))
        .limit(1);
      if (clash) continue;
      await this.db
        .update(threads)
        .set({ userLowId: lowId, userHighId: highId, createdById: sql`case when ${threads.createdById} = ${fromId} then ${toId}::uuid else ${threads.createdById} end`, updatedAt: new Date() })
        .where(eq(threads.id, t.id));
      await this.db
        .update(threadParticipants)
        .set({ userId: toId, joinedAt: sql`now()`, hiddenAt: null, archivedAt: null })
        .where(and(eq(threadParticipants.threadId, t.id), eq(threadParticipants.userId, fromId)));
      moved.push(t.id);
    }
    return moved;
  }

  /**
   * Threads about these listings in which their owner takes part, that started, or got their first
   * message from someone other than the owner, in [from, to): when, and when the owner first replied.
   */
  async listingThreadStats(owners: Array<{ listingId: string; ownerId: string }>, from: Date, to: Date): Promise<ListingThreadStat[]> {
    if (owners.length === 0) return [];
    const ids = `{${owners.map((o) => o.listingId).join(',')}}`;
    const ownerIds = `{${owners.map((o) => o.ownerId).join(',')}}`;
    const result = await this.db.execute(sql`
      select o.owner_id as "ownerId", t.id as "threadId", t.created_by_id as "createdById", t.created_at as "createdAt",
        fi.first_in as "firstInAt",
        (select min(r.created_at) from messages r
          where r.thread_id = t.id and r.sender_id = o.owner_id and r.created_at >= fi.first_in) as "firstReplyAt"
      from unnest(${ids}::uuid[], ${ownerIds}::uuid[]) as o(listing_id, owner_id)
      join threads t on t.listing_id = o.listing_id and (t.user_low_id = o.owner_id or t.user_high_id = o.owner_id)
      left join lateral (
        select min(m.created_at) as first_in from messages m where m.thread_id = t.id and m.sender_id <> o.owner_id
      ) fi on true
      where (t.created_at >= ${from.toISOString()} and t.created_at < ${to.toISOString()})
         or (fi.first_in >= ${from.toISOString()} and fi.first_in < ${to.toISOString()})`);
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
    return rows.map((r) => ({
      ownerId: r.ownerId as string,
      threadId: r.threadId as string,
      createdById: (r.createdById as string | null) ?? null,
      createdAt: date(r.createdAt)!,
      firstInAt: date(r.firstInAt),
      firstReplyAt: date(r.firstReplyAt),
    }));
  }

  /** One page of the user's visible threads, newest activity first, and how many there are. */
  async threadPage(userId: string, archived: boolean, limit: number, skip: number): Promise<{ rows: ThreadRow[]; total: number }> {
    const where = and(
      eq(threadParticipants.userId, userId),
      isNull(threadParticipants.hiddenAt),
      archived ? isNotNull(threadParticipants.archivedAt) : isNull(threadParticipants.archivedAt),
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ thread: threads })
        .from(threadParticipants)
        .innerJoin(threads, eq(threads.id, threadParticipants.threadId))
        .where(where)
        .orderBy(desc(threads.lastActivityAt), desc(threads.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(threadParticipants).where(where),
    ]);
    return { rows: rows.map((r) => r.thread), total };
  }

  async participantsOf(threadIds: string[]): Promise<ParticipantRow[]> {
    if (threadIds.length === 0) return [];
    return this.db
      .select(this.participantColumns)
      .from(threadParticipants)
      .where(inArray(threadParticipants.threadId, threadIds))
      .orderBy(asc(threadParticipants.joinedAt), asc(threadParticipants.userId));
  }

  async messagesByIds(ids: string[]): Promise<MessageRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(messages).where(inArray(messages.id, ids));
  }

  /** Unread messages from others, per thread (reads the partial unread index only). */
  async unreadCounts(threadIds: string[], userId: string): Promise<Map<string, number>> {
    if (threadIds.length === 0) return new Map();
    const rows = await this.db
      .select({ threadId: messages.threadId, n: count() })
      .from(messages)
      .where(and(inArray(messages.threadId, threadIds), sql`not ${messages.isRead}`, fromOtherSide(userId)))
      .groupBy(messages.threadId);
    return new Map(rows.map((r) => [r.threadId, r.n]));
  }

  /** The user's unread messages from others across the threads they have not hidden. */
  async totalUnread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messages)
      .innerJoin(threadParticipants, and(eq(threadParticipants.threadId, messages.threadId), eq(threadParticipants.userId, userId)))
      .where(and(isNull(threadParticipants.hiddenAt), sql`not ${messages.isRead}`, fromOtherSide(userId)));
    return row?.n ?? 0;
  }

  async setHidden(threadId: string, userId: string, hidden: boolean): Promise<void> {
    await this.db
      .update(threadParticipants)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, userId)));
  }

  async setArchived(threadId: string, userId: string, archived: boolean): Promise<void> {
    await this.db
      .update(threadParticipants)
      .set({ archivedAt: archived ? sql`coalesce(${threadParticipants.archivedAt}, now())` : null })
      .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, userId)));
  }

  /** Marks unread messages of the other side read (all, or only those listed); answers the ids that changed. */
  async markRead(threadId: string, readerId: string, messageIds?: string[]): Promise<string[]> {
    if (messageIds && messageIds.length === 0) return [];
    const rows = await this.db
      .update(messages)
      .set({ isRead: true, readAt: new Date() })
      .where(
        and(
          eq(messages.threadId, threadId),
          fromOtherSide(readerId),
          sql`not ${messages.isRead}`,
          messageIds ? inArray(messages.id, messageIds) : undefined,
        ),
      )
      .returning({ id: messages.id });
    return rows.map((r) => r.id);
  }

  /** One page of a thread's messages, newest page first (rows come newest first), and the total. */
  async messagePage(threadId: string, limit: number, skip: number): Promise<{ rows: MessageRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(messages)
        .where(eq(messages.threadId, threadId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(messages).where(eq(messages.threadId, threadId)),
    ]);
    return { rows, total };
  }

  /**
   * Sends a message in ONE statement (data-modifying CTEs, one round trip, prepared once per
   * connection), and only if the sender takes part in the thread, checked by the statement itself:
   * the message, the thread's last message and activity (unless a newer message got there first), the
   * thread shown again to everyone who had hidden it, and a notification for every other participant.
   * Answers the stored message with the sender's profile and the recipients, or null when the thread
   * does not exist or the sender is not in it (nothing written).
   *
   * Group commit: messages sent while this process's statements are running are written together by
   * the next one (`messaging_send_messages`, the same work for an array of messages, one commit); a
   * lone message is written at once by its own. Each caller is answered after the commit of the
   * statement that wrote its message. When a batch fails (one message cannot be written, a deadlock,
   * a member deleted meanwhile), it wrote nothing, and each of its messages is written again alone.
   */
  insertMessage(values: NewMessage): Promise<SentMessage | null> {
    return this.sendBatcher.submit(values);
  }

  /** One message, its own statement. */
  private async insertOne(values: NewMessage): Promise<SentMessage | null> {
    let rows: Record<string, unknown>[];
    try {
      rows = await this.sendStatement({
        id: values.id,
        threadId: values.threadId,
        senderId: values.senderId,
        content: values.content,
        attachments: JSON.stringify(values.attachments),
        notificationBody: values.notificationBody,
      });
    } catch (err) {
      // the thread (or a member) was deleted after the statement's snapshot saw it
      if (isForeignKeyViolation(err)) return null;
      throw err;
    }
    const r = rows[0];
    return r ? toSentMessage(r) : null;
  }

  /** Several messages in one statement; null for each one whose sender is not in its thread. */
  private async insertMany(batch: NewMessage[]): Promise<(SentMessage | null)[]> {
    const rows = await this.sendBatchStatement({
      ids: batch.map((v) => v.id),
      threadIds: batch.map((v) => v.threadId),
      senderIds: batch.map((v) => v.senderId),
      contents: batch.map((v) => v.content),
      attachments: batch.map((v) => JSON.stringify(v.attachments)),
      notificationBodies: batch.map((v) => v.notificationBody),
    });
    const byId = new Map(rows.map((r) => [r.id as string, r]));
    return batch.map((v) => {
      const r = byId.get(v.id);
      return r ? toSentMessage(r) : null;
    });
  }

  /** An attachment of a thread's message, found through the attachments index. */
  async findAttachment(threadId: string, attachmentId: string): Promise<MessageAttachmentValue | null> {
    const [row] = await this.db
      .select({ attachments: messages.attachments })
      .from(messages)
      .where(
        and(
          eq(messages.threadId, threadId),
          sql`${messages.attachments} <> '[]'::jsonb`,
          sql`${messages.attachments} @> ${JSON.stringify([{ _id: attachmentId }])}::jsonb`,
        ),
      )
      .limit(1);
    return row?.attachments.find((a) => a._id === attachmentId) ?? null;
  }
  /** Messages sent per Manila day (week, month) of the window, by one member or all (the admin dashboard). */
  sentByPeriod(window: PeriodWindow, senderId?: string): Promise<PeriodCount[]> {
    return countsByPeriod(this.db, messages, messages.createdAt, window, { where: senderId ? eq(messages.senderId, senderId) : undefined });
  }

  /** Messages sent in the window, by one member or all. */
  async sentIn(window: { from: Date; to: Date }, senderId?: string): Promise<number> {
    return (await countInWindow(this.db, messages, messages.createdAt, window, { where: senderId ? eq(messages.senderId, senderId) : undefined })).count;
  }

  /** How many threads the member takes part in (hidden ones included). */
  async threadCountOf(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(threadParticipants).where(eq(threadParticipants.userId, userId));
    return Number(row.n);
  }
}
