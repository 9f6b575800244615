import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { describeFailure } from '@client/lib/api';
import { usePaymentConfig } from '@client/lib/config';
import { useStripeJs } from '@client/lib/stripe-js';
import { toast } from '@client/lib/toast';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type FormEvent, useEffect, useState } from 'react';
import { startCardUpdate, useFinishCardUpdate } from './api/update-card';

/**
 * 'Update card' for an unpaid renewal, in the page rather than Stripe's portal (which cannot always
 * complete a bank's check): the new card is confirmed with Stripe.js, then made the one renewals are
 * charged to, and the unpaid renewal is charged to it at once.
 */
export function UpdateCardDialog() {
  const [open, setOpen] = useState(false);
  // While Stripe.js confirms the card it may show the bank's check, its own modal, over this one: the
  // dialog steps back (not modal, and not closed by a click on the check) so that the check can take
  // clicks and focus (docs/decisions/074-what-each-screen-says-and-the-trial-that-never-began.md).
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog
      open={open}
      modal={!confirming}
      onOpenChange={(next) => {
        if (!confirming) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button>Update card</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Update your card</DialogTitle>
        <DialogDescription>
          Your unpaid payment is taken from the new card at once, and every renewal after it.
        </DialogDescription>
        {open ? <CardSetup onDone={() => setOpen(false)} onConfirming={setConfirming} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type CardFormProps = { onDone: () => void; onConfirming: (confirming: boolean) => void };

function CardSetup({ onDone, onConfirming }: CardFormProps) {
  const config = usePaymentConfig();
  const stripe = useStripeJs(config.data ?? null);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    startCardUpdate().then(
      (answer) => setClientSecret(answer.clientSecret),
      (error: Error) => setFailed(describeFailure(error)),
    );
  }, []);
  if (failed || stripe.status === 'failed')
    return (
      <p role="alert" className="text-sm text-red-700">
        {failed ?? 'The card form could not load. Please try again later.'}
      </p>
    );
  if (!clientSecret || stripe.status !== 'ready') return <Spinner label="Loading the card form" />;
  return (
    <Elements stripe={stripe.stripe} options={{ clientSecret }}>
      <CardForm onDone={onDone} onConfirming={onConfirming} />
    </Elements>
  );
}

function CardForm({ onDone, onConfirming }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  // The card is saved by the time the bank's check on the payment begins: the dialog closes for
  // Stripe.js's own modal, and the toast says how the payment ended.
  const finish = useFinishCardUpdate((running) => running && onDone());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ready || processing) return;
    setProcessing(true);
    // A card needing no bank step is saved here, without leaving the page; one whose bank asks is
    // checked in Stripe.js's own modal first.
    onConfirming(true);
    const { error, setupIntent } = await stripe
      .confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/account?tab=subscription` },
      })
      .finally(() => onConfirming(false));
    if (error || !setupIntent) {
      toast({
        title: 'Card not saved',
        description: error?.message ?? 'Please try again.',
        variant: 'destructive',
      });
      setProcessing(false);
      return;
    }
    finish.mutate(setupIntent.id, { onSuccess: onDone, onError: () => setProcessing(false) });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-busy={processing}>
      {ready ? null : <Spinner label="Loading the card form" />}
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={processing}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!ready || processing}>
          {processing ? 'Saving...' : 'Save card and pay'}
        </Button>
      </DialogFooter>
    </form>
  );
}
