import { ApiError, answer, api, describeFailure } from '@client/lib/api';
import { setUser } from '@client/lib/session';
import { authenticatePayment } from '@client/lib/stripe-js';
import { toast } from '@client/lib/toast';
import type { PublicUser } from '@shared/schemas/auth';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { invoicesQueryOptions } from './get-invoices';
import { paymentMethodQueryOptions } from './get-payment-method';
import { subscriptionQueryOptions } from './get-subscription';

/** POST /api/billing/card: a SetupIntent for the new card, which the page confirms with Stripe.js. */
export const startCardUpdate = () => answer(api.POST('/api/billing/card'));

/**
 * POST /api/billing/card/confirm: the confirmed card becomes the one renewals are charged to, and an
 * unpaid renewal is charged to it now. When the bank asks the person to confirm that payment (202),
 * Stripe.js runs its check in the page, and the subscription is read again from Stripe.
 */
async function finishCardUpdate(
  queryClient: QueryClient,
  setupIntentId: string,
  onBankCheck?: (running: boolean) => void,
): Promise<PublicUser> {
  const outcome = await answer(
    api.POST('/api/billing/card/confirm', {
      body: {
        setupIntentId,
      },
    }),
  );
  if (!('clientSecret' in outcome)) return outcome;
  onBankCheck?.(true);
  const problem = await authenticatePayment(queryClient, outcome.clientSecret).finally(() =>
    onBankCheck?.(false),
  );
  const user = await answer(api.POST('/api/subscription/sync'));
  if (problem) {
    setUser(queryClient, user);
    throw new Error(problem);
  }
  return user;
}

/** `onBankCheck`: told while Stripe.js runs the bank's check in the page (its own modal). */
export function useFinishCardUpdate(onBankCheck?: (running: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupIntentId: string) => finishCardUpdate(queryClient, setupIntentId, onBankCheck),
    // Here, not in the form: the new state replaces the warning, and the dialog with it.
    onSuccess: (user) => {
      toast({ title: 'Card updated', description: 'Your payment went through. Thank you.' });
      setUser(queryClient, user);
    },
    onError: (failure) => {
      toast({
        title: 'Payment failed',
        description:
          failure instanceof ApiError
            ? failure.serverMessage
            : failure instanceof TypeError
              ? describeFailure(failure)
              : failure.message,
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
