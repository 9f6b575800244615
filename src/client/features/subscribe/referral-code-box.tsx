import { Button } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { REFERRAL_CODE_VALID } from '@shared/schemas/referrals';
import { Gift } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import type { ReferralCodeState } from './use-referral-code';

type ReferralCodeBoxProps = {
  referral: ReferralCodeState;
  /** The subscription exists: a code can go with it. */
  ready: boolean;
};

/**
 * The referral code on subscribe (docs/decisions/064-referral-code-applied-with-the-subscription.md): none
 * applied, then applied (input cleared, the code shown); Remove returns to none. Apply is disabled while
 * working or when the input is blank after trimming. A code that cannot be used says why beside the field,
 * before any payment.
 */
export function ReferralCodeBox({ referral, ready }: ReferralCodeBoxProps) {
  const inputId = useId();
  const problemId = `${inputId}-problem`;
  const { applied, draft, problem, busy } = referral;
  const input = useRef<HTMLInputElement>(null);
  const appliedNote = useRef<HTMLParagraphElement>(null);
  const moveFocus = useRef<'applied' | 'input' | null>(null);

  // The form and the applied note replace each other: keep keyboard focus with what is shown.
  useEffect(() => {
    if (moveFocus.current === 'applied' && applied) appliedNote.current?.focus();
    if (moveFocus.current === 'input' && !applied) input.current?.focus();
    moveFocus.current = null;
  }, [applied]);

  const trimmed = draft.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || busy || !ready) return;
    moveFocus.current = 'applied';
    await referral.apply(trimmed);
  };

  if (applied)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4">
        <p
          ref={appliedNote}
          tabIndex={-1}
          className="flex items-start gap-2 rounded-sm text-sm text-emerald-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-semibold">{applied}</span>
            <span className="block">{REFERRAL_CODE_VALID}</span>
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Remove referral code ${applied}`}
          onClick={async () => {
            moveFocus.current = 'input';
            await referral.remove();
          }}
        >
          Remove
        </Button>
      </div>
    );

  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor={inputId}>Referral code</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={inputId}
          name="referralCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Enter a code"
          value={draft}
          onChange={(event) => referral.setDraft(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          maxLength={64}
        />
        <Button type="submit" variant="outline" disabled={!trimmed || busy || !ready}>
          Apply
        </Button>
      </div>
      <FieldError id={problemId} message={problem ? `Not applied. ${problem}` : undefined} />
      <p className="text-sm text-slate-600">Have a code from a colleague? You'll get a month free.</p>
    </form>
  );
}
