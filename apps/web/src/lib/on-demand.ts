import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module the app shell shows only on some occasion (a toast, the loading overlay), so it is not part of
 * the first download: it loads the first time it is needed, or earlier with the first interaction
 * ({@link preloadLater}). Unlike `React.lazy`, a failed load (a chunk fetched offline) is not kept:
 * the next need loads it again, and a component that needs it retries once the browser is back online.
 */
export interface OnDemand<T> {
  /** Starts loading, once (again after a failure); resolves to the module. */
  load(): Promise<T>;
  /** The module if it has loaded. */
  current(): T | undefined;
  subscribe(listener: () => void): () => void;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= importer().then(
        (module) => {
          value = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    current: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The module once it has loaded (else undefined, and the caller renders nothing yet). While `needed`, starts
 * loading it; if that fails, tries again when the browser comes back online.
 */
export function useOnDemand<T>(module: OnDemand<T>, needed: boolean): T | undefined {
  const value = useSyncExternalStore(module.subscribe, module.current, module.current);
  const loaded = value !== undefined;
  useEffect(() => {
    if (!needed || loaded) return;
    let active = true;
    const retry = () => {
      module.load().catch(() => {
        if (active) window.addEventListener('online', retry, { once: true });
      });
    };
    retry();
    return () => {
      active = false;
      window.removeEventListener('online', retry);
    };
  }, [module, needed, loaded]);
  return value;
}

/**
 * Loads the given modules once the visitor first interacts with the page (a tap, a key), or when the
 * browser is idle some seconds after the page has loaded, whichever comes first: not while the first page
 * is still loading (on a slow phone connection they would compete with its code, data and images), and by
 * the time an interaction (a navigation, a form sent) needs them. Errors are ignored (the next need loads again).
 */
export function preloadLater(modules: OnDemand<unknown>[], { afterLoadMs = 8000 } = {}): void {
  if (typeof window === 'undefined') return;
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const event of events) window.removeEventListener(event, run, true);
    for (const module of modules) module.load().catch(() => undefined);
  };
  for (const event of events) window.addEventListener(event, run, { capture: true, passive: true });
  const later = () =>
    window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
      else run();
    }, afterLoadMs);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
