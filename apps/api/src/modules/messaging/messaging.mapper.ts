import type { MessageRow, ThreadRow } from '@app/db';
import type { ListingSummary } from '../listings/listings.service';
import type { MemberRow } from './messaging.repository';
import type { MessageDto, ThreadDto, ThreadListingDto, UserSummaryDto } from './dto/messaging-output.dto';

export type AttachmentUrl = (threadId: string, attachmentId: string) => string;

export function toUserSummary(m: Pick<MemberRow, 'userId' | 'firstName' | 'lastName' | 'avatar' | 'type'>): UserSummaryDto {
  return { _id: m.userId, firstName: m.firstName, lastName: m.lastName, avatar: m.avatar, type: m.type };
}

/** A message as the participants see it: plain text as sent, attachments as signed links, never storage keys. */
export function toMessageDto(row: MessageRow, sender: UserSummaryDto, url: AttachmentUrl): MessageDto {
  const createdAt = row.createdAt.toISOString();
  return {
    _id: row.id,
    threadId: row.threadId,
    content: row.content,
    attachments: row.attachments.map((a) => ({
      _id: a._id,
      type: a.type,
      url: url(row.threadId, a._id),
      filename: a.filename,
      size: a.size,
      contentType: a.contentType,
    })),
    sender,
    isRead: row.isRead,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt,
    timestamp: createdAt,
  };
}

export function toThreadListingDto(l: ListingSummary): ThreadListingDto {
  return { _id: l.id, name: l.name, code: l.code, price: l.price, currency: l.currency, thumbnailUrl: l.thumbnailUrl };
}

/** Someone no longer in the users table (kept so a message never loses its sender field). */
export const unknownUser = (id: string): UserSummaryDto => ({ _id: id, firstName: '', lastName: '', avatar: null, type: 'customer' });

export function toThreadDto(input: {
  thread: ThreadRow;
  callerId: string;
  members: MemberRow[];
  lastMessage: MessageRow | null;
  unreadCount: number;
  listing: ListingSummary | null;
  url: AttachmentUrl;
}): ThreadDto {
  const { thread, callerId, members } = input;
  const participants = members.map(toUserSummary);
  const me = members.find((m) => m.userId === callerId);
  const other = participants.find((p) => p._id !== callerId) ?? unknownUser(thread.userLowId === callerId ? thread.userHighId : thread.userLowId);
  const sender = input.lastMessage ? (participants.find((p) => p._id === input.lastMessage!.senderId) ?? unknownUser(input.lastMessage.senderId)) : null;
  return {
    _id: thread.id,
    participants,
    otherParticipant: other,
    listing: input.listing ? toThreadListingDto(input.listing) : null,
    lastMessage: input.lastMessage && sender ? toMessageDto(input.lastMessage, sender, input.url) : null,
    unreadCount: input.unreadCount,
    archived: !!me?.archivedAt,
    lastActivityAt: thread.lastActivityAt.toISOString(),
    createdAt: thread.createdAt.toISOString(),
  };
}
