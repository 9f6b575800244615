import './styles.css';
import { paths } from '@client/config/paths';
import { documentNavigation } from '@client/lib/navigation';
import type { MarketingPath } from '@client/lib/page-meta';
import { queryClient } from '@client/lib/query-client';
import { hydrateRoot } from 'react-dom/client';
import { MarketingApp } from './marketing-app';
import { MARKETING_PAGES } from './marketing-pages';

// The HTML is already on screen (prerendered); this makes it interactive without the app's router.
const root = document.getElementById('root');
const path = (window.location.pathname.replace(/\/+$/, '') || paths.home.path) as MarketingPath;
const load = MARKETING_PAGES[path];
if (root && load) {
  load().then((Page) => {
    hydrateRoot(
      root,
      <MarketingApp Page={Page} navigation={documentNavigation(window.location)} queryClient={queryClient} />,
    );
  });
}
