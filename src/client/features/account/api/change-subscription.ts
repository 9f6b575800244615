import { answer, api } from '@client/lib/api';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { FREEZE_DAYS, RETENTION_DISCOUNT } from '@shared/constants';
import type { CancelRequest } from '@shared/schemas/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionQueryOptions } from './get-subscription';

// The four endpoints that change a subscription: each a POST (a body for a cancellation's reason only),
// answered with the user.
// Their one difference is what the toast says, so they share this file and its hook.
type SubscriptionAction = 'freeze' | 'resume' | 'discount' | 'monthlyAtYearEnd' | 'cancel' | 'keep';

const ACTIONS: Record<SubscriptionAction, { title: string; description: string; failure: string }> = {
  freeze: {
    title: 'Subscription Frozen',
    description: `Your subscription is paused for ${FREEZE_DAYS} days. You won't be charged meanwhile.`,
    failure: 'Failed to freeze subscription',
  },
  resume: {
    title: 'Subscription Resumed',
    description: 'Your subscription is active again.',
    failure: 'Failed to resume subscription',
  },
  discount: {
    title: 'Discount Applied',
    description: `You'll pay ${RETENTION_DISCOUNT.percentOff}% less for the next ${RETENTION_DISCOUNT.months} months.`,
    failure: 'Failed to apply discount',
  },
  // The yearly plan's retention offer, by the same endpoint as the discount (docs/decisions/096-yearly-plans.md).
  monthlyAtYearEnd: {
    title: 'Monthly Billing Chosen',
    description: 'Your year stays as it is. When it ends you pay monthly, and can cancel any month.',
    failure: 'Failed to switch to monthly billing',
  },
  cancel: {
    title: 'Subscription Cancelled',
    description: 'You keep access until the end of your billing period.',
    failure: 'Failed to cancel subscription',
  },
  keep: {
    title: 'Subscription Kept',
    description: 'Your subscription will continue as normal.',
    failure: 'Failed to keep subscription',
  },
};

/** `why` goes with a cancellation only (its reason and comment, both optional). */
const changeSubscription = (action: SubscriptionAction, why?: CancelRequest) =>
  answer(
    action === 'cancel'
      ? api.POST('/api/subscription/cancel', { body: cleanWhy(why) })
      : api.POST(WITHOUT_BODY[action]),
  );

/** The endpoints of the actions without a body. */
const WITHOUT_BODY = {
  freeze: '/api/subscription/freeze',
  // Freeze and resume share one endpoint (docs/architecture.md#states): the server resumes a paused subscription.
  resume: '/api/subscription/freeze',
  discount: '/api/subscription/discount',
  monthlyAtYearEnd: '/api/subscription/discount',
  keep: '/api/subscription/keep',
} as const;

/** What was said, without empty answers. */
function cleanWhy(why: CancelRequest = {}): CancelRequest {
  const comment = why.comment?.trim();
  return { ...(why.reason ? { reason: why.reason } : {}), ...(comment ? { comment } : {}) };
}

/**
 * One change to the subscription. The answer is the updated user; the subscription details are then
 * refetched before the mutation settles, so the buttons never show the old state as if it were current.
 * `onDone` runs as soon as the change succeeded, before that refetch replaces the buttons: the place
 * to close a dialog and move focus while the component that asked is still on screen.
 */
export function useSubscriptionAction(action: SubscriptionAction, { onDone }: { onDone?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { title, description, failure } = ACTIONS[action];
  return useMutation({
    mutationFn: (why?: CancelRequest) => changeSubscription(action, why),
    onSuccess: async (user) => {
      setUser(queryClient, user);
      toast({ title, description });
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({ title: failure, description: error.message, variant: 'destructive' });
    },
  });
}
