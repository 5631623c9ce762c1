import { useMemo, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { api, useGetThreadsQuery } from '@/lib/api/generated';
import { threadArgs, type Thread } from '@/lib/api/messaging';
import { useAppSelector } from '@/lib/state/hooks';

/** The thread list (inbox or archive), 20 at a time, more pages on demand. */
export function useThreadList(archived: boolean) {
  const [pageCount, setPageCount] = useState(1);
  const first = useGetThreadsQuery(threadArgs.list(archived, 1));
  const pages = useAppSelector(
    (state) => Array.from({ length: pageCount }, (_, i) => api.endpoints.getThreads.select(threadArgs.list(archived, i + 1))(state).data),
    shallowEqual,
  );
  const morePending = useAppSelector((state) => {
    const entry = api.endpoints.getThreads.select(threadArgs.list(archived, pageCount))(state);
    return entry.isUninitialized || entry.isLoading;
  });
  const threads: Thread[] = useMemo(() => {
    const seen = new Set<string>();
    const out: Thread[] = [];
    for (const page of pages) {
      for (const t of page?.threads ?? []) {
        if (seen.has(t._id)) continue;
        seen.add(t._id);
        out.push(t);
      }
    }
    return out;
  }, [pages]);
  const totalPages = [...pages].reverse().find(Boolean)?.pagination.totalPages ?? 1;
  return {
    threads,
    pageCount,
    first,
    hasMore: Boolean(first.data) && pageCount < totalPages,
    loadingMore: pageCount > 1 && morePending,
    loadMore: () => setPageCount((n) => n + 1),
  };
}

/** Keeps one more page of the thread list subscribed. */
export function MoreThreadsPage({ archived, page }: { archived: boolean; page: number }) {
  useGetThreadsQuery(threadArgs.list(archived, page));
  return null;
}
