import { useCallback } from 'react';
import { api } from '@/lib/api/generated';
import { api as shellApi } from '@/lib/api/generated-shell';
import { useAppDispatch } from '@/lib/state/hooks';

/**
 * After a payment went through: the plan, credits and payments shown anywhere are asked again, and the
 * signed-in user is fetched again, so the auth slice (and the stored session) holds the new plan and
 * credits.remaining the header shows.
 */
export function useAccountRefresh(): () => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    dispatch(api.util.invalidateTags(['subscription', 'payment', 'ai-credits']));
    await dispatch(shellApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  }, [dispatch]);
}
