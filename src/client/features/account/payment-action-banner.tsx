import { Button } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { useNavigation } from '@client/lib/navigation';
import type { SubscriptionDetails } from '@shared/schemas/billing';
import { CreditCard, ShieldAlert } from 'lucide-react';
import { useSubscription } from './api/get-subscription';
import { formatDate, isFuture } from './format';

/**
 * Until when a failed renewal keeps the note app open (docs/decisions/066-failed-renewal-grace-and-money-mails.md), in one sentence shared by the
 * banner and the Subscription tab.
 */
export function accessUntilSentence(details: Pick<SubscriptionDetails, 'pastDueAccessUntil'>): string {
  return isFuture(details.pastDueAccessUntil)
    ? `The note app stays open to you until ${formatDate(details.pastDueAccessUntil)}; after that it closes until the payment is made.`
    : 'The note app is closed to you until the payment is made.';
}

/**
 * An unpaid renewal, on every page until it is paid: a failed payment (with the way to a new card), or
 * one the card's bank wants confirmed (SCA: the link to Stripe's page where the person confirms it;
 * the webhook clears it). Each says until when the note app stays open. The same went out by mail.
 */
export function PaymentActionBanner() {
  const details = useSubscription();
  // The banner stands on marketing pages too, which have no router: their navigation's own links.
  const { Link } = useNavigation();
  if (details.data?.status !== 'past_due') return null;
  const url = details.data.paymentActionUrl;
  const headingId = url ? 'payment-action-heading' : 'payment-failed-heading';
  return (
    <section aria-labelledby={headingId} className="border-b border-red-200 bg-red-50 text-red-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        {url ? (
          <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        ) : (
          <CreditCard aria-hidden="true" className="size-5 shrink-0" />
        )}
        <div className="min-w-0 flex-1">
          <p id={headingId} className="font-semibold">
            {url ? "Your bank asks you to confirm this month's payment" : 'Your last payment failed'}
          </p>
          <p className="text-sm">
            {url
              ? 'Until you confirm it, the payment is not made. '
              : 'Update your card and we take the payment from it at once. '}
            {accessUntilSentence(details.data)}
          </p>
        </div>
        <Button asChild size="sm">
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              Confirm payment
            </a>
          ) : (
            <Link to={paths.account.getManageHref()}>Update card</Link>
          )}
        </Button>
      </div>
    </section>
  );
}
