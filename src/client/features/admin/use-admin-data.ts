import { toast } from '@client/lib/toast';
import type { AdminReferral, AdminStats, AdminSubscriber, AdminUser } from '@shared/schemas/admin';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

// The admin data: each a GET of its URL through the query client's default fetcher (lib/query-client.ts),
// which sends the admin session cookie. Users and subscriptions share the one users query.
export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;
export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;
export const ADMIN_SUBSCRIBERS_KEY = ['/api/admin/subscribers'] as const;
export const ADMIN_REFERRALS_KEY = ['/api/admin/referrals'] as const;

/** A destructive toast each time the query fails (spec section 8), described by the error's message. */
function useFailureToast(query: UseQueryResult<unknown>, title: string): void {
  const { isError, error, errorUpdatedAt } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt marks a new failure.
  useEffect(() => {
    if (isError) toast({ title, description: error.message, variant: 'destructive' });
  }, [isError, errorUpdatedAt, title]);
}

export function useAdminStats() {
  const query = useQuery<AdminStats>({ queryKey: ADMIN_STATS_KEY });
  useFailureToast(query, 'Failed to fetch dashboard stats');
  return query;
}

export function useAdminUsers() {
  const query = useQuery<AdminUser[]>({ queryKey: ADMIN_USERS_KEY });
  useFailureToast(query, 'Failed to fetch users');
  return query;
}

export function useAdminSubscribers() {
  const query = useQuery<AdminSubscriber[]>({ queryKey: ADMIN_SUBSCRIBERS_KEY });
  useFailureToast(query, 'Failed to fetch subscribers');
  return query;
}

export function useAdminReferrals() {
  const query = useQuery<AdminReferral[]>({ queryKey: ADMIN_REFERRALS_KEY });
  useFailureToast(query, 'Failed to fetch referrals');
  return query;
}
