import { ukDateTime } from '@client/lib/uk-date-time';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@shared/constants';
import { once } from '@shared/once';

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
