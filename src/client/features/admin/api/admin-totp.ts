import { apiJson } from '@client/lib/api';
import { withReauth } from '@client/lib/reauth';
import type { TotpSetup } from '@shared/schemas/two-factor';

/**
 * POST /api/admin/2fa/totp/setup and /enable: the admin's own authenticator app (for TotpEnrolment).
 * More than 10 minutes after the password sign-in, either asks for the password again first.
 */
export const setupAdminTotp = () => withReauth(() => apiJson<TotpSetup>('POST', '/api/admin/2fa/totp/setup'));
export const enableAdminTotp = (code: string) =>
  withReauth(() => apiJson<{ recoveryCodes: string[] }>('POST', '/api/admin/2fa/totp/enable', { code }));
