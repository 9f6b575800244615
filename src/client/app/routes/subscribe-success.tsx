import { LoadedPage, userPage } from '../guards';

export const clientLoader = userPage(() =>
  import('@client/features/subscribe/subscribe-success-page').then((m) => m.SubscribeSuccessPage),
);
export default LoadedPage;
