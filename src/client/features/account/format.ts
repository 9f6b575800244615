import { ukDateTime } from '@client/lib/uk-date-time';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@shared/constants';
import { once } from '@shared/once';
import type { Invoice } from '@shared/schemas/billing';

// Dates as a UK reader writes them, on the UK calendar: '14 March 2026'.
const longDate = once(
  () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }),
);

/** A long en-GB date; a missing date reads 'N/A' and an unreadable one 'Invalid date' (docs/architecture.md#errors). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : longDate().format(date);
}

/** A UK date and time, '14 Mar 2026, 09:30', for when something happened to the account. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : ukDateTime().format(date);
}

/** Whether an ISO date is still ahead. */
export function isFuture(value: string | null | undefined, now = Date.now()): boolean {
  if (!value) return false;
  const time = new Date(value).getTime();
  return !Number.isNaN(time) && time > now;
}

/** The API writes 'canceled'; 'cancelled' is accepted too (docs/architecture.md#settled-points). */
export function normaliseStatus(status: string): SubscriptionStatus {
  if (status === 'cancelled') return 'canceled';
  const known: readonly string[] = SUBSCRIPTION_STATUSES;
  return (known.includes(status) ? status : 'inactive') as SubscriptionStatus;
}

const statusWords: Record<SubscriptionStatus, string> = {
  inactive: 'No active subscription',
  active: 'Active',
  paused: 'Frozen',
  past_due: 'Payment overdue',
  canceled: 'Cancelled',
};

/** The status in words, so it never rests on colour alone. */
export function statusLabel(status: SubscriptionStatus, onTrial: boolean): string {
  if (status === 'active' && onTrial) return 'Free trial';
  return statusWords[status];
}

// Stripe's invoice statuses in words: only paid ones are receipts
// (docs/decisions/066-failed-renewal-grace-and-money-mails.md).
const invoiceStatusWords: Record<string, string> = {
  paid: 'Paid',
  open: 'Open — payment due',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/**
 * What an invoice's link is (docs/decisions/066-failed-renewal-grace-and-money-mails.md): a paid one's hosted
 * page is its receipt, unless nothing was charged (a free trial's £0.00 invoice is an invoice, not a receipt
 * for a payment); an unpaid one's is where it is paid (Stripe's hosted invoice page takes the card and any
 * bank check). Someone who does not pay it (the admin) is offered the invoice, never 'Pay now'.
 */
export function invoiceLink(
  invoice: Pick<Invoice, 'status' | 'total' | 'url' | 'pdf'>,
  payer: boolean,
): { label: 'Receipt' | 'Pay now' | 'Invoice'; href: string | null } {
  if (invoice.status === 'paid' && invoice.total > 0)
    return { label: 'Receipt', href: invoice.url ?? invoice.pdf };
  if (payer && (invoice.status === 'open' || invoice.status === 'uncollectible'))
    return { label: 'Pay now', href: invoice.url };
  return { label: 'Invoice', href: invoice.url ?? invoice.pdf };
}

export function invoiceStatusLabel(status: string): string {
  return invoiceStatusWords[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

/** 'Visa ending 4242, expires 12/2030'. */
export function describeCard(card: {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}): string {
  const brand = brandNames[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ending ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}
