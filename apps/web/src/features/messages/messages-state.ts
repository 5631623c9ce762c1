/**
 * The messaging rules (spec section 4), as pure functions over the shapes the API answers with:
 * a page of messages (`{ messages, pagination }`, oldest first), a page of threads and a thread.
 *
 * - An optimistic message carries a temporary id (`tempId`) and `clientStatus: 'sending'`; it is
 *   replaced by the server's message on success (matched by tempId) or removed on failure. The send
 *   gives the tempId as `clientId` and the server echoes it in its answer and in the `newMessage` to
 *   the sender's own connections: whichever comes first replaces the optimistic message, so the
 *   sender never sees both.
 * - A message is added once: never twice with the same `_id`, whether it comes over the socket,
 *   in the acknowledgement of a send or in a refetch.
 * - A new message from someone else raises its thread's unread count by one, unless the thread is
 *   open and visible (then it is marked read instead).
 * - A read receipt sets `isRead` on the messages it names and lowers the unread count by the number
 *   that changed, never below zero.
 * - Opening a thread marks the unread messages from the others as read.
 * - A created thread goes first in the list, with an unread count of 0.
 *
 * The cache layer (`cache-sync.ts`) applies these to the RTK Query cache entries.
 */
import {
  isPendingMessage,
  keepPendingOnRefetch,
  placeThreadFirst,
  type AttachmentKind,
  type ClientMessage,
  type Message,
  type Pagination,
  type Thread,
} from '@/lib/api/messaging';

// Used by the endpoint enhancements in lib/api/messaging.ts too (the createThread answer, refetches).
export { keepPendingOnRefetch, placeThreadFirst };

export type ClientStatus = NonNullable<ClientMessage['clientStatus']>;

/** A message as the screens hold it: the server's, or an optimistic one still being sent. */
export type ChatMessage = ClientMessage;

export interface MessagePage {
  messages: ChatMessage[];
  pagination: Pagination;
}

export interface ThreadPage {
  threads: Thread[];
  pagination: Pagination;
}

/** A file picked in the composer, shown from a local blob URL until it is uploaded. */
export interface LocalAttachment {
  /** `blob:` URL of the local preview ('' where the browser made none); only ever displayed, never fetched. */
  url: string;
  filename: string;
  type: AttachmentKind;
  contentType: string;
  size: number;
  /** The picked file itself: what the upload sends. */
  file: File;
}

/** A read receipt (the socket's `messagesRead`, the answer to markAsRead or markThreadRead). */
export interface ReadReceipt {
  threadId: string;
  /** Who read the messages. */
  userId: string;
  messageIds: string[];
}

export const TEMP_ID_PREFIX = 'temp-';

export const isPending: (message: Pick<ChatMessage, 'clientStatus'>) => boolean = isPendingMessage;

export interface OptimisticInput {
  tempId: string;
  threadId: string;
  content: string;
  attachments?: LocalAttachment[];
  sender: Message['sender'];
  /** ISO time of the send. */
  now: string;
}

/** The message shown at once while a send is in flight. */
export function createOptimisticMessage({ tempId, threadId, content, attachments = [], sender, now }: OptimisticInput): ChatMessage {
  return {
    _id: tempId,
    tempId,
    clientStatus: 'sending',
    threadId,
    content,
    attachments: attachments.map((a, i) => ({
      _id: `${tempId}-${i}`,
      type: a.type,
      url: a.url,
      filename: a.filename,
      size: a.size,
      contentType: a.contentType,
    })),
    sender,
    isRead: false,
    readAt: null,
    createdAt: now,
    timestamp: now,
  };
}

function time(message: Pick<Message, 'createdAt' | 'timestamp'>): number {
  const t = Date.parse(message.createdAt || message.timestamp);
  return Number.isNaN(t) ? 0 : t;
}

/** Oldest first; messages still being sent after all the others, in the order they were sent. */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  const pa = isPending(a) ? 1 : 0;
  const pb = isPending(b) ? 1 : 0;
  if (pa !== pb) return pa - pb;
  const dt = time(a) - time(b);
  if (dt !== 0) return dt;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

function withCount(pagination: Pagination, delta: number): Pagination {
  if (delta === 0) return pagination;
  return {
    ...pagination,
    itemsOnPage: Math.max(0, pagination.itemsOnPage + delta),
    totalItems: Math.max(0, pagination.totalItems + delta),
  };
}

export function hasMessage(page: MessagePage | undefined, id: string): boolean {
  return !!page?.messages.some((m) => m._id === id);
}

/** Adds a message unless one with the same `_id` is there already. */
export function addMessage(page: MessagePage, message: ChatMessage): { page: MessagePage; added: boolean } {
  if (hasMessage(page, message._id)) return { page, added: false };
  const messages = [...page.messages, message].sort(compareMessages);
  return { page: { ...page, messages, pagination: withCount(page.pagination, 1) }, added: true };
}

/** Shows a message being sent (once per tempId). */
export function addOptimisticMessage(page: MessagePage, message: ChatMessage): MessagePage {
  if (message.tempId && page.messages.some((m) => m.tempId === message.tempId)) return page;
  return addMessage(page, message).page;
}

/** Removes the optimistic message `tempId` (a failed send). */
export function removeOptimisticMessage(page: MessagePage, tempId: string): MessagePage {
  const messages = page.messages.filter((m) => m.tempId !== tempId);
  if (messages.length === page.messages.length) return page;
  return { ...page, messages, pagination: withCount(page.pagination, messages.length - page.messages.length) };
}

/** A server message as the cache keeps it: without the client-only fields nor the echo of the send's clientId. */
export function serverCopy(message: Message | ChatMessage): Message {
  const { tempId: _t, clientStatus: _c, clientId: _e, ...clean } = message as ChatMessage;
  return clean;
}

/**
 * The send succeeded: the optimistic message `tempId` gives way to the server's message, which is
 * added unless it is there already (the socket may have delivered it first).
 */
export function confirmOptimisticMessage(page: MessagePage, tempId: string, server: Message): MessagePage {
  return addMessage(removeOptimisticMessage(page, tempId), serverCopy(server)).page;
}

/**
 * A server message arriving (`newMessage`): when it echoes the clientId of a message of ours still
 * being sent (the socket can beat the send's own answer), it replaces that optimistic message;
 * otherwise it is added once.
 */
export function receiveServerMessage(page: MessagePage, message: Message): MessagePage {
  const tempId = message.clientId;
  if (tempId && page.messages.some((m) => m.tempId === tempId && isPending(m))) return confirmOptimisticMessage(page, tempId, message);
  return addMessage(page, serverCopy(message)).page;
}

/**
 * A read receipt: `isRead` (and `readAt`) on the named messages that were unread.
 * Ids the page does not hold are reported in `unknownIds`.
 */
export function applyReadReceiptToPage(
  page: MessagePage,
  messageIds: readonly string[],
  readAt: string,
): { page: MessagePage; changed: ChatMessage[]; unknownIds: string[] } {
  const ids = new Set(messageIds);
  const seen = new Set<string>();
  const changed: ChatMessage[] = [];
  const messages = page.messages.map((m) => {
    if (!ids.has(m._id)) return m;
    seen.add(m._id);
    if (m.isRead) return m;
    changed.push(m);
    return { ...m, isRead: true, readAt: m.readAt ?? readAt };
  });
  const unknownIds = [...ids].filter((id) => !seen.has(id));
  return { page: changed.length ? { ...page, messages } : page, changed, unknownIds };
}

/**
 * How much a receipt lowers the reader's unread count: the messages that changed from unread to read,
 * when the reader is the signed-in member (another member reading one's own messages changes only
 * the "Read" marks, not one's unread count), leaving out those that were never counted.
 */
export function receiptDecrement(
  changed: readonly ChatMessage[],
  receipt: Pick<ReadReceipt, 'userId'>,
  meId: string,
  /** Messages that never raised the count (they arrived in the open thread): they do not lower it either. */
  notCounted: ReadonlySet<string> = new Set(),
): number {
  if (receipt.userId !== meId) return 0;
  return changed.filter((m) => m.sender._id !== meId && !notCounted.has(m._id)).length;
}

/** Never below zero. */
export function lowerUnread(count: number, by: number): number {
  return Math.max(0, count - Math.max(0, by));
}

/** The unread messages from the others (what opening a thread marks read). */
export function unreadFromOthers(messages: readonly ChatMessage[], meId: string): string[] {
  return messages.filter((m) => !m.isRead && !isPending(m) && m.sender._id !== meId).map((m) => m._id);
}

/** Pages of one thread (in any order) as one list: no duplicates, oldest first. */
export function mergeMessagePages(pages: readonly (MessagePage | undefined)[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const page of pages) {
    for (const m of page?.messages ?? []) {
      const known = byId.get(m._id);
      // the same message in two pages: keep the newer reading (a read mark wins)
      if (!known || (!known.isRead && m.isRead)) byId.set(m._id, m);
    }
  }
  return [...byId.values()].sort(compareMessages);
}

/** What an incoming `newMessage` does. */
export type IncomingDecision =
  /** the signed-in member's own message (another tab or device): shown, not counted */
  | 'own'
  /** already delivered: nothing happens */
  | 'duplicate'
  /** its thread is open and visible: shown and marked read over the socket */
  | 'mark-read'
  /** shown, and the thread's unread count goes up by one */
  | 'count-unread';

export interface IncomingContext {
  meId: string;
  /** The thread on screen, if any. */
  openThreadId: string | null;
  /** Whether the page is visible (document.visibilityState). */
  visible: boolean;
  /** Whether this message id was seen before (in a cache or an earlier event). */
  known: boolean;
}

export function classifyIncoming(message: Pick<Message, 'threadId' | 'sender'>, ctx: IncomingContext): IncomingDecision {
  if (ctx.known) return 'duplicate';
  if (message.sender._id === ctx.meId) return 'own';
  if (ctx.openThreadId === message.threadId && ctx.visible) return 'mark-read';
  return 'count-unread';
}

function isNewer(a: Pick<Message, 'createdAt' | 'timestamp'>, b: Pick<Message, 'createdAt' | 'timestamp'> | null): boolean {
  return !b || time(a) >= time(b);
}

/** A new message in one thread: last message, last activity and (when counted) one more unread. */
export function applyMessageToThread(thread: Thread, message: Message, countUnread: boolean): Thread {
  const newest = isNewer(message, thread.lastMessage);
  const activity = Date.parse(thread.lastActivityAt);
  const later = Number.isNaN(activity) || time(message) > activity;
  return {
    ...thread,
    lastMessage: newest ? message : thread.lastMessage,
    lastActivityAt: newest && later ? message.createdAt : thread.lastActivityAt,
    unreadCount: thread.unreadCount + (countUnread ? 1 : 0),
  };
}

/**
 * A new message in a thread list: its thread is updated and moves first. `found` is false when the
 * list does not hold the thread (a thread started by someone else, or one hidden before): the
 * caller refetches the list then.
 */
export function applyMessageToThreads(list: ThreadPage, message: Message, countUnread: boolean): { list: ThreadPage; found: boolean } {
  const index = list.threads.findIndex((t) => t._id === message.threadId);
  if (index < 0) return { list, found: false };
  const updated = applyMessageToThread(list.threads[index], message, countUnread);
  const others = list.threads.filter((_, i) => i !== index);
  const threads = updated.lastMessage?._id === message._id ? [updated, ...others] : list.threads.map((t, i) => (i === index ? updated : t));
  return { list: { ...list, threads }, found: true };
}

/** A read receipt on one thread: its unread count goes down by `decrement`, never below zero. */
export function applyReceiptToThread(thread: Thread, messageIds: readonly string[], readAt: string, decrement: number): Thread {
  const last = thread.lastMessage;
  const lastRead = last && !last.isRead && messageIds.includes(last._id) ? { ...last, isRead: true, readAt: last.readAt ?? readAt } : last;
  return { ...thread, lastMessage: lastRead, unreadCount: lowerUnread(thread.unreadCount, decrement) };
}

export function applyReceiptToThreads(
  list: ThreadPage,
  threadId: string,
  messageIds: readonly string[],
  readAt: string,
  decrement: number,
): ThreadPage {
  if (!list.threads.some((t) => t._id === threadId)) return list;
  return {
    ...list,
    threads: list.threads.map((t) => (t._id === threadId ? applyReceiptToThread(t, messageIds, readAt, decrement) : t)),
  };
}

/** Sets a thread's unread count (markThreadRead answers with 0). */
export function setThreadUnread(list: ThreadPage, threadId: string, unreadCount: number): ThreadPage {
  if (!list.threads.some((t) => t._id === threadId && t.unreadCount !== unreadCount)) return list;
  return { ...list, threads: list.threads.map((t) => (t._id === threadId ? { ...t, unreadCount } : t)) };
}

/** Takes a thread out of a list (deleted, or moved in or out of the archive). */
export function removeThreadFromList(list: ThreadPage, threadId: string): ThreadPage {
  const threads = list.threads.filter((t) => t._id !== threadId);
  if (threads.length === list.threads.length) return list;
  return { ...list, threads, pagination: withCount(list.pagination, -1) };
}

/** The total unread badge after a change of `delta`, never below zero. */
export function adjustUnreadTotal(count: number, delta: number): number {
  return Math.max(0, count + delta);
}

/** The temporary id of an optimistic message. */
export function makeTempId(random: () => string = () => Math.random().toString(36).slice(2, 10)): string {
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}-${random()}`;
}
