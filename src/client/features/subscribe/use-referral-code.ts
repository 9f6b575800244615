import { ApiError, describeFailure } from '@client/lib/api';
import { forgetReferralCode, pendingReferralCode } from '@client/lib/pending-referral';
import { toast } from '@client/lib/toast';
import type { SubscriptionReferral } from '@shared/schemas/referrals';
import { useEffect, useState } from 'react';
import { applyReferralCode, removeReferralCode } from './api/apply-referral-code';

export type SettledCode = { code: string | null } | { problem: string };

const announceApplied = () =>
  toast({ title: 'Referral code applied!', description: "You'll get 1 month free after your trial ends." });

/**
 * The referral code of the subscription being set up, as the server holds it (docs/decisions/064-referral-code-applied-with-the-subscription.md):
 * a share link's code is applied with the subscription (`fromServer`, the create answer, undefined until
 * it comes); a typed one by Apply, or as the person pays. A code that cannot be used is shown, with why,
 * before any payment.
 */
export function useReferralCode(fromServer: SubscriptionReferral | null | undefined) {
  const [applied, setApplied] = useState<string | null>(null);
  // A share link's code shows in the box while the subscription (and the code with it) is prepared.
  const [draft, setDraft] = useState(() => pendingReferralCode() ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (fromServer === undefined) return;
    // The kept code went with the create call: the server has applied it or said why not.
    forgetReferralCode();
    if (!fromServer) return;
    if (fromServer.applied) {
      setApplied(fromServer.code);
      setDraft('');
      announceApplied();
    } else {
      setDraft(fromServer.code);
      setProblem(fromServer.message);
    }
  }, [fromServer]);

  /** Applies `raw`; the reason it could not be, or null once it is applied. */
  async function apply(raw: string): Promise<string | null> {
    const code = raw.trim().toUpperCase();
    setBusy(true);
    setProblem(null);
    try {
      await applyReferralCode(code);
      setApplied(code);
      setDraft('');
      announceApplied();
      return null;
    } catch (error) {
      // The code's own refusals (400 unknown, own or too late; 409 one already used) say why; anything
      // else (a limit, a network or provider failure) is the check failing, not the code.
      const known = error instanceof ApiError && (error.status === 400 || error.status === 409);
      const reason = known
        ? error.serverMessage
        : 'The code could not be checked just now. Please try again.';
      setProblem(reason);
      toast(
        known
          ? { title: 'Invalid code', description: reason, variant: 'destructive' }
          : {
              title: 'Error validating code',
              description: 'Please try again later.',
              variant: 'destructive',
            },
      );
      return reason;
    } finally {
      setBusy(false);
    }
  }

  async function remove(): Promise<boolean> {
    setBusy(true);
    try {
      await removeReferralCode();
      setApplied(null);
      return true;
    } catch (error) {
      toast({
        title: 'An error occurred',
        description: describeFailure(error as Error),
        variant: 'destructive',
      });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return {
    applied,
    draft,
    problem,
    busy,
    setDraft: (value: string) => {
      setDraft(value);
      setProblem(null);
    },
    apply,
    remove,
    /**
     * Before the card is confirmed: a code typed but not applied is applied now. The code the
     * subscription then has (or none), or why the typed one could not be applied.
     */
    settleBeforePayment: async (): Promise<SettledCode> => {
      if (applied || !draft.trim()) return { code: applied };
      const problem = await apply(draft);
      return problem ? { problem } : { code: draft.trim().toUpperCase() };
    },
  };
}

export type ReferralCodeState = ReturnType<typeof useReferralCode>;
