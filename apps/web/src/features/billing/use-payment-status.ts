import { skipToken } from '@reduxjs/toolkit/query';
import { api, useGetPaymentStatusQuery } from '@/lib/api/generated';
import { isOpenPayment } from '@/lib/billing-text';

/** How often an open payment's status is asked (GET /payment/status re-checks the provider itself when due). */
export const PAYMENT_POLL_MS = 2000;

/**
 * A payment's status, asked again every PAYMENT_POLL_MS while it is open (pending or awaiting action):
 * polling stops once it is paid, failed, expired, cancelled or refunded, or the answer is an error.
 */
export function usePaymentStatus(id: string | null) {
  const arg = id ? { id } : skipToken;
  // the cached answer decides whether to keep asking (the same cache entry as the query below)
  const cached = api.endpoints.getPaymentStatus.useQueryState(arg);
  const open = cached.data ? isOpenPayment(cached.data.status) : !cached.isError;
  return useGetPaymentStatusQuery(arg, { pollingInterval: open ? PAYMENT_POLL_MS : 0, refetchOnMountOrArgChange: true });
}
