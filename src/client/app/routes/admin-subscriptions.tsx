import { adminPage, LoadedPage } from '../guards';

export const clientLoader = adminPage(() =>
  import('@client/features/admin/subscriptions-page').then((m) => m.AdminSubscriptionsPage),
);
export default LoadedPage;
