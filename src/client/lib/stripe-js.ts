import type { Stripe } from '@stripe/stripe-js';
// The pure entry injects Stripe.js only when loadStripe is first called: on a page with a card form,
// not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { configQueryOptions } from './config';

let loading: { key: string; promise: Promise<Stripe | null> } | null = null;

/**
 * The local fake Stripe's stand-in for Stripe.js (docs/trying-it-locally.md), put in the page first:
 * finding `window.Stripe` there, Stripe's loader uses it instead of fetching js.stripe.com.
 */
function loadStandin(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('The Stripe.js stand-in did not load')));
    document.head.append(script);
  });
}

/** One Stripe.js load per key for the life of the page; a failed load may be tried again later. */
function getStripe(key: string, standinUrl: string | null): Promise<Stripe | null> {
  if (loading?.key !== key) {
    const load = standinUrl ? loadStandin(standinUrl).then(() => loadStripe(key)) : loadStripe(key);
    const entry = {
      key,
      promise: load.catch((error: unknown) => {
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
  // Known with the key: both come in the same answer.
  const { data: standinUrl = null } = useQuery({
    ...configQueryOptions(),
    select: (config) => config.stripeJsUrl ?? null,
  });
  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    getStripe(publishableKey, standinUrl).then(
      (stripe) => live && setState(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, standinUrl]);
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
  const { stripePublishableKey, stripeJsUrl } = await queryClient.fetchQuery(configQueryOptions());
  const stripe = stripePublishableKey
    ? await getStripe(stripePublishableKey, stripeJsUrl ?? null).catch(() => null)
    : null;
  if (!stripe) return 'The payment check could not load. Please try again later.';
  const { error } = await stripe.handleNextAction({ clientSecret });
  return error ? (error.message ?? 'Your bank did not confirm the payment.') : null;
}
