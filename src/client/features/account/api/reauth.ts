import { answer, api } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

/** Whose proof: a user's (the account pages) or an admin's (the admins' enrolment). */
export type ReauthAccount = 'user' | 'admin';

/** POST /api/user/reauth or /api/admin/reauth: the password or a code again, for the next 10 minutes of sensitive actions. */
const reauth = (account: ReauthAccount) => (proof: { password: string } | { code: string }) =>
  answer(
    account === 'user'
      ? api.POST('/api/user/reauth', { body: proof })
      : api.POST('/api/admin/reauth', { body: proof }),
  );

export const useReauth = (account: ReauthAccount) => useMutation({ mutationFn: reauth(account) });
