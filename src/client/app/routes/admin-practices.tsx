import { adminPage, LoadedPage } from '../guards';

export const clientLoader = adminPage(() =>
  import('@client/features/admin/practices-page').then((m) => m.AdminPracticesPage),
);
export default LoadedPage;
