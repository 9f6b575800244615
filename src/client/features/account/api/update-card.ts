import { ApiError, apiJson, describeFailure } from '@client/lib/api';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import type { PublicUser } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoicesQueryOptions } from './get-invoices';
import { paymentMethodQueryOptions } from './get-payment-method';
import { subscriptionQueryOptions } from './get-subscription';

/** POST /api/billing/card: a SetupIntent for the new card, which the page confirms with Stripe.js. */
export const startCardUpdate = () => apiJson<{ clientSecret: string }>('POST', '/api/billing/card');

/**
 * POST /api/billing/card/confirm: the confirmed card becomes the one renewals are charged to, and an
 * unpaid renewal is charged to it now.
 */
export function useFinishCardUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupIntentId: string) =>
      apiJson<PublicUser>('POST', '/api/billing/card/confirm', { setupIntentId }),
    // Here, not in the form: the new state replaces the warning, and the dialog with it.
    onSuccess: (user) => {
      toast({ title: 'Card updated', description: 'Your payment went through. Thank you.' });
      setUser(queryClient, user);
    },
    onError: (failure) => {
      toast({
        title: 'Payment failed',
        description: failure instanceof ApiError ? failure.serverMessage : describeFailure(failure),
        variant: 'destructive',
      });
    },
    // Saved even when the bank then refused the payment: what the account shows is read again.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: paymentMethodQueryOptions().queryKey });
      // The unpaid invoice, now paid, becomes a receipt.
      await queryClient.invalidateQueries({ queryKey: invoicesQueryOptions().queryKey });
    },
  });
}
