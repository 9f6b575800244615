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

/** Where 'Confirm it's you' with Microsoft comes back to: this page, without an earlier answer's mark. */
function thisPage(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('microsoft-reauth');
  return `${url.pathname}${url.search}`;
}

/** POST /api/auth/microsoft/start for 'reauth': to Microsoft, to come back to this page. */
const startMicrosoftReauth = () =>
  answer(api.POST('/api/auth/microsoft/start', { body: { intent: 'reauth', returnTo: thisPage() } }));

/** To Microsoft, with the account linked to this one; the page it left then finishes the proof. */
export const useStartMicrosoftReauth = () =>
  useMutation({
    mutationFn: startMicrosoftReauth,
    onSuccess: ({ url }: { url: string }) => window.location.assign(url),
  });

/** POST /api/user/reauth/microsoft: back from Microsoft, the proof is given (docs/decisions/094-sign-in-with-microsoft.md). */
export const useFinishMicrosoftReauth = () =>
  useMutation({ mutationFn: () => answer(api.POST('/api/user/reauth/microsoft')) });
