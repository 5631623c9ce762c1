/**
 * Applies the messaging rules (messages-state.ts) to the RTK Query cache: the pages of messages of a
 * thread, every cached thread list, the cached thread, and the unread total of the header badge.
 * Each function is a thunk: `dispatch(receiveMessage(message, { countUnread: true }))`.
 */
import { api } from '@/lib/api/generated';
import { THREAD_LIST_ID, messagingApi, threadArgs, type Message } from '@/lib/api/messaging';
import type { AppThunk, RootState } from '@/lib/state/root-reducer';
import {
  addOptimisticMessage,
  adjustUnreadTotal,
  applyMessageToThread,
  applyMessageToThreads,
  applyReadReceiptToPage,
  applyReceiptToThread,
  applyReceiptToThreads,
  confirmOptimisticMessage,
  receiptDecrement,
  receiveServerMessage,
  removeOptimisticMessage,
  serverCopy,
  setThreadUnread,
  type ChatMessage,
  type MessagePage,
  type ReadReceipt,
} from './messages-state';

function messageArgsOf(state: RootState, threadId: string) {
  return api.util.selectCachedArgsForQuery(state, 'getThreadMessages').filter((a) => a.threadId === threadId);
}

function threadListArgs(state: RootState) {
  return api.util.selectCachedArgsForQuery(state, 'getThreads');
}

function hasCachedThread(state: RootState, threadId: string): boolean {
  return api.util.selectCachedArgsForQuery(state, 'getThread').some((a) => a.threadId === threadId);
}

/** The cached pages of a thread's messages. */
export function selectCachedPages(state: RootState, threadId: string): MessagePage[] {
  return messageArgsOf(state, threadId)
    .map((args) => api.endpoints.getThreadMessages.select(args)(state).data as MessagePage | undefined)
    .filter((p): p is MessagePage => !!p);
}

/** Whether a message is in the cache already: in a page of its thread, or as a thread's last message. */
export function isKnownMessage(state: RootState, message: Pick<Message, '_id' | 'threadId'>): boolean {
  if (selectCachedPages(state, message.threadId).some((p) => p.messages.some((m) => m._id === message._id))) return true;
  for (const args of threadListArgs(state)) {
    const list = api.endpoints.getThreads.select(args)(state).data;
    if (list?.threads.some((t) => t.lastMessage?._id === message._id)) return true;
  }
  return api.endpoints.getThread.select(threadArgs.one(message.threadId))(state).data?.lastMessage?._id === message._id;
}

/** Shows an optimistic message at the end of the newest page. */
export function showOptimistic(threadId: string, message: ChatMessage): AppThunk {
  return (dispatch) => {
    dispatch(api.util.updateQueryData('getThreadMessages', threadArgs.messages(threadId, 1), (draft) => addOptimisticMessage(draft, message)));
  };
}

/** A failed send: the optimistic message goes. */
export function dropOptimistic(threadId: string, tempId: string): AppThunk {
  return (dispatch, getState) => {
    for (const args of messageArgsOf(getState(), threadId)) {
      dispatch(api.util.updateQueryData('getThreadMessages', args, (draft) => removeOptimisticMessage(draft, tempId)));
    }
  };
}

/** A successful send: the server's message replaces the optimistic one and becomes the thread's last. */
export function confirmSent(threadId: string, tempId: string, server: Message): AppThunk {
  return (dispatch, getState) => {
    for (const args of messageArgsOf(getState(), threadId)) {
      dispatch(
        api.util.updateQueryData('getThreadMessages', args, (draft) =>
          (args.page ?? 1) === 1 ? confirmOptimisticMessage(draft, tempId, server) : removeOptimisticMessage(draft, tempId),
        ),
      );
    }
    dispatch(applyToThreads(serverCopy(server), false));
  };
}

/** The thread lists and the cached thread learn of a new message; false when no list holds its thread. */
function applyToThreads(message: Message, countUnread: boolean): AppThunk<boolean> {
  return (dispatch, getState) => {
    const state = getState();
    let found = false;
    for (const args of threadListArgs(state)) {
      const list = api.endpoints.getThreads.select(args)(state).data;
      if (!list?.threads.some((t) => t._id === message.threadId)) continue;
      found = true;
      dispatch(api.util.updateQueryData('getThreads', args, (draft) => applyMessageToThreads(draft, message, countUnread).list));
    }
    if (hasCachedThread(state, message.threadId)) {
      dispatch(
        api.util.updateQueryData('getThread', threadArgs.one(message.threadId), (draft) => applyMessageToThread(draft, message, countUnread)),
      );
    }
    return found;
  };
}

/**
 * A new message (over the socket): added to the newest page of its thread (once; in place of the
 * optimistic copy of one's own send whose clientId it echoes), the thread lists and the cached
 * thread updated, and when `countUnread` the unread counts raised by one.
 * Returns whether a cached thread list holds its thread (if not, the caller refetches the lists).
 */
export function receiveMessage(message: Message, { countUnread }: { countUnread: boolean }): AppThunk<{ inLists: boolean }> {
  return (dispatch) => {
    dispatch(
      api.util.updateQueryData('getThreadMessages', threadArgs.messages(message.threadId, 1), (draft) => receiveServerMessage(draft, message)),
    );
    const inLists = dispatch(applyToThreads(serverCopy(message), countUnread));
    if (countUnread) {
      dispatch(api.util.updateQueryData('getThreadUnreadCount', undefined, (draft) => ({ count: adjustUnreadTotal(draft.count, 1) })));
    }
    return { inLists };
  };
}

/**
 * A read receipt: `isRead` on the cached messages it names; when the signed-in member is the reader,
 * the thread's unread count and the unread total go down by the number that changed (never below
 * zero; messages in `notCounted` never raised them). Returns the ids no cached page holds (then the
 * counts cannot be trusted: refetch them).
 */
export function applyReceipt(
  receipt: ReadReceipt,
  meId: string,
  { readAt = new Date().toISOString(), notCounted }: { readAt?: string; notCounted?: ReadonlySet<string> } = {},
): AppThunk<{ unknownIds: string[]; decrement: number }> {
  return (dispatch, getState) => {
    const state = getState();
    const changed = new Map<string, ChatMessage>();
    const unknown = new Set(receipt.messageIds);
    for (const args of messageArgsOf(state, receipt.threadId)) {
      const page = api.endpoints.getThreadMessages.select(args)(state).data as MessagePage | undefined;
      if (!page) continue;
      const result = applyReadReceiptToPage(page, receipt.messageIds, readAt);
      for (const m of result.changed) changed.set(m._id, m);
      for (const m of page.messages) unknown.delete(m._id);
      if (result.changed.length) {
        dispatch(api.util.updateQueryData('getThreadMessages', args, (draft) => applyReadReceiptToPage(draft, receipt.messageIds, readAt).page));
      }
    }
    const decrement = receiptDecrement([...changed.values()], receipt, meId, notCounted);
    for (const args of threadListArgs(state)) {
      dispatch(
        api.util.updateQueryData('getThreads', args, (draft) => applyReceiptToThreads(draft, receipt.threadId, receipt.messageIds, readAt, decrement)),
      );
    }
    if (hasCachedThread(state, receipt.threadId)) {
      dispatch(
        api.util.updateQueryData('getThread', threadArgs.one(receipt.threadId), (draft) =>
          applyReceiptToThread(draft, receipt.messageIds, readAt, decrement),
        ),
      );
    }
    if (decrement > 0) {
      dispatch(api.util.updateQueryData('getThreadUnreadCount', undefined, (draft) => ({ count: adjustUnreadTotal(draft.count, -decrement) })));
    }
    return { unknownIds: [...unknown], decrement };
  };
}

/** Sets a thread's unread count in the lists and the cached thread (markThreadRead answers 0). */
export function setThreadUnreadEverywhere(threadId: string, unreadCount: number): AppThunk {
  return (dispatch, getState) => {
    const state = getState();
    for (const args of threadListArgs(state)) {
      dispatch(api.util.updateQueryData('getThreads', args, (draft) => setThreadUnread(draft, threadId, unreadCount)));
    }
    if (hasCachedThread(state, threadId)) {
      dispatch(api.util.updateQueryData('getThread', threadArgs.one(threadId), (draft) => ({ ...draft, unreadCount })));
    }
  };
}

/** Refetch from the server what a change the cache cannot follow made stale. */
export function refetchThreads(threadId?: string, { messages = false } = {}): AppThunk {
  return (dispatch) => {
    dispatch(
      messagingApi.util.invalidateTags([
        { type: 'Thread', id: THREAD_LIST_ID },
        'UnreadCount',
        ...(threadId ? [{ type: 'Thread' as const, id: threadId }] : []),
        ...(threadId && messages ? [{ type: 'ThreadMessages' as const, id: threadId }] : []),
      ]),
    );
  };
}

/**
 * An event arrived while a snapshot it concerns was still loading: the answer may predate the event,
 * so ask again once it is in (RTK Query delays an invalidation until the running request ends).
 */
export function refetchLoadingSnapshots(threadId: string): AppThunk {
  return (dispatch, getState) => {
    const state = getState();
    const loading = (entry: { isLoading: boolean } | undefined) => Boolean(entry?.isLoading);
    const tags: Parameters<typeof messagingApi.util.invalidateTags>[0] = [];
    if (loading(api.endpoints.getThreadUnreadCount.select(undefined)(state))) tags.push('UnreadCount');
    if (threadListArgs(state).some((args) => loading(api.endpoints.getThreads.select(args)(state)))) {
      tags.push({ type: 'Thread', id: THREAD_LIST_ID });
    }
    if (loading(api.endpoints.getThread.select(threadArgs.one(threadId))(state))) tags.push({ type: 'Thread', id: threadId });
    if (messageArgsOf(state, threadId).some((args) => loading(api.endpoints.getThreadMessages.select(args)(state)))) {
      tags.push({ type: 'ThreadMessages', id: threadId });
    }
    if (tags.length) dispatch(messagingApi.util.invalidateTags(tags));
  };
}
