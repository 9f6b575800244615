import { adminPage, LoadedPage } from '../guards';

export const clientLoader = adminPage(() =>
  import('@client/features/admin/newsletter-page').then((m) => m.AdminNewsletterPage),
);
export default LoadedPage;
