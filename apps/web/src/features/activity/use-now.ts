import { useEffect, useState } from 'react';

/** The time now, again every `everyMs` (relative times such as "5 min ago" stay true while the page is open). */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
