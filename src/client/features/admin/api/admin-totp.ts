import { apiJson } from '@client/lib/api';
import type { TotpSetup } from '@shared/schemas/two-factor';

/** POST /api/admin/2fa/totp/setup and /enable: the admin's own authenticator app (for TotpEnrolment). */
export const setupAdminTotp = () => apiJson<TotpSetup>('POST', '/api/admin/2fa/totp/setup');
export const enableAdminTotp = (code: string) =>
  apiJson<{ recoveryCodes: string[] }>('POST', '/api/admin/2fa/totp/enable', { code });
