import { adminPage, LoadedPage } from '../guards';

export const clientLoader = adminPage(() =>
  import('@client/features/admin/user-detail-page').then((m) => m.AdminUserDetailPage),
);
export default LoadedPage;
