import { USER_QUERY_KEY } from '@client/features/auth/current-user';
import { apiJson } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { FREEZE_DAYS, RETENTION_DISCOUNT } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/auth';
import type { Invoice, PaymentMethod, SubscriptionDetails } from '@shared/schemas/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const SUBSCRIPTION_QUERY_KEY = ['/api/subscription'] as const;
export const INVOICES_QUERY_KEY = ['/api/billing/invoices'] as const;
export const PAYMENT_METHOD_QUERY_KEY = ['/api/billing/payment-method'] as const;

export function useSubscriptionDetails() {
  return useQuery<SubscriptionDetails>({ queryKey: SUBSCRIPTION_QUERY_KEY });
}

export function useInvoices() {
  return useQuery<Invoice[]>({ queryKey: INVOICES_QUERY_KEY });
}

export function usePaymentMethod() {
  return useQuery<PaymentMethod>({ queryKey: PAYMENT_METHOD_QUERY_KEY });
}

export type SubscriptionAction = 'freeze' | 'resume' | 'discount' | 'cancel' | 'keep';

const ACTIONS: Record<
  SubscriptionAction,
  { path: string; title: string; description: string; failure: string }
> = {
  freeze: {
    path: '/api/subscription/freeze',
    title: 'Subscription Frozen',
    description: `Your subscription is paused for ${FREEZE_DAYS} days. You won't be charged meanwhile.`,
    failure: 'Failed to freeze subscription',
  },
  // Freeze and resume share one endpoint (spec section 4): the server resumes a paused subscription.
  resume: {
    path: '/api/subscription/freeze',
    title: 'Subscription Resumed',
    description: 'Your subscription is active again.',
    failure: 'Failed to resume subscription',
  },
  discount: {
    path: '/api/subscription/discount',
    title: 'Discount Applied',
    description: `You'll pay ${RETENTION_DISCOUNT.percentOff}% less for the next ${RETENTION_DISCOUNT.months} months.`,
    failure: 'Failed to apply discount',
  },
  cancel: {
    path: '/api/subscription/cancel',
    title: 'Subscription Cancelled',
    description: 'You keep access until the end of your billing period.',
    failure: 'Failed to cancel subscription',
  },
  keep: {
    path: '/api/subscription/keep',
    title: 'Subscription Kept',
    description: 'Your subscription will continue as normal.',
    failure: 'Failed to keep subscription',
  },
};

/**
 * One change to the subscription. The answer is the updated user; the subscription details are then
 * refetched before the mutation settles, so the buttons never show the old state as if it were current.
 * `onDone` runs as soon as the change succeeded, before that refetch replaces the buttons: the place
 * to close a dialog and move focus while the component that asked is still on screen.
 */
export function useSubscriptionAction(action: SubscriptionAction, { onDone }: { onDone?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { path, title, description, failure } = ACTIONS[action];
  return useMutation({
    mutationFn: () => apiJson<PublicUser>('POST', path),
    onSuccess: async (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title, description });
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
    },
    onError: (error) => {
      toast({ title: failure, description: error.message, variant: 'destructive' });
    },
  });
}

/** Only a web address is followed (never, say, a javascript: URL). */
function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Opens Stripe's billing portal (change card, download invoices); it returns the user to /account. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await apiJson<{ url: string }>('POST', '/api/billing/portal');
      if (!isWebUrl(url)) throw new Error('The billing portal did not answer with a web address.');
      return url;
    },
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => {
      toast({ title: 'Failed to open billing', description: error.message, variant: 'destructive' });
    },
  });
}
