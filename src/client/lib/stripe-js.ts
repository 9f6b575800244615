import type { Stripe } from '@stripe/stripe-js';
// The pure entry injects Stripe.js only when loadStripe is first called: on a page with a card form,
// not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { configQueryOptions } from './config';

let loading: { key: string; promise: Promise<Stripe | null> } | null = null;

/** One Stripe.js load per key for the life of the page; a failed load may be tried again later. */
function getStripe(key: string): Promise<Stripe | null> {
  if (loading?.key !== key) {
    const entry = {
      key,
      promise: loadStripe(key).catch((error: unknown) => {
        if (loading === entry) loading = null;
        throw error;
      }),
    };
    loading = entry;
  }
  return loading.promise;
}

export type StripeState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/** Loads Stripe.js once a key is known (alongside the subscription's creation, not after it). */
export function useStripeJs(publishableKey: string | null): StripeState {
  const [state, setState] = useState<StripeState>({ status: 'loading' });
  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    getStripe(publishableKey).then(
      (stripe) => live && setState(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return state;
}

/**
 * The bank's check (3D Secure) for a payment the server left waiting on it, run in the page by
 * Stripe.js: null once the person passed it, else what went wrong, in Stripe's words. The server then
 * reads the outcome from Stripe itself, never from this answer.
 */
export async function authenticatePayment(
  queryClient: QueryClient,
  clientSecret: string,
): Promise<string | null> {
  const { stripePublishableKey } = await queryClient.fetchQuery(configQueryOptions());
  const stripe = stripePublishableKey ? await getStripe(stripePublishableKey).catch(() => null) : null;
  if (!stripe) return 'The payment check could not load. Please try again later.';
  const { error } = await stripe.handleNextAction({ clientSecret });
  return error ? (error.message ?? 'Your bank did not confirm the payment.') : null;
}
