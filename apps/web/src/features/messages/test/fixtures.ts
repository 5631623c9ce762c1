import type { Message, Thread, UserSummary } from '@/lib/api/messaging';
import type { ChatMessage, MessagePage, ThreadPage } from '../messages-state';

export const ME: UserSummary = { _id: 'u_1', firstName: 'Ana', lastName: 'Reyes', avatar: null, type: 'customer' };
export const OTHER: UserSummary = { _id: 'u_owner', firstName: 'Ramon', lastName: 'Cruz', avatar: null, type: 'property_owner' };

let seq = 0;

/** A message; `at` is a minute offset from a fixed time, so tests can order them. */
export function makeMessage(overrides: Partial<ChatMessage> & { at?: number } = {}): ChatMessage {
  const { at = seq++, ...rest } = overrides;
  const createdAt = new Date(Date.UTC(2025, 2, 1, 8, 0) + at * 60_000).toISOString();
  return {
    _id: `m_${at}`,
    threadId: 't_1',
    content: `Message ${at}`,
    attachments: [],
    sender: OTHER,
    isRead: false,
    readAt: null,
    createdAt,
    timestamp: createdAt,
    ...rest,
  };
}

export function makeThread(overrides: Partial<Thread> = {}): Thread {
  return {
    _id: 't_1',
    participants: [ME, OTHER],
    otherParticipant: OTHER,
    listing: { _id: 'l_1', name: 'Sunny house in Loyola Heights', code: 'TH-1001', price: 12_500_000, currency: 'PHP', thumbnailUrl: null },
    lastMessage: null,
    unreadCount: 0,
    archived: false,
    lastActivityAt: '2025-03-01T07:00:00.000Z',
    createdAt: '2025-03-01T07:00:00.000Z',
    ...overrides,
  };
}

export function pagination(totalItems: number, itemsOnPage: number, limit = 20, page = 1) {
  return { currentPage: page, itemsOnPage, totalPages: Math.ceil(totalItems / limit), totalItems, itemsPerPage: limit };
}

export function messagePage(messages: ChatMessage[], totalItems = messages.length, page = 1): MessagePage {
  return { messages, pagination: pagination(totalItems, messages.length, 20, page) };
}

export function threadPage(threads: Thread[]): ThreadPage {
  return { threads, pagination: pagination(threads.length, threads.length) };
}

export type { Message };
