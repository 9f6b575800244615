import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { withReauth } from '@client/lib/reauth';
import { toast } from '@client/lib/toast';
import { PRODUCT_NAME } from '@shared/brand';
import type { PracticeOverview, PracticePolicyChange, PracticePolicyRequest } from '@shared/schemas/practice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// A practice's governance (docs/decisions/092-a-practice-sign-in-policy.md,
// docs/decisions/093-practice-terms-accepted-by-version.md): its policy, the access review, its terms.

/** Where the access review downloads as CSV (a plain link: the browser saves the server's file). */
export const ACCESS_REVIEW_CSV = '/api/practice/members.csv';

/** GET /api/practice/members: who has access, for the owner and admins. */
export const useAccessReview = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.user.accessReview,
    queryFn: ({ signal }) => answer(api.GET('/api/practice/members', { signal })),
    enabled,
  });

/** POST /api/practice/members/reviewed: the review done, recorded in the practice's audit trail. */
export function useMarkReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.POST('/api/practice/members/reviewed')),
    onSuccess: (review) => {
      queryClient.setQueryData(queryKeys.user.accessReview, review);
      toast({ title: 'Access review recorded', description: 'It is in the practice’s audit trail.' });
    },
    onError: (error) => {
      toast({ title: 'Review not recorded', description: describeFailure(error), variant: 'destructive' });
    },
  });
}

/** GET /api/practice/agreements: the terms of now and the practice's acceptances. */
export const useAgreements = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.user.agreements,
    queryFn: ({ signal }) => answer(api.GET('/api/practice/agreements', { signal })),
    enabled,
  });

/** PATCH /api/practice/policy: a sensitive action, so it may ask 'Confirm it's you' first. */
export function useUpdatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PracticePolicyRequest) =>
      withReauth(() => answer(api.PATCH('/api/practice/policy', { body: change }))),
    onSuccess: async ({ sessionsEnded, ...policy }: PracticePolicyChange) => {
      queryClient.setQueryData<PracticeOverview>(queryKeys.user.practice, (overview) =>
        overview ? { ...overview, policy } : overview,
      );
      // Members' access may have changed (their second factor now required): the review and the user's own.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user.accessReview }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]);
      // Requiring Microsoft ended the sessions opened otherwise (docs/decisions/104-requiring-microsoft-ends-other-sessions.md).
      toast({
        title: 'Sign-in policy saved',
        ...(sessionsEnded > 0 && {
          description: `${sessionsEnded === 1 ? '1 session' : `${sessionsEnded} sessions`} of your team not opened with Microsoft ${sessionsEnded === 1 ? 'was' : 'were'} signed out, in ${PRODUCT_NAME} and the note app. They sign in again with Microsoft.`,
        }),
      });
    },
  });
}

/** POST /api/practice/agreements: the owner accepts the version they read. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => answer(api.POST('/api/practice/agreements', { body: { version } })),
    onSuccess: (agreements) => {
      queryClient.setQueryData(queryKeys.user.agreements, agreements);
      toast({ title: 'Practice terms accepted' });
    },
    onError: (error) => {
      toast({
        title: 'Failed to accept the terms',
        description: describeFailure(error),
        variant: 'destructive',
      });
    },
  });
}
