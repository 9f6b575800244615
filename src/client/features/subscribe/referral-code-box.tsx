import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { pendingReferralCode } from '@client/lib/pending-referral';
import { Gift } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useValidateReferralCode } from './api/validate-referral-code';

type ReferralCodeBoxProps = {
  applied: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/**
 * Spec section 4, referral code on subscribe: none applied, then applied after a successful
 * validation (input cleared, the code shown); Remove returns to none. Apply is disabled while
 * validating or when the input is blank after trimming.
 */
export function ReferralCodeBox({ applied, onApply, onRemove }: ReferralCodeBoxProps) {
  const inputId = useId();
  // Pre-filled from a share link followed earlier in this browser; the friend still presses Apply.
  const [code, setCode] = useState(() => pendingReferralCode() ?? '');
  const input = useRef<HTMLInputElement>(null);
  const appliedNote = useRef<HTMLParagraphElement>(null);
  const moveFocus = useRef<'applied' | 'input' | null>(null);

  const validate = useValidateReferralCode({
    onValid: (candidate) => {
      setCode('');
      moveFocus.current = 'applied';
      onApply(candidate);
    },
  });

  // The form and the applied note replace each other: keep keyboard focus with what is shown.
  useEffect(() => {
    if (moveFocus.current === 'applied' && applied) appliedNote.current?.focus();
    if (moveFocus.current === 'input' && !applied) input.current?.focus();
    moveFocus.current = null;
  }, [applied]);

  const trimmed = code.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || validate.isPending) return;
    validate.mutate(trimmed);
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
            <span className="block">Referral code applied. You'll get 1 month free!</span>
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Remove referral code ${applied}`}
          onClick={() => {
            moveFocus.current = 'input';
            onRemove();
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
          value={code}
          onChange={(event) => setCode(event.target.value)}
          maxLength={64}
        />
        <Button type="submit" variant="outline" disabled={!trimmed || validate.isPending}>
          Apply
        </Button>
      </div>
      <p className="text-sm text-slate-600">Have a code from a colleague? You'll get a month free.</p>
    </form>
  );
}
