import { useMemo, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { api, useGetThreadMessagesQuery } from '@/lib/api/generated';
import { threadArgs } from '@/lib/api/messaging';
import { useAppSelector } from '@/lib/state/hooks';
import { mergeMessagePages, type ChatMessage, type MessagePage } from '../messages-state';

/**
 * The messages of a thread, newest page first loaded, older pages on demand ("Load older messages":
 * pages 2, 3, … of getThreadMessages). Page 1 subscribes here; each older page is subscribed by an
 * `<OlderMessagesPage>` the conversation renders. Returns the pages merged oldest first.
 */
export function useThreadMessages(threadId: string) {
  const [pageCount, setPageCount] = useState(1);
  // always ask again when a conversation opens (a cached page may be minutes old)
  const first = useGetThreadMessagesQuery(threadArgs.messages(threadId, 1), { refetchOnMountOrArgChange: true });

  // the data of each page (stable references), and the state of the oldest page asked for
  const pages = useAppSelector(
    (state) =>
      Array.from({ length: pageCount }, (_, i) => api.endpoints.getThreadMessages.select(threadArgs.messages(threadId, i + 1))(state).data),
    shallowEqual,
  );
  const oldest = useAppSelector((state) => {
    const entry = api.endpoints.getThreadMessages.select(threadArgs.messages(threadId, pageCount))(state);
    return { pending: entry.isUninitialized || entry.isLoading, error: entry.error };
  }, shallowEqual);
  const messages: ChatMessage[] = useMemo(() => mergeMessagePages(pages as (MessagePage | undefined)[]), [pages]);

  const lastLoaded = [...pages].reverse().find(Boolean);
  const totalPages = lastLoaded?.pagination.totalPages ?? 1;
  const olderError = pageCount > 1 ? oldest.error : undefined;
  const loadingOlder = pageCount > 1 && oldest.pending;

  return {
    messages,
    /** Pages requested (1 = the newest only). */
    pageCount,
    firstPage: first,
    loaded: Boolean(first.data),
    hasOlder: Boolean(first.data) && (pageCount < totalPages || loadingOlder),
    loadingOlder,
    olderError,
    loadOlder: () => setPageCount((n) => n + 1),
  };
}

/** Keeps one older page of a thread subscribed (rendered once per page the reader loaded). */
export function OlderMessagesPage({ threadId, page }: { threadId: string; page: number }) {
  useGetThreadMessagesQuery(threadArgs.messages(threadId, page));
  return null;
}
