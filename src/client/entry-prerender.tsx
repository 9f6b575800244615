import { documentNavigation } from '@client/lib/navigation';
import { createQueryClient } from '@client/lib/query-client';
import { renderToString } from 'react-dom/server';
import { MarketingApp } from './marketing-app';
import { MARKETING_PAGES } from './marketing-pages';

export { fullTitle, MARKETING_META } from '@client/lib/page-meta';
export { prerenderedFile } from './marketing-pages';

/** The HTML of one marketing page as a signed-out visitor first sees it (run at build time). */
export async function render(path: keyof typeof MARKETING_PAGES): Promise<string> {
  const Page = await MARKETING_PAGES[path]();
  return renderToString(
    <MarketingApp
      Page={Page}
      navigation={documentNavigation({ pathname: path })}
      queryClient={createQueryClient()}
    />,
  );
}
export const paths = Object.keys(MARKETING_PAGES) as (keyof typeof MARKETING_PAGES)[];
