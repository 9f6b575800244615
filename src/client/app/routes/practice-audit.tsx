import { LoadedPage, userPage } from '../guards';

export const clientLoader = userPage(() =>
  import('@client/features/practice/audit-page').then((m) => m.PracticeAuditPage),
);
export default LoadedPage;
