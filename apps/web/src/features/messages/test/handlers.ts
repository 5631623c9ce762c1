import { http, HttpResponse } from 'msw';
import type { Message, Thread } from '@/lib/api/messaging';
import { server } from '@/test/msw-server';
import { pagination } from './fixtures';

export interface MessagingServer {
  threads: Thread[];
  archived: Thread[];
  /** Messages per thread, oldest first. */
  messages: Record<string, Message[]>;
  unread: number;
}

export interface MessagingCalls {
  threadLists: URLSearchParams[];
  messagePages: { threadId: string; params: URLSearchParams }[];
  unreadCounts: number;
  sent: { threadId: string; contentType: string; json?: unknown; form?: FormData }[];
  markRead: string[];
  created: unknown[];
  deleted: string[];
  archived: { threadId: string; body: unknown }[];
  threadGets: string[];
}

/**
 * The messaging API over MSW, backed by `state` (tests change it between calls). Messages pages as
 * the API does: page 1 is the newest `limit`, each page oldest first.
 */
export function serveMessaging(state: MessagingServer) {
  const calls: MessagingCalls = {
    threadLists: [],
    messagePages: [],
    unreadCounts: 0,
    sent: [],
    markRead: [],
    created: [],
    deleted: [],
    archived: [],
    threadGets: [],
  };
  const findThread = (id: string) => [...state.threads, ...state.archived].find((t) => t._id === id);
  server.use(
    http.get('*/api/threads/unread-count', () => {
      calls.unreadCounts++;
      return HttpResponse.json({ count: state.unread });
    }),
    http.get('*/api/threads', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.threadLists.push(params);
      const list = params.get('archived') === 'true' ? state.archived : state.threads;
      return HttpResponse.json({ threads: list, pagination: pagination(list.length, list.length) });
    }),
    http.get('*/api/threads/:threadId/messages', ({ params, request }) => {
      const threadId = String(params.threadId);
      const query = new URL(request.url).searchParams;
      calls.messagePages.push({ threadId, params: query });
      const all = state.messages[threadId] ?? [];
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      const end = Math.max(0, all.length - (page - 1) * limit);
      const start = Math.max(0, end - limit);
      const messages = all.slice(start, end);
      return HttpResponse.json({ messages, pagination: pagination(all.length, messages.length, limit, page) });
    }),
    http.get('*/api/threads/:threadId', ({ params }) => {
      const threadId = String(params.threadId);
      calls.threadGets.push(threadId);
      const thread = findThread(threadId);
      return thread
        ? HttpResponse.json(thread)
        : HttpResponse.json({ statusCode: 404, message: 'Thread not found', error: 'Not Found' }, { status: 404 });
    }),
    http.post('*/api/threads/:threadId/read', ({ params }) => {
      const threadId = String(params.threadId);
      calls.markRead.push(threadId);
      const changed = (state.messages[threadId] ?? []).filter((m) => !m.isRead).map((m) => m._id);
      return HttpResponse.json({ threadId, messageIds: changed, unreadCount: 0 });
    }),
    http.delete('*/api/threads/:threadId', ({ params }) => {
      calls.deleted.push(String(params.threadId));
      state.threads = state.threads.filter((t) => t._id !== params.threadId);
      return HttpResponse.json({ success: true });
    }),
    http.post('*/api/threads/:threadId/archive', async ({ params, request }) => {
      const body = await request.json();
      calls.archived.push({ threadId: String(params.threadId), body });
      return HttpResponse.json(findThread(String(params.threadId)));
    }),
  );
  return calls;
}
