// What other features may use of the account feature; its page is reached through the router.
export { useBillingDetails } from './api/billing-details';
export { useInvoices } from './api/get-invoices';
export { useSubscription } from './api/get-subscription';
export { useMicrosoftLink } from './api/microsoft';
export { BillingDetailsForm, BillingDetailsSummary } from './billing-details-form';
export { formatDate, invoiceLink, isFuture } from './format';
export { InvoiceTable } from './invoice-table';
export { PaymentActionBanner } from './payment-action-banner';
export { ReauthDialog } from './reauth-dialog';
export { VerifyEmailBanner } from './verify-email-banner';
