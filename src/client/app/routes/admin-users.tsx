import { adminPage, LoadedPage } from '../guards';

export const clientLoader = adminPage(() =>
  import('@client/features/admin/users-page').then((m) => m.AdminUsersPage),
);
export default LoadedPage;
