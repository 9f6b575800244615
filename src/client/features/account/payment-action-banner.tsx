import { Button } from '@client/components/ui/button';
import { ShieldAlert } from 'lucide-react';
import { useSubscription } from './api/get-subscription';

/**
 * A renewal the card's bank wants confirmed (SCA): shown on every page until the payment goes through
 * (the webhook clears it), with the link to Stripe's page where the person confirms it. The same link
 * went out by mail.
 */
export function PaymentActionBanner() {
  const details = useSubscription();
  const url = details.data?.paymentActionUrl;
  if (!url) return null;
  return (
    <section
      aria-labelledby="payment-action-heading"
      className="border-b border-red-200 bg-red-50 text-red-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p id="payment-action-heading" className="font-semibold">
            Your bank asks you to confirm this month's payment
          </p>
          <p className="text-sm">
            Until you confirm it, the payment is not made and the note app is closed to you.
          </p>
        </div>
        <Button asChild size="sm">
          <a href={url} target="_blank" rel="noopener noreferrer">
            Confirm payment
          </a>
        </Button>
      </div>
    </section>
  );
}
