import { answer, api } from '@client/lib/api';
import { provePasskey } from '@client/lib/passkey-ceremonies';
import { describePasskeyFailure } from '@client/lib/passkey-errors';
import { toast } from '@client/lib/toast';
import { isChallenge } from '@client/lib/two-factor-types';
import type { AdminLoginRequest, PublicAdmin } from '@shared/schemas/auth';
import type { TwoFactorRequired } from '@shared/schemas/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryOptions } from './get-admin';

/** POST /api/admin/login: a new admin session and the admin, or the second factor still to give. */
const adminLogin = (credentials: AdminLoginRequest) =>
  answer(api.POST('/api/admin/login', { body: credentials }));

/** POST /api/admin/login/2fa: the code that finishes the sign-in. */
const adminLoginSecondFactor = (code: string) => answer(api.POST('/api/admin/login/2fa', { body: { code } }));

/** The admin's passkey finishes the sign-in the password began (only that admin's passkeys answer). */
const adminLoginPasskey = () =>
  provePasskey(
    () => answer(api.POST('/api/admin/login/passkey/options')),
    (response) => answer(api.POST('/api/admin/login/passkey', { body: { response } })),
  );

function useAdminSignedIn() {
  const queryClient = useQueryClient();
  return (admin: PublicAdmin) => {
    queryClient.setQueryData(adminQueryOptions().queryKey, admin);
    toast({ title: 'Admin login successful', description: `Welcome back, ${admin.username}!` });
  };
}

const failed = (error: Error) =>
  toast({ title: 'Admin login failed', description: error.message, variant: 'destructive' });

export function useAdminLogin({ onChallenge }: { onChallenge: (challenge: TwoFactorRequired) => void }) {
  const signedIn = useAdminSignedIn();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (answer) => (isChallenge(answer) ? onChallenge(answer) : signedIn(answer)),
    onError: failed,
  });
}

export function useAdminLoginSecondFactor() {
  const signedIn = useAdminSignedIn();
  return useMutation({ mutationFn: adminLoginSecondFactor, onSuccess: signedIn, onError: failed });
}

export function useAdminLoginPasskey() {
  const signedIn = useAdminSignedIn();
  return useMutation({
    mutationFn: adminLoginPasskey,
    onSuccess: signedIn,
    onError: (error) => {
      const description = describePasskeyFailure(error);
      // Closing the prompt is a choice, not a failure: nothing to say.
      if (description !== null) toast({ title: 'Admin login failed', description, variant: 'destructive' });
    },
  });
}
