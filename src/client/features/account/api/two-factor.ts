import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { withReauth } from '@client/lib/reauth';
import { toast } from '@client/lib/toast';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/user/2fa: whether the authenticator app is on, and how many recovery codes are left. */
const getTwoFactor = (signal?: AbortSignal) => answer(api.GET('/api/user/2fa', { signal }));

export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.twoFactor, queryFn: ({ signal }) => getTwoFactor(signal) });

export const useTwoFactorStatus = () => useQuery(twoFactorQueryOptions());

/**
 * POST /api/user/2fa/totp/setup and /enable: for TotpEnrolment. Adding a second factor is sensitive:
 * either may ask for proof first (the 10 minutes may end between the two).
 */
export const setupTotp = () => withReauth(() => answer(api.POST('/api/user/2fa/totp/setup')));
export const enableTotp = (code: string) =>
  withReauth(() => answer(api.POST('/api/user/2fa/totp/enable', { body: { code } })));

/** After a change: the status, the session's user (`twoFactor`) and the Security tab's activity. */
function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.user.twoFactor }),
      queryClient.invalidateQueries({ queryKey: queryKeys.user.security }),
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    ]);
}

/**
 * Said when the account's first second factor is on: the server signed out the other devices, which had
 * signed in with the password alone (docs/decisions/068-second-factors-need-fresh-proof.md).
 */
export const OTHERS_SIGNED_OUT = 'Any other device signed in to your account was signed out.';

/** `first`: the app is the account's first second factor (no passkey either). */
export function useTotpEnabled({ first }: { first: boolean }) {
  const refresh = useRefreshSecurity();
  return () => {
    toast({
      title: 'Two-factor sign-in is on',
      description: `From now on, signing in asks for a code from your app after your password.${first ? ` ${OTHERS_SIGNED_OUT}` : ''}`,
    });
    void refresh();
  };
}

/** POST /api/user/2fa/totp/disable {code}: the code is the proof it is the person. */
const disableTotp = (code: string) => answer(api.POST('/api/user/2fa/totp/disable', { body: { code } }));

export function useDisableTotp({ onDone }: { onDone: () => void }) {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: ({ message }) => {
      toast({ title: 'Two-factor sign-in turned off', description: message });
      onDone();
      void refresh();
    },
  });
}

/** POST /api/user/2fa/recovery-codes: a new set (the old ones stop working); sensitive, so it may ask for proof. */
const regenerateRecoveryCodes = () => withReauth(() => answer(api.POST('/api/user/2fa/recovery-codes')));

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => void refresh(),
    onError: (error) =>
      toast({
        title: 'Failed to make new recovery codes',
        description: describeFailure(error),
        variant: 'destructive',
      }),
  });
}
