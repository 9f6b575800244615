import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { CreditCard, ExternalLink } from 'lucide-react';
import { useInvoices } from './api/get-invoices';
import { usePaymentMethod } from './api/get-payment-method';
import { useBillingPortal } from './api/open-billing-portal';
import { describeCard } from './format';
import { InvoiceTable } from './invoice-table';
import { ListSkeleton } from './list-skeleton';

/** The card Stripe charges, and the way to change it (Stripe's billing portal). */
export function PaymentMethodCard({ canManage }: { canManage: boolean }) {
  const paymentMethod = usePaymentMethod();
  const portal = useBillingPortal();
  return (
    <Card role="region" aria-labelledby="payment-method-heading">
      <CardHeader>
        <CardTitle id="payment-method-heading">Payment method</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        {paymentMethod.isPending ? (
          <div
            role="status"
            aria-label="Loading payment method"
            className="h-6 w-56 rounded bg-slate-200 motion-safe:animate-pulse"
          />
        ) : paymentMethod.isError ? (
          <p className="text-sm text-red-700">
            We couldn't load your payment method. {paymentMethod.error.message}
          </p>
        ) : (
          <p className="flex items-center gap-3 text-slate-900">
            <CreditCard aria-hidden="true" className="size-6 text-slate-500" />
            {paymentMethod.data ? describeCard(paymentMethod.data) : 'No card on file'}
          </p>
        )}
        {canManage ? (
          <Button
            variant="outline"
            disabled={portal.isPending || portal.isSuccess}
            onClick={() => portal.mutate()}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {portal.isPending ? 'Opening...' : 'Manage billing'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function BillingHistory() {
  const invoices = useInvoices();
  return (
    <Card role="region" aria-labelledby="billing-history-heading">
      <CardHeader>
        <CardTitle id="billing-history-heading">Billing history</CardTitle>
        <CardDescription>
          Your invoices, newest first: each total includes UK VAT at 20 %. Paid ones link to their receipt.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {invoices.isPending ? (
          <ListSkeleton label="Loading invoices" rows={2} />
        ) : invoices.isError ? (
          <p className="text-sm text-red-700">We couldn't load your invoices. {invoices.error.message}</p>
        ) : invoices.data.length === 0 ? (
          <p className="text-sm text-slate-600">No invoices yet.</p>
        ) : (
          <InvoiceTable invoices={invoices.data} caption="Billing history" />
        )}
      </CardContent>
    </Card>
  );
}
