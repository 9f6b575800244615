import { paths } from '@client/config/paths';
import { safeRedirect } from '@client/lib/safe-redirect';

/** Only admin pages are followed after admin sign-in; the login page itself would loop. */
export function adminRedirectTarget(param: string | null): string {
  const target = safeRedirect(param, '');
  return target.startsWith(`${paths.admin.login.path}/`) ? target : paths.admin.dashboard.getHref();
}
