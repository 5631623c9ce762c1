import { useSyncExternalStore } from 'react';
import { CURRENCIES, type Currency } from '@app/domain';
import { readStorage, writeStorage, DISPLAY_CURRENCY_KEY } from './storage';

// This module is in the app shell (the header's currency button); the formatting and conversion in
// ./money load with the pages that show prices.
export const BASE_CURRENCY: Currency = 'PHP';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * The currency a visitor chose to see prices in: a preference of this browser (kept in localStorage,
 * for guests too, and across logins), shared by every tab. PHP until they choose another.
 */
const listeners = new Set<() => void>();

function read(): Currency {
  const stored = readStorage(DISPLAY_CURRENCY_KEY);
  return isCurrency(stored) ? stored : BASE_CURRENCY;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISPLAY_CURRENCY_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setDisplayCurrency(currency: Currency): void {
  writeStorage(DISPLAY_CURRENCY_KEY, currency);
  for (const listener of listeners) listener();
}

export function useDisplayCurrency(): Currency {
  return useSyncExternalStore(subscribe, read, () => BASE_CURRENCY);
}
