import { IslandRenderer } from '@client/islands/island';
import { IslandTree, islandIdPrefix } from '@client/islands/island-tree';
import { documentNavigation } from '@client/lib/navigation';
import { createQueryClient } from '@client/lib/query-client';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MarketingApp } from './marketing-app';
import { MARKETING_PAGES } from './marketing-pages';

export { fullTitle, MARKETING_META } from '@client/lib/page-meta';
export { prerenderedFile } from './marketing-pages';

/** The HTML of one marketing page as a signed-out visitor first sees it (run at build time). */
export async function render(path: keyof typeof MARKETING_PAGES): Promise<string> {
  const load = MARKETING_PAGES[path];
  if (!load) throw new Error(`No prerendered page for ${path}`);
  const Page = await load();
  const navigation = documentNavigation({ pathname: path });
  const queryClient = createQueryClient();
  // Each island alone, in the tree the browser will hydrate it in (islands/island-tree.tsx).
  const renderIsland = (element: ReactNode, name: string) =>
    renderToString(
      <IslandTree queryClient={queryClient} navigation={navigation}>
        {element}
      </IslandTree>,
      { identifierPrefix: islandIdPrefix(name) },
    );
  return renderToString(
    <IslandRenderer.Provider value={renderIsland}>
      <MarketingApp Page={Page} navigation={navigation} queryClient={queryClient} />
    </IslandRenderer.Provider>,
  );
}
export const paths = Object.keys(MARKETING_PAGES) as (keyof typeof MARKETING_PAGES)[];
