import type { PeriodCount, PeriodWindow } from '../../common/db/period-counts';
import parseRange from 'range-parser';
import type { ListingInquiriesCounter } from '../listings/listing-inquiries-counter';
import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PAGINATION, buildPagination } from '@app/domain';
import type { ThreadRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { isUuid } from '../../common/http/ids';
import { RealtimeService } from '../../common/realtime/realtime.service';
import { ListingsService } from '../listings/listings.service';
import { UsersService } from '../users/users.service';
import { messageNotificationBody } from '../notifications/message-notification';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import type { CreateThreadDto, PageQueryDto, ThreadListQueryDto } from './dto/messaging-input.dto';
import { CLIENT_ID_INVALID, CLIENT_ID_PATTERN, MAX_MESSAGE_LENGTH, MESSAGE_MAX_LIMIT } from './dto/messaging-input.dto';
import type { MarkReadResultDto, MessageDto, MessageListDto, ThreadDto, ThreadListDto } from './dto/messaging-output.dto';
import { ATTACHMENT_LINK_INVALID, inlineDisposition, MessageAttachmentsService, type PreparedAttachment } from './message-attachments.service';
import { toMessageDto, toThreadDto, toUserSummary, unknownUser, type AttachmentUrl } from './messaging.mapper';
import { MessagingRepository, type MemberRow, type ParticipantRow } from './messaging.repository';

export const THREAD_NOT_FOUND = 'Thread not found';
export const NEEDS_TEXT_OR_ATTACHMENT = 'A message needs text or at least one attachment';
export const ATTACHMENTS_OVER_MULTIPART = "Send attachment files as multipart/form-data in 'attachments'";

/** Server events of the realtime connection. */
export const NEW_MESSAGE_EVENT = 'newMessage';
export const MESSAGES_READ_EVENT = 'messagesRead';

/** What a message is made of, from HTTP (JSON or multipart) or from the socket. */
export interface MessageInput {
  content?: unknown;
  attachments?: unknown;
  files?: Express.Multer.File[];
  attachmentsJson?: string;
  /** The sender's token for this send, echoed in the answer and to the sender's connections (never stored). */
  clientId?: unknown;
}

/** A clientId as given (absent: undefined); anything but a short token is a 400. */
function clientIdOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !CLIENT_ID_PATTERN.test(value)) throw new BadRequestException(CLIENT_ID_INVALID);
  return value;
}

interface ThreadAccess {
  thread: ThreadRow;
  members: MemberRow[];
  me: MemberRow;
  others: MemberRow[];
}

/**
 * Threads between two members (optionally about a listing) and their messages. Only a thread's
 * participants can read or write it; to anybody else it does not exist (404). New messages and read
 * receipts are pushed to the participants' realtime connections.
 */
@Injectable()
export class MessagingService implements ListingInquiriesCounter {
  private readonly url: AttachmentUrl;

  constructor(
    private readonly repo: MessagingRepository,
    private readonly attachments: MessageAttachmentsService,
    private readonly realtime: RealtimeService,
    private readonly users: UsersService,
    private readonly listings: ListingsService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
  ) {
    this.url = (threadId, attachmentId) => this.attachments.url(threadId, attachmentId);
  }

  /** Inquiries about a member's listings, for their dashboard (LISTING_INQUIRIES_COUNTER). */
  countInquiries(ownerId: string, listingIds: string[]): Promise<number> {
    return this.repo.countInquiries(ownerId, listingIds);
  }

  /** Nothing when the caller takes part in the thread; 404 otherwise (asked before a message's files are read). */
  async assertParticipant(caller: AuthUser, threadId: unknown): Promise<void> {
    await this.access(caller, threadId);
  }

  /** The thread when the caller takes part in it; 404 otherwise (also for an id that is not one). */
  private async access(caller: AuthUser, threadId: unknown): Promise<ThreadAccess> {
    if (!isUuid(threadId)) throw new NotFoundException(THREAD_NOT_FOUND);
    const found = await this.repo.findWithParticipants(threadId);
    if (!found?.participants.some((p) => p.userId === caller.id)) throw new NotFoundException(THREAD_NOT_FOUND);
    const members = await this.withProfiles(found.participants);
    const me = members.find((m) => m.userId === caller.id)!;
    return { thread: found.thread, members, me, others: members.filter((m) => m.userId !== caller.id) };
  }

  /** Participants with their names and avatars, asked of UsersService in one batch (users is its table). */
  private async withProfiles(participants: ParticipantRow[]): Promise<MemberRow[]> {
    const profiles = await this.users.profilesByIds(participants.map((p) => p.userId));
    const byId = new Map(profiles.map((u) => [u.id, u]));
    return participants.map((p) => {
      const u = byId.get(p.userId);
      return { ...p, firstName: u?.firstName ?? '', lastName: u?.lastName ?? '', avatar: u?.avatar ?? null, type: u?.type ?? 'customer' };
    });
  }

  async createThread(caller: AuthUser, dto: CreateThreadDto): Promise<{ thread: ThreadDto; created: boolean }> {
    if (!dto.participantId && !dto.listingId) throw new BadRequestException('participantId or listingId is required');
    let participantId = dto.participantId;
    let listingName: string | null = null;
    if (dto.listingId) {
      const listing = await this.listings.forThread(caller, dto.listingId);
      if (!listing) throw new NotFoundException('Listing not found');
      participantId ??= listing.ownerId;
      listingName = listing.name;
    }
    if (participantId === caller.id) throw new BadRequestException('You cannot start a thread with yourself');
    const [other] = await this.users.profilesByIds([participantId!]);
    if (!other || other.status !== 'active') throw new NotFoundException('User not found');
    const [lowId, highId] = caller.id < other.id ? [caller.id, other.id] : [other.id, caller.id];
    const { id, created } = await this.transactions.run(async () => {
      const found = await this.repo.createOrFind({ lowId, highId, listingId: dto.listingId ?? null, callerId: caller.id });
      if (found.created) {
        await this.events.publish({
          type: 'thread.created',
          actorId: caller.id,
          entity: { kind: 'thread', id: found.id },
          data: { threadId: found.id, listingId: dto.listingId ?? null, listingName, withUserId: other.id },
        });
      }
      return found;
    });
    return { thread: await this.getThread(caller, id), created };
  }

  async listThreads(caller: AuthUser, query: ThreadListQueryDto): Promise<ThreadListDto> {
    const { limit, skip } = this.paging(query, PAGINATION.messagePageSize);
    const { rows, total } = await this.repo.threadPage(caller.id, query.archived ?? false, limit, skip);
    return { threads: await this.toThreadDtos(caller, rows), pagination: buildPagination(total, rows.length, limit, skip) };
  }

  async getThread(caller: AuthUser, threadId: string): Promise<ThreadDto> {
    const { thread, members } = await this.access(caller, threadId);
    const [dto] = await this.toThreadDtos(caller, [thread], members);
    return dto;
  }

  /** Hides the thread from the caller's list only; a new message in it brings it back. */
  async deleteThread(caller: AuthUser, threadId: string): Promise<{ success: true }> {
    await this.access(caller, threadId);
    await this.repo.setHidden(threadId, caller.id, true);
    return { success: true };
  }

  async archiveThread(caller: AuthUser, threadId: string, archived = true): Promise<ThreadDto> {
    await this.access(caller, threadId);
    await this.repo.setArchived(threadId, caller.id, archived);
    return this.getThread(caller, threadId);
  }

  async unreadCount(caller: AuthUser): Promise<{ count: number }> {
    return { count: await this.repo.totalUnread(caller.id) };
  }

  /**
   * Marks the other side's unread messages read (all of them, or only `messageIds`) and tells the
   * other participants which ones, when any changed.
   */
  async markRead(caller: AuthUser, threadId: unknown, messageIds?: unknown): Promise<MarkReadResultDto> {
    const { thread, others } = await this.access(caller, threadId);
    let ids: string[] | undefined;
    if (messageIds !== undefined && messageIds !== null) {
      if (!Array.isArray(messageIds)) throw new BadRequestException('messageIds must be a list of message ids');
      ids = messageIds.filter(isUuid);
    }
    const changed = await this.repo.markRead(thread.id, caller.id, ids);
    if (changed.length > 0) {
      this.realtime.emitToUsers(
        others.map((m) => m.userId),
        MESSAGES_READ_EVENT,
        { threadId: thread.id, userId: caller.id, messageIds: changed },
      );
    }
    return { threadId: thread.id, messageIds: changed, unreadCount: 0 };
  }

  /** Page 1 holds the newest `limit` messages; each page is returned oldest first, ready to render. */
  async listMessages(caller: AuthUser, threadId: string, query: PageQueryDto): Promise<MessageListDto> {
    const { thread, members } = await this.access(caller, threadId);
    const { limit, skip } = this.paging(query, PAGINATION.messagePageSize);
    const { rows, total } = await this.repo.messagePage(thread.id, limit, skip);
    const senders = new Map(members.map((m) => [m.userId, toUserSummary(m)]));
    return {
      messages: rows.reverse().map((r) => toMessageDto(r, senders.get(r.senderId) ?? unknownUser(r.senderId), this.url)),
      pagination: buildPagination(total, rows.length, limit, skip),
    };
  }

  /**
   * Sends a message: plain text (trimmed, stored as sent) and/or files checked by their bytes. It is
   * written with its `message.sent` event (the recipients' notifications follow from it) in one statement that also checks the sender takes
   * part in the thread (404 otherwise; nothing is cached, so a membership gone is refused at once),
   * then pushed to every connection of every participant (except `exceptSocketId`, the socket that
   * sent it and gets it in its ack). A `clientId` comes back in the answer and in the sender's own
   * copies of the event (so the sender knows its message whichever arrives first), not in the others'.
   */
  async sendMessage(caller: AuthUser, threadId: unknown, input: MessageInput, options: { exceptSocketId?: string } = {}): Promise<MessageDto> {
    const clientId = clientIdOf(input.clientId);
    if (input.content !== undefined && input.content !== null && typeof input.content !== 'string') {
      throw new BadRequestException('content must be text');
    }
    const content = ((input.content as string | null | undefined) ?? '').trim();
    if (content.length > MAX_MESSAGE_LENGTH && Array.from(content).length > MAX_MESSAGE_LENGTH) {
      throw new BadRequestException(`content must be at most ${MAX_MESSAGE_LENGTH} characters`);
    }
    if (input.attachments !== undefined && input.attachments !== null) {
      if (!Array.isArray(input.attachments)) throw new BadRequestException('attachments must be a list');
      if (input.attachments.length > 0) throw new BadRequestException(ATTACHMENTS_OVER_MULTIPART);
    }
    const files = input.files ?? [];
    if (!content && files.length === 0) throw new BadRequestException(NEEDS_TEXT_OR_ATTACHMENT);
    if (files.length === 0 && input.attachmentsJson) {
      this.attachments.parseDeclared(input.attachmentsJson, 0);
    }

    // files are checked and stored only for a participant; text alone goes straight to the statement,
    // which writes nothing unless the sender takes part in the thread
    if (!isUuid(threadId)) throw new NotFoundException(THREAD_NOT_FOUND);
    if (files.length) await this.access(caller, threadId);
    const prepared: PreparedAttachment[] = files.length ? await this.attachments.prepare(threadId, files, input.attachmentsJson) : [];
    await this.attachments.store(prepared);
    const values = prepared.map((p) => p.value);
    let sent;
    try {
      sent = await this.repo.insertMessage({
        id: randomUUID(),
        threadId,
        senderId: caller.id,
        content,
        attachments: values,
        notificationBody: messageNotificationBody(content),
      });
    } catch (err) {
      await this.attachments.remove(values);
      throw err;
    }
    if (!sent) {
      await this.attachments.remove(values);
      throw new NotFoundException(THREAD_NOT_FOUND);
    }
    // the statement wrote the message's `message.sent` event too (notifications, activity): relay it now
    this.events.written();
    const message = toMessageDto(sent.row, toUserSummary({ userId: caller.id, ...sent.sender }), this.url);
    if (!clientId) {
      this.realtime.emitToUsers([caller.id, ...sent.recipientIds], NEW_MESSAGE_EVENT, message, options.exceptSocketId);
      return message;
    }
    const own: MessageDto = { ...message, clientId };
    this.realtime.emitToUsers([caller.id], NEW_MESSAGE_EVENT, own, options.exceptSocketId);
    this.realtime.emitToUsers(sent.recipientIds, NEW_MESSAGE_EVENT, message);
    return own;
  }

  /**
   * An attachment behind a signed link (the link is the permission: it was issued to a participant), whole or the byte range asked for (a video player seeks with
   * `Range: bytes=…`): `status` is 200, 206 with `range`, or 416 when the range lies outside the file.
   */
  async openAttachment(threadId: string, attachmentId: string, expires?: string, signature?: string, rangeHeader?: string) {
    const secondsLeft = this.attachments.verify(threadId, attachmentId, expires, signature);
    if (secondsLeft === null || !isUuid(threadId) || !isUuid(attachmentId)) throw new ForbiddenException(ATTACHMENT_LINK_INVALID);
    const value = await this.repo.findAttachment(threadId, attachmentId);
    const size = value ? await this.attachments.size(value) : null;
    if (!value || size === null) throw new NotFoundException('Attachment not found');
    const meta = { size, contentType: value.contentType, disposition: inlineDisposition(value.filename), secondsLeft };
    // one range only; several (multipart/byteranges) or a malformed header: the whole file, as RFC 9110 allows
    const ranges = rangeHeader ? parseRange(size, rangeHeader, { combine: true }) : -2;
    if (ranges === -1) return { ...meta, status: 416 as const, stream: null, range: null };
    const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? { start: ranges[0].start, end: ranges[0].end } : null;
    const file = await this.attachments.open(value, range ?? undefined);
    if (!file) throw new NotFoundException('Attachment not found');
    return { ...meta, status: range ? (206 as const) : (200 as const), stream: file.stream, range };
  }

  private paging(query: PageQueryDto, defaultLimit: number): { limit: number; skip: number } {
    const limit = Math.min(query.limit ?? defaultLimit, MESSAGE_MAX_LIMIT);
    return { limit, skip: ((query.page ?? 1) - 1) * limit };
  }

  /**
   * Thread answers for a page: participants, last messages, unread counts and listings in one batch
   * each (the participants are not read again when the caller already has them).
   */
  private async toThreadDtos(caller: AuthUser, rows: ThreadRow[], knownMembers?: MemberRow[]): Promise<ThreadDto[]> {
    const ids = rows.map((t) => t.id);
    const lastIds = rows.map((t) => t.lastMessageId).filter((id): id is string => !!id);
    const listingIds = [...new Set(rows.map((t) => t.listingId).filter((id): id is string => !!id))];
    const [members, lastMessages, unread, listings] = await Promise.all([
      knownMembers ?? this.repo.participantsOf(ids).then((p) => this.withProfiles(p)),
      this.repo.messagesByIds(lastIds),
      this.repo.unreadCounts(ids, caller.id),
      this.listings.summaries(listingIds),
    ]);
    const messageById = new Map(lastMessages.map((m) => [m.id, m]));
    const listingById = new Map(listings.map((l) => [l.id, l]));
    return rows.map((thread) =>
      toThreadDto({
        thread,
        callerId: caller.id,
        members: members.filter((m) => m.threadId === thread.id),
        lastMessage: thread.lastMessageId ? (messageById.get(thread.lastMessageId) ?? null) : null,
        unreadCount: unread.get(thread.id) ?? 0,
        listing: thread.listingId ? (listingById.get(thread.listingId) ?? null) : null,
        url: this.url,
      }),
    );
  }
  /** Messages sent per Manila day (week, month) of the window, by one member or all (the admin dashboard). */
  sentByPeriod(window: PeriodWindow, senderId?: string): Promise<PeriodCount[]> {
    return this.repo.sentByPeriod(window, senderId);
  }

  /** Messages sent in the window, by one member or all. */
  sentIn(window: { from: Date; to: Date }, senderId?: string): Promise<number> {
    return this.repo.sentIn(window, senderId);
  }

  /**
   * A team listing changed owner (a member left the team): their threads about these listings move to
   * the new owner, in the caller's transaction. The messages stay (with their senders); the new owner's
   * unread count starts at what the old owner had not read, and the other participant's is unchanged
   * (see `fromOtherSide` in the repository). Answers the ids of the threads moved.
   */
  moveListingThreads(listingIds: string[], fromId: string, toId: string): Promise<string[]> {
    return this.transactions.run(() => this.repo.moveThreads(listingIds, fromId, toId));
  }

  /**
   * For the team dashboard, per listing owner: inquiries (threads about their listings that someone
   * else started in the window) and first-response times in ms (from the first message by someone
   * else to the owner's first reply, for threads whose first such message is in the window).
   */
  async listingResponseStats(
    owners: Array<{ listingId: string; ownerId: string }>,
    window: { from: Date; to: Date },
  ): Promise<Map<string, { inquiries: number; responseMs: number[] }>> {
    const rows = await this.repo.listingThreadStats(owners, window.from, window.to);
    const out = new Map<string, { inquiries: number; responseMs: number[] }>();
    const inWindow = (d: Date | null) => d !== null && d >= window.from && d < window.to;
    for (const r of rows) {
      const s = out.get(r.ownerId) ?? { inquiries: 0, responseMs: [] };
      if (inWindow(r.createdAt) && r.createdById !== r.ownerId) s.inquiries++;
      if (inWindow(r.firstInAt) && r.firstReplyAt) s.responseMs.push(r.firstReplyAt.getTime() - r.firstInAt!.getTime());
      out.set(r.ownerId, s);
    }
    return out;
  }

  /** How many threads the member takes part in (the admin's user page). */
  threadCountOf(userId: string): Promise<number> {
    return this.repo.threadCountOf(userId);
  }
}
