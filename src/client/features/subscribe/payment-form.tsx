import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { paths } from '@client/config/paths';
import { toast } from '@client/lib/toast';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import type { SettledCode } from './use-referral-code';

type PaymentFormProps = {
  stripe: Stripe;
  clientSecret: string;
  /** 'setup' saves the card for after the trial (confirmSetup); 'payment' pays the first invoice. */
  intent: 'setup' | 'payment';
  /**
   * Settles the referral code before the card is confirmed: the code applied (sent with the confirmation
   * as metadata, docs/decisions/064-referral-code-applied-with-the-subscription.md), or why it could not be.
   */
  beforePayment: () => Promise<SettledCode>;
  submitLabel: string;
  /** Stripe's Payment Element could not start. */
  onLoadError: () => void;
};

export function PaymentForm({ stripe, clientSecret, ...formProps }: PaymentFormProps) {
  const options = useMemo<StripeElementsOptions>(
    () => ({
      clientSecret,
      appearance: {
        theme: 'stripe',
        variables: { colorPrimary: '#4f46e5', colorText: '#0f172a', borderRadius: '6px' },
      },
    }),
    [clientSecret],
  );
  return (
    <Elements stripe={stripe} options={options}>
      <CheckoutForm {...formProps} />
    </Elements>
  );
}

function CheckoutForm({
  intent,
  beforePayment,
  submitLabel,
  onLoadError,
}: Omit<PaymentFormProps, 'stripe' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  // What went wrong, beside the form as well as in the toast (a toast goes after five seconds).
  const [problem, setProblem] = useState<string | null>(null);
  const fail = (title: string, description: string) => {
    setProblem(`${title}: ${description}`);
    toast({ title, description, variant: 'destructive' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ready || processing) return;
    setProcessing(true);
    setProblem(null);
    // A code typed but not applied goes with the subscription before the card is confirmed (the
    // friend's free month is a coupon on it); one that cannot be used stops the payment, saying why.
    const settled = await beforePayment();
    if ('problem' in settled) {
      setProblem(`Invalid code: ${settled.problem}`);
      setProcessing(false);
      return;
    }
    const referralCode = settled.code;
    const confirmParams = {
      return_url: `${window.location.origin}${paths.subscribe.success.getHref()}`,
      ...(referralCode ? { payment_method_data: { metadata: { referralCode } } } : {}),
    };
    try {
      // On success Stripe sends the browser to return_url; the promise only settles with an error.
      const { error } =
        intent === 'setup'
          ? await stripe.confirmSetup({ elements, confirmParams })
          : await stripe.confirmPayment({ elements, confirmParams });
      fail('Payment Failed', error.message ?? 'Your payment could not be completed. Please try again.');
    } catch (error) {
      fail('Payment Failed', error instanceof Error ? error.message : 'Your payment could not be completed.');
    }
    setProcessing(false);
  };

  return (
    <form onSubmit={submit} className="grid gap-6" aria-busy={processing}>
      {ready ? null : <Spinner label="Loading the payment form" />}
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} onLoadError={onLoadError} />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripe || !elements || !ready || processing}
      >
        <Lock aria-hidden="true" className="size-4" />
        {processing ? 'Processing...' : submitLabel}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
