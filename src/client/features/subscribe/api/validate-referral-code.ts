import { apiJson } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { ReferralValidation } from '@shared/schemas/referrals';
import { useMutation } from '@tanstack/react-query';

/** POST /api/validate-referral-code: whether a colleague's code can be used, and why not. */
const validateReferralCode = (code: string) =>
  apiJson<ReferralValidation>('POST', '/api/validate-referral-code', { code });

/** Checks a code; `onValid` gets it when it can be used, a toast says the outcome either way. */
export function useValidateReferralCode({ onValid }: { onValid: (code: string) => void }) {
  return useMutation({
    mutationFn: validateReferralCode,
    onSuccess: (result, code) => {
      if (result.valid) {
        onValid(code);
        toast({
          title: 'Referral code applied!',
          description: "You'll get 1 month free after your trial ends.",
        });
      } else {
        toast({
          title: 'Invalid code',
          description: result.message || 'Please check your referral code and try again.',
          variant: 'destructive',
        });
      }
    },
    onError: () => {
      toast({
        title: 'Error validating code',
        description: 'Please try again later.',
        variant: 'destructive',
      });
    },
  });
}
