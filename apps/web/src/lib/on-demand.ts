import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module the app shell shows only on some occasion (a toast, the loading overlay), so it is not part of
 * the first download: it loads the first time it is needed, or earlier once the browser is idle
 * ({@link preloadWhenIdle}). Unlike `React.lazy`, a failed load (a chunk fetched offline) is not kept:
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
 * Loads the given modules after the page has finished loading, when the browser is idle: they are not
 * waited for by the first render, and are there by the time a later interaction needs them. Errors are
 * ignored (the next need loads again).
 */
export function preloadWhenIdle(...modules: OnDemand<unknown>[]): void {
  if (typeof window === 'undefined') return;
  const run = () => {
    for (const module of modules) module.load().catch(() => undefined);
  };
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
