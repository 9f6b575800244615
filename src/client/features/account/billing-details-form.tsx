import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/form-field';
import { useZodForm } from '@client/lib/use-zod-form';
import { type BillingDetails, type BillingDetailsInput, billingDetailsSchema } from '@shared/schemas/billing';
import { useState } from 'react';
import { useBillingDetails, useSaveBillingDetails } from './api/billing-details';

const EMPTY: BillingDetailsInput = { name: '', line1: '', line2: '', city: '', postcode: '', vatNumber: '' };

/**
 * Who the invoices are made out to: the practice or business, its UK address, and its VAT number if it
 * has one. Checked by the server's own rules (postcode and VAT number formats), saved on the Stripe
 * customer so every invoice carries them, as an HMRC VAT invoice needs.
 */
export function BillingDetailsForm({
  initial,
  submitLabel,
  onSaved,
  onCancel,
}: {
  initial: BillingDetails | null;
  submitLabel: string;
  onSaved?: (details: BillingDetails) => void;
  onCancel?: () => void;
}) {
  const { handleSubmit, field, reset, showServerError } = useZodForm(billingDetailsSchema, initial ?? EMPTY);
  const save = useSaveBillingDetails({
    onDone: (saved) => {
      reset(saved);
      onSaved?.(saved);
    },
  });
  const submit = handleSubmit((details) => save.mutate(details, { onError: showServerError }));
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Billing details">
      <TextField label="Practice or business name" autoComplete="organization" {...field('name')} />
      <TextField label="Address" autoComplete="address-line1" {...field('line1')} />
      <TextField label="Address line 2 (optional)" autoComplete="address-line2" {...field('line2')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Town or city" autoComplete="address-level2" {...field('city')} />
        <TextField label="Postcode" autoComplete="postal-code" {...field('postcode')} />
      </div>
      <TextField
        label="UK VAT number (optional)"
        hint="If your practice is VAT-registered: it goes on your invoices."
        {...field('vatNumber')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The saved details as an invoice shows them. */
export function BillingDetailsSummary({ details }: { details: BillingDetails }) {
  return (
    <address className="grid gap-0.5 text-sm not-italic text-slate-900">
      <span className="font-semibold">{details.name}</span>
      <span>{details.line1}</span>
      {details.line2 ? <span>{details.line2}</span> : null}
      <span>
        {details.city} {details.postcode}
      </span>
      <span className="text-slate-600">
        {details.vatNumber ? `VAT number ${details.vatNumber}` : 'No VAT number'}
      </span>
    </address>
  );
}

/** The Subscription tab's card: the details, and a way to change them. */
export function BillingDetailsCard() {
  const details = useBillingDetails();
  const [editing, setEditing] = useState(false);
  const saved = details.data?.details ?? null;
  return (
    <Card role="region" aria-labelledby="billing-details-heading">
      <CardHeader>
        <CardTitle id="billing-details-heading">Billing details</CardTitle>
        <CardDescription>Who your invoices are made out to.</CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-4">
        {details.isPending ? (
          <div aria-hidden="true" className="grid w-64 gap-2">
            {[0, 1, 2].map((row) => (
              <div key={row} className="h-4 rounded bg-slate-200 motion-safe:animate-pulse" />
            ))}
          </div>
        ) : details.isError ? (
          <p className="text-sm text-red-700">
            We couldn't load your billing details. {details.error.message}
          </p>
        ) : editing || !saved ? (
          <div className="w-full max-w-xl">
            {!saved && !editing ? (
              <p className="mb-4 text-sm text-slate-600">
                Add them so your invoices name your practice, as a VAT invoice should.
              </p>
            ) : null}
            <BillingDetailsForm
              initial={saved}
              submitLabel="Save billing details"
              onSaved={() => setEditing(false)}
              onCancel={saved ? () => setEditing(false) : undefined}
            />
          </div>
        ) : (
          <>
            <BillingDetailsSummary details={saved} />
            <Button variant="outline" onClick={() => setEditing(true)}>
              Change billing details
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
