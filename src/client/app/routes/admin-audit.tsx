import { adminPage, LoadedPage } from '../guards';

export const clientLoader = adminPage(() =>
  import('@client/features/admin/audit-page').then((m) => m.AdminAuditPage),
);
export default LoadedPage;
