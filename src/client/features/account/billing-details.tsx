import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatPounds } from '@shared/plans';
import type { Invoice } from '@shared/schemas/billing';
import { CreditCard, ExternalLink } from 'lucide-react';
import { useInvoices } from './api/get-invoices';
import { usePaymentMethod } from './api/get-payment-method';
import { useBillingPortal } from './api/open-billing-portal';
import { describeCard, formatDate, invoiceStatusLabel } from './format';
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

const linkClass =
  'inline-flex items-center gap-1 rounded-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

/**
 * What an invoice's link is (docs/decisions/066-failed-renewal-grace-and-money-mails.md): a paid one's hosted
 * page is its receipt; an unpaid one's is where it is paid (Stripe's hosted invoice page takes the card and
 * any bank check).
 */
function invoiceLink(invoice: Invoice): { label: string; href: string | null } {
  if (invoice.status === 'paid') return { label: 'Receipt', href: invoice.url ?? invoice.pdf };
  if (invoice.status === 'open' || invoice.status === 'uncollectible')
    return { label: 'Pay now', href: invoice.url };
  return { label: 'Invoice', href: invoice.url ?? invoice.pdf };
}

// On a phone the net, VAT and status columns fold into the date and total cells (the table would not
// fit 360 px with six columns); from 640 px each has its own column.
const headings: [string, string][] = [
  ['Date', ''],
  ['Net', 'hidden sm:table-cell'],
  ['VAT', 'hidden sm:table-cell'],
  ['Total', ''],
  ['Status', 'hidden sm:table-cell'],
];
const amountCell = 'py-3 pr-4 whitespace-nowrap text-slate-900';
const wideOnly = 'hidden sm:table-cell';

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
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Billing history</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  {headings.map(([heading, shown]) => (
                    <th key={heading} scope="col" className={`py-2 pr-4 font-medium ${shown}`}>
                      {heading}
                    </th>
                  ))}
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Receipt or payment</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {invoices.data.map((invoice) => {
                  const date = formatDate(invoice.date);
                  const link = invoiceLink(invoice);
                  const unpaid = link.label === 'Pay now';
                  return (
                    <tr key={invoice.id}>
                      {/* The date may take two lines ('25 November', '2026'), so the table fits a phone. */}
                      <td className="py-3 pr-4 text-slate-900">
                        {date}
                        <span
                          className={`block sm:hidden ${unpaid ? 'font-medium text-amber-900' : 'text-slate-600'}`}
                        >
                          {invoiceStatusLabel(invoice.status)}
                        </span>
                      </td>
                      <td className={`${amountCell} ${wideOnly}`}>{formatPounds(invoice.net)}</td>
                      <td className={`${amountCell} ${wideOnly}`}>{formatPounds(invoice.vat)}</td>
                      <td className={`${amountCell} font-medium`}>
                        {formatPounds(invoice.total)}
                        <span className="block text-xs font-normal text-slate-600 sm:hidden">
                          incl. {formatPounds(invoice.vat)} VAT
                        </span>
                      </td>
                      <td
                        className={`py-3 pr-4 ${wideOnly} ${unpaid ? 'font-medium text-amber-900' : 'text-slate-700'}`}
                      >
                        {invoiceStatusLabel(invoice.status)}
                      </td>
                      <td className="py-3 text-right whitespace-nowrap">
                        {link.href ? (
                          <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                            {link.label}
                            <span className="sr-only">
                              {' '}
                              for {date}
                              {invoice.number ? ` (invoice ${invoice.number})` : ''}, opens in a new tab
                            </span>
                            <ExternalLink aria-hidden="true" className="size-3.5" />
                          </a>
                        ) : (
                          <span className="text-slate-500">Not available</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
