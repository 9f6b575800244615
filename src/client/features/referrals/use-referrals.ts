import { ApiError, apiJson } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { Invitation, ReferralStats } from '@shared/schemas/referrals';
import { useMutation, useQuery } from '@tanstack/react-query';

export const REFERRAL_CODE_QUERY_KEY = ['/api/referrals/code'] as const;
export const REFERRAL_STATS_QUERY_KEY = ['/api/referrals/stats'] as const;

const NO_STATS: ReferralStats = { totalReferrals: 0, pendingReferrals: 0, completedReferrals: 0, credits: 0 };

/** Spec section 7: a failure reads as "no code". */
export function useReferralCode() {
  return useQuery<string | null>({
    queryKey: REFERRAL_CODE_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        const res = await fetch(REFERRAL_CODE_QUERY_KEY[0], { credentials: 'include', signal });
        if (!res.ok) return null;
        const { referralCode } = (await res.json()) as { referralCode: string | null };
        return referralCode ?? null;
      } catch {
        return null;
      }
    },
  });
}

/** Spec section 7: a failure gives zeros. */
export function useReferralStats() {
  return useQuery<ReferralStats>({
    queryKey: REFERRAL_STATS_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        const res = await fetch(REFERRAL_STATS_QUERY_KEY[0], { credentials: 'include', signal });
        if (!res.ok) return NO_STATS;
        return (await res.json()) as ReferralStats;
      } catch {
        return NO_STATS;
      }
    },
  });
}

export function useSendInvitation({ onDone }: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: (invitation: Invitation) =>
      apiJson<{ message: string }>('POST', '/api/referrals', invitation),
    onSuccess: () => {
      toast({
        title: 'Invitation sent!',
        description: 'We have emailed your colleague your referral link.',
      });
      onDone?.();
    },
    onError: (error) => {
      toast({
        title: 'Failed to send invitation',
        // The server's word when it answered ("<status>: <message>"); otherwise the network failed.
        description: error instanceof ApiError ? error.message : 'Please try again later',
        variant: 'destructive',
      });
    },
  });
}
