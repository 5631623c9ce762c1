/**
 * Messaging in motion: sending (optimistic, over the socket or HTTP), marking read, and the socket's
 * events (`newMessage`, `messagesRead`, reconnections) applied to the cache.
 *
 * One controller per app (MessagingProvider); the conversation on screen tells it which thread is
 * open, so a message arriving there is marked read instead of counted as unread.
 */
import { api } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { threadArgs, type Message } from '@/lib/api/messaging';
import type { Realtime } from '@/lib/realtime';
import type { AppDispatch, RootState } from '@/lib/state/root-reducer';
import { toast } from '@/lib/state/toasts-slice';
import { buildMessageFormData, revokePreviewUrl, validateAttachments } from './attachments';
import {
  applyReceipt,
  confirmSent,
  dropOptimistic,
  isKnownMessage,
  receiveMessage,
  refetchLoadingSnapshots,
  refetchThreads,
  setThreadUnreadEverywhere,
  showOptimistic,
} from './cache-sync';
import { NOT_AUTHENTICATED, SEND_FAILED, USER_NOT_AUTHENTICATED, uploadFailedMessage } from './errors';
import { classifyIncoming, createOptimisticMessage, makeTempId, type LocalAttachment, type ReadReceipt } from './messages-state';

/** Socket event names (spec section 7). */
export const SOCKET_EVENTS = {
  sendMessage: 'sendMessage',
  markAsRead: 'markAsRead',
  newMessage: 'newMessage',
  messagesRead: 'messagesRead',
} as const;

export interface SendAck {
  success: boolean;
  error?: string;
  /** The stored message (or, on failure, a text). */
  message?: Message | string;
}

export interface MarkReadAck {
  success: boolean;
  error?: string;
  messageIds?: string[];
}

export interface SendDraft {
  content: string;
  attachments: LocalAttachment[];
}

export interface MessagingControllerOptions {
  dispatch: AppDispatch;
  getState: () => RootState;
  realtime: Realtime;
  /** Whether the page is visible (document.visibilityState by default). */
  isVisible?: () => boolean;
}

/** How many delivered message ids are remembered against duplicate deliveries. */
const SEEN_LIMIT = 500;

function isMessage(value: unknown): value is Message {
  const m = value as Partial<Message> | null;
  return !!m && typeof m === 'object' && typeof m._id === 'string' && typeof m.threadId === 'string' && !!m.sender && typeof m.sender._id === 'string';
}

function isReceipt(value: unknown): value is ReadReceipt {
  const r = value as Partial<ReadReceipt> | null;
  return !!r && typeof r.threadId === 'string' && typeof r.userId === 'string' && Array.isArray(r.messageIds);
}

export class MessagingController {
  private openThreadId: string | null = null;
  private readonly seen = new Set<string>();
  /** Messages that arrived in the open, visible thread: never counted as unread. */
  private readonly notCounted = new Set<string>();
  private readonly marking = new Set<string>();
  private readonly markingThreads = new Set<string>();
  /**
   * The sends in flight, by tempId (given to the server as clientId): true once the server's copy
   * came over the socket (it can beat the send's own answer, and replaced the optimistic message).
   */
  private readonly sending = new Map<string, boolean>();
  private readonly dispatch: AppDispatch;
  private readonly getState: () => RootState;
  private readonly realtime: Realtime;
  private readonly isVisible: () => boolean;

  constructor(options: MessagingControllerOptions) {
    this.dispatch = options.dispatch;
    this.getState = options.getState;
    this.realtime = options.realtime;
    this.isVisible = options.isVisible ?? (() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  }

  /** Listens to the socket; returns the function that stops listening. */
  start(): () => void {
    const offs = [
      this.realtime.on(SOCKET_EVENTS.newMessage, (payload) => this.onNewMessage(payload)),
      this.realtime.on(SOCKET_EVENTS.messagesRead, (payload) => this.onMessagesRead(payload)),
      this.realtime.onReconnect(() => this.onReconnect()),
    ];
    return () => offs.forEach((off) => off());
  }

  /** The conversation on screen (null when none). */
  setOpenThread(threadId: string | null): void {
    this.openThreadId = threadId;
  }

  /** Clears the open thread if it is still `threadId` (a conversation unmounting). */
  closeThread(threadId: string): void {
    if (this.openThreadId === threadId) this.openThreadId = null;
  }

  get openThread(): string | null {
    return this.openThreadId;
  }

  private me(): string | null {
    return this.getState().auth.user?._id ?? null;
  }

  private remember(id: string, set: Set<string> = this.seen) {
    set.add(id);
    if (set.size > SEEN_LIMIT) {
      const oldest = set.values().next().value;
      if (oldest !== undefined) set.delete(oldest);
    }
  }

  /** A `newMessage` event: added once; counted as unread unless its thread is open and visible. */
  onNewMessage(payload: unknown): void {
    if (!isMessage(payload)) return;
    const meId = this.me();
    if (!meId) return;
    const known = this.seen.has(payload._id) || isKnownMessage(this.getState(), payload);
    const decision = classifyIncoming(payload, { meId, openThreadId: this.openThreadId, visible: this.isVisible(), known });
    if (decision === 'duplicate') return;
    // the copy of a send of ours still waiting for its answer: it takes the optimistic message's place
    if (decision === 'own' && payload.clientId && this.sending.has(payload.clientId)) this.sending.set(payload.clientId, true);
    this.dispatch(refetchLoadingSnapshots(payload.threadId));
    this.remember(payload._id);
    if (decision === 'mark-read') this.remember(payload._id, this.notCounted);
    const { inLists } = this.dispatch(receiveMessage(payload, { countUnread: decision === 'count-unread' }));
    // a thread the lists do not hold: new (started by someone else) or hidden before; ask the server
    if (!inLists) this.dispatch(refetchThreads());
    if (decision === 'mark-read') void this.markRead(payload.threadId, [payload._id]);
  }

  /** A `messagesRead` event: read marks, and lower unread counts when the reader is the signed-in member. */
  onMessagesRead(payload: unknown): void {
    if (!isReceipt(payload)) return;
    const meId = this.me();
    if (!meId) return;
    this.dispatch(refetchLoadingSnapshots(payload.threadId));
    this.applyReceipt(payload, meId);
  }

  private applyReceipt(receipt: ReadReceipt, meId: string) {
    const { unknownIds } = this.dispatch(applyReceipt(receipt, meId, { notCounted: this.notCounted }));
    // read messages the cache does not hold: the counts come from the server then
    if (receipt.userId === meId && unknownIds.length > 0) this.dispatch(refetchThreads(receipt.threadId));
  }

  /** After a reconnection: whatever was sent meanwhile comes with a refetch of the lists and the open thread. */
  onReconnect(): void {
    this.dispatch(refetchThreads(this.openThreadId ?? undefined, { messages: true }));
  }

  /**
   * Marks messages from the others read: over the socket (markAsRead), or with markThreadRead when
   * the socket is down. Each id is asked for once at a time.
   */
  async markRead(threadId: string, messageIds: readonly string[]): Promise<void> {
    const meId = this.me();
    const ids = messageIds.filter((id) => !this.marking.has(id));
    if (!meId || ids.length === 0) return;
    ids.forEach((id) => this.marking.add(id));
    try {
      if (this.realtime.connected) {
        const ack = await this.realtime.emitWithAck<MarkReadAck>(SOCKET_EVENTS.markAsRead, { threadId, messageIds: ids });
        if (!ack?.success) throw new Error(ack?.error || 'Could not mark the messages read');
        this.applyReceipt({ threadId, userId: meId, messageIds: [...new Set([...ids, ...(ack.messageIds ?? [])])] }, meId);
      } else {
        await this.markThreadRead(threadId, meId, ids);
      }
    } catch (error) {
      // not fatal: the messages stay unread and are marked the next time the thread opens
      console.warn('Could not mark messages read', error);
    } finally {
      ids.forEach((id) => this.marking.delete(id));
    }
  }

  /**
   * Marks everything in the thread read over HTTP (markThreadRead): the socket's fallback, and for
   * unread messages on pages not loaded yet (a thread with more unread messages than one page).
   */
  async markAllRead(threadId: string): Promise<void> {
    const meId = this.me();
    if (!meId || this.markingThreads.has(threadId)) return;
    try {
      await this.markThreadRead(threadId, meId, []);
    } catch (error) {
      console.warn('Could not mark the thread read', error);
    }
  }

  private async markThreadRead(threadId: string, meId: string, ids: readonly string[]) {
    this.markingThreads.add(threadId);
    try {
      const result = await this.dispatch(api.endpoints.markThreadRead.initiate(threadArgs.one(threadId))).unwrap();
      this.applyReceipt({ threadId, userId: meId, messageIds: [...new Set([...ids, ...result.messageIds])] }, meId);
      this.dispatch(setThreadUnreadEverywhere(threadId, result.unreadCount));
    } finally {
      this.markingThreads.delete(threadId);
    }
  }

  /**
   * Sends a message: shown at once as "Sending…", then replaced by the server's message, or removed
   * with the error shown. Text alone goes over the socket (HTTP when it is down); files go as
   * multipart over HTTP. The tempId goes along as clientId: the server's copy replaces the
   * optimistic message whether its answer or its `newMessage` comes first. Resolves false when the
   * message was not sent.
   */
  async sendMessage(threadId: string, draft: SendDraft): Promise<boolean> {
    const { token, user } = this.getState().auth;
    if (!token) return this.fail(NOT_AUTHENTICATED);
    if (!user) return this.fail(USER_NOT_AUTHENTICATED);
    const content = draft.content.trim();
    if (!content && draft.attachments.length === 0) return false;
    const invalid = validateAttachments(draft.attachments);
    if (invalid) return this.fail(invalid);

    const tempId = makeTempId();
    const sender = { _id: user._id, firstName: user.firstName, lastName: user.lastName, avatar: user.avatar ?? null, type: user.type };
    const optimistic = createOptimisticMessage({
      tempId,
      threadId,
      content,
      attachments: draft.attachments,
      sender,
      now: new Date().toISOString(),
    });
    this.dispatch(showOptimistic(threadId, optimistic));
    this.sending.set(tempId, false);
    try {
      const server = draft.attachments.length
        ? await this.sendWithFiles(threadId, content, draft.attachments, tempId)
        : await this.sendText(threadId, content, tempId);
      if (server) {
        this.remember(server._id);
        this.dispatch(confirmSent(threadId, tempId, server));
      } else {
        // acknowledged without the message: take it from the server
        this.dispatch(dropOptimistic(threadId, tempId));
        this.dispatch(refetchThreads(threadId, { messages: true }));
      }
      draft.attachments.forEach((a) => revokePreviewUrl(a.url));
      return true;
    } catch (error) {
      // the server's copy came over the socket, so it was sent (the answer got lost on the way)
      if (this.sending.get(tempId)) {
        draft.attachments.forEach((a) => revokePreviewUrl(a.url));
        return true;
      }
      this.dispatch(dropOptimistic(threadId, tempId));
      return this.fail(error instanceof Error ? error.message : errorMessage(error));
    } finally {
      this.sending.delete(tempId);
    }
  }

  private fail(message: string): false {
    this.dispatch(toast.error(SEND_FAILED, message));
    return false;
  }

  private async sendText(threadId: string, content: string, clientId: string): Promise<Message | null> {
    if (!this.realtime.connected) {
      try {
        return await this.dispatch(api.endpoints.sendThreadMessage.initiate(threadArgs.sendText(threadId, content, clientId))).unwrap();
      } catch (error) {
        throw new Error(errorMessage(error));
      }
    }
    const ack = await this.realtime.emitWithAck<SendAck>(SOCKET_EVENTS.sendMessage, { threadId, content, attachments: [], clientId });
    if (!ack?.success) {
      throw new Error(ack?.error || (typeof ack?.message === 'string' ? ack.message : '') || 'The message could not be sent');
    }
    return isMessage(ack.message) ? ack.message : null;
  }

  private async sendWithFiles(threadId: string, content: string, attachments: LocalAttachment[], clientId: string): Promise<Message> {
    // spec section 7 ("local blob URLs are converted to files first"): the composer kept the File each
    // preview URL was made from, so that File is sent; fetching the blob: URL would need connect-src blob:
    const form = buildMessageFormData(
      content,
      attachments.map((a) => ({ file: a.file, type: a.type })),
      clientId,
    );
    try {
      return await this.dispatch(api.endpoints.sendThreadMessage.initiate(threadArgs.sendForm(threadId, form))).unwrap();
    } catch (error) {
      throw new Error(uploadFailedMessage(error));
    }
  }
}
