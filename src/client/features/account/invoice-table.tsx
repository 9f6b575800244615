import { ScrollingTable } from '@client/components/ui/scrolling-table';
import { formatPounds } from '@shared/plans';
import type { Invoice } from '@shared/schemas/billing';
import { ExternalLink } from 'lucide-react';
import { formatDate, invoiceLink, invoiceStatusLabel } from './format';

const linkClass =
  'inline-flex items-center gap-1 rounded-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

const isUnpaid = (invoice: Invoice) => invoice.status === 'open' || invoice.status === 'uncollectible';

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

/**
 * Invoices as the person's billing history shows them, and the admin's user detail the same way:
 * date, net, VAT, total and status in words, and a link to Stripe's page. `payer`: the reader pays
 * these invoices (an unpaid one links 'Pay now').
 */
export function InvoiceTable({
  invoices,
  caption,
  payer = true,
}: {
  invoices: Invoice[];
  caption: string;
  payer?: boolean;
}) {
  return (
    <ScrollingTable
      caption={caption}
      head={
        <>
          {headings.map(([heading, shown]) => (
            <th key={heading} scope="col" className={`py-2 pr-4 font-medium ${shown}`}>
              {heading}
            </th>
          ))}
          <th scope="col" className="py-2 font-medium">
            <span className="sr-only">{payer ? 'Receipt or payment' : 'Receipt or invoice'}</span>
          </th>
        </>
      }
    >
      <tbody className="divide-y divide-slate-100">
        {invoices.map((invoice) => {
          const date = formatDate(invoice.date);
          const link = invoiceLink(invoice, payer);
          const unpaid = isUnpaid(invoice);
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
    </ScrollingTable>
  );
}
