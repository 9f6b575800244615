import { answer, api } from '@client/lib/api';
import { withReauth } from '@client/lib/reauth';

/**
 * POST /api/admin/2fa/totp/setup and /enable: the admin's own authenticator app (for TotpEnrolment).
 * More than 10 minutes after the password sign-in, either asks for the password again first.
 */
export const setupAdminTotp = () => withReauth(() => answer(api.POST('/api/admin/2fa/totp/setup')));
export const enableAdminTotp = (code: string) =>
  withReauth(() => answer(api.POST('/api/admin/2fa/totp/enable', { body: { code } })));
