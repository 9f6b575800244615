import { adminPage, LoadedPage } from '../guards';

export const clientLoader = adminPage(() =>
  import('@client/features/admin/referrals-page').then((m) => m.AdminReferralsPage),
);
export default LoadedPage;
