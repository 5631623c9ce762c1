/**
 * Messaging endpoints: stable names for the generated DTOs, argument builders, and precise cache tags.
 *
 * The codegen gives every messaging endpoint the one coarse tag "threads", so sending a message or
 * marking it read would refetch every thread list, every page of messages and the unread count. The
 * overrides below replace it: the screens keep the caches current themselves from the socket events
 * and the call answers (features/messages/cache-sync.ts), and refetch only what a change makes stale.
 * Every call still goes through `generated.ts`. Imported for its side effect by endpoints.ts.
 */
import { PAGINATION } from '@app/domain';
import { errorStatus, isFetchBaseQueryError } from './errors';
import {
  api,
  type ArchiveThreadApiArg,
  type AttachmentDto,
  type CreateThreadApiArg,
  type GetThreadMessagesApiArg,
  type GetThreadsApiArg,
  type MessageDto,
  type MessageListDto,
  type PaginationDto,
  type SendMessageDto,
  type SendThreadMessageApiArg,
  type ThreadDto,
  type ThreadListDto,
  type ThreadListingDto,
  type UserSummaryDto,
} from './generated';

export type Thread = ThreadDto;
export type ThreadListing = ThreadListingDto;
export type Message = MessageDto;
export type Attachment = AttachmentDto;
export type AttachmentKind = AttachmentDto['type'];
export type UserSummary = UserSummaryDto;
export type ThreadList = ThreadListDto;
export type MessageList = MessageListDto;
export type Pagination = PaginationDto;

/** A message as the client holds it: an optimistic one carries `tempId` and `clientStatus` too. */
export type ClientMessage = Message & {
  /** Client-only: the temporary id of an optimistic message (also its `_id` until it is replaced). */
  tempId?: string;
  /** Client-only: 'sending' while the send is in flight. */
  clientStatus?: 'sending';
};

/** Spec section 9: message page size 20 (threads are listed 20 at a time too). */
export const MESSAGE_PAGE_SIZE = PAGINATION.messagePageSize;
export const THREAD_PAGE_SIZE = 20;

/** The cache tag ids. */
export const THREAD_LIST_ID = 'LIST';

/**
 * Argument builders: every screen builds the same arguments, so they share the same cache entries
 * (a page of messages is `{ threadId, page, limit: 20 }`, never `{ threadId }`).
 */
export const threadArgs = {
  list: (archived = false, page = 1): GetThreadsApiArg => ({ page, limit: THREAD_PAGE_SIZE, archived }),
  one: (threadId: string) => ({ threadId }),
  messages: (threadId: string, page = 1): GetThreadMessagesApiArg => ({ threadId, page, limit: MESSAGE_PAGE_SIZE }),
  create: (body: CreateThreadApiArg['createThreadDto']): CreateThreadApiArg => ({ createThreadDto: body }),
  archive: (threadId: string, archived: boolean): ArchiveThreadApiArg => ({ threadId, archiveThreadDto: { archived } }),
  /** A text-only message as JSON (`clientId`: the optimistic message's tempId, echoed by the server). */
  sendText: (threadId: string, content: string, clientId?: string): SendThreadMessageApiArg => ({
    threadId,
    sendMessageDto: { content, attachments: [], ...(clientId ? { clientId } : {}) },
  }),
  /** A message with files as multipart/form-data: the generated mutation sends its body as is. */
  sendForm: (threadId: string, form: FormData): SendThreadMessageApiArg => ({
    threadId,
    sendMessageDto: form as unknown as SendMessageDto,
  }),
};

/** Error texts of the messaging calls (spec section 8). */
export const ERROR_CREATING_THREAD = 'Error creating thread';
export const ERROR_GETTING_THREADS = 'Error getting threads';
export const TOO_MANY_REQUESTS = 'Too many requests, please try again later';
export const INVALID_JSON = 'Invalid JSON response';

/**
 * A failed thread or message call: 429 is "Too many requests, please try again later", an unparsable
 * reply "Invalid JSON response", anything else `fallback` ("Error getting threads", ...).
 */
export function threadErrorMessage(error: unknown, fallback: string): string {
  if (errorStatus(error) === 429) return TOO_MANY_REQUESTS;
  if (isFetchBaseQueryError(error) && error.status === 'PARSING_ERROR') return INVALID_JSON;
  return fallback;
}

export function isPendingMessage(message: Pick<ClientMessage, 'clientStatus'>): boolean {
  return message.clientStatus === 'sending';
}

/**
 * A thread list with `thread` first and its unread count 0 (spec section 4: creating a thread places
 * it first in the list). A thread already listed (the API answers 200 for an existing one) moves.
 */
export function placeThreadFirst<T extends { _id: string; unreadCount: number }>(
  list: { threads: T[]; pagination: Pagination },
  thread: T,
): { threads: T[]; pagination: Pagination } {
  const rest = list.threads.filter((t) => t._id !== thread._id);
  const added = rest.length === list.threads.length;
  return {
    ...list,
    threads: [{ ...thread, unreadCount: 0 }, ...rest],
    pagination: added
      ? { ...list.pagination, totalItems: list.pagination.totalItems + 1, itemsOnPage: list.pagination.itemsOnPage + 1 }
      : list.pagination,
  };
}

/**
 * A refetched page of messages replaces the cached one, except for the messages still being sent
 * (not on the server yet), which stay at the end; no message appears twice.
 */
export function keepPendingOnRefetch<M extends ClientMessage>(
  current: { messages: M[]; pagination: Pagination } | undefined,
  incoming: { messages: M[]; pagination: Pagination },
): { messages: M[]; pagination: Pagination } {
  const seen = new Set<string>();
  const messages: M[] = [];
  for (const m of [...incoming.messages, ...(current?.messages ?? []).filter(isPendingMessage)]) {
    if (seen.has(m._id)) continue;
    seen.add(m._id);
    messages.push(m);
  }
  return { messages, pagination: incoming.pagination };
}

type ThreadTag = { type: 'Thread'; id: string } | { type: 'ThreadMessages'; id: string } | 'UnreadCount';

const threadListTag: ThreadTag = { type: 'Thread', id: THREAD_LIST_ID };
const threadTag = (id: string): ThreadTag => ({ type: 'Thread', id });
const messagesTag = (threadId: string): ThreadTag => ({ type: 'ThreadMessages', id: threadId });

export const messagingApi = api.enhanceEndpoints({
  addTagTypes: ['Thread', 'ThreadMessages', 'UnreadCount'],
  endpoints: {
    getThreads: {
      providesTags: (result) => [...(result?.threads ?? []).map((t) => threadTag(t._id)), threadListTag],
    },
    getThread: { providesTags: (_r, _e, arg) => [threadTag(arg.threadId)] },
    getThreadUnreadCount: { providesTags: ['UnreadCount'] },
    getThreadMessages: {
      providesTags: (_r, _e, arg) => [messagesTag(arg.threadId)],
      // a refetch (after a reconnection) keeps the messages still being sent
      merge: (current, incoming) => keepPendingOnRefetch(current, incoming),
    },

    createThread: {
      invalidatesTags: [],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        let thread: Thread;
        try {
          thread = (await queryFulfilled).data;
        } catch {
          return;
        }
        // the conversation it leads to shows its header at once
        dispatch(api.util.upsertQueryEntries([{ endpointName: 'getThread', arg: threadArgs.one(thread._id), value: thread }]));
        const state = getState() as Parameters<typeof api.util.selectCachedArgsForQuery>[0];
        for (const args of api.util.selectCachedArgsForQuery(state, 'getThreads')) {
          if ((args.page ?? 1) !== 1 || Boolean(args.archived) !== Boolean(thread.archived)) continue;
          dispatch(api.util.updateQueryData('getThreads', args, (draft) => placeThreadFirst(draft, thread)));
        }
      },
    },
    // hides the thread for the caller: it leaves the lists, and its unread messages no longer count
    deleteThread: { invalidatesTags: (_r, _e, arg) => [threadListTag, threadTag(arg.threadId), 'UnreadCount'] },
    archiveThread: { invalidatesTags: (_r, _e, arg) => [threadListTag, threadTag(arg.threadId)] },
    // the sender's screens add the message themselves (cache-sync), the other side gets it by socket
    sendThreadMessage: { invalidatesTags: [] },
    markThreadRead: { invalidatesTags: ['UnreadCount'] },
  },
});
