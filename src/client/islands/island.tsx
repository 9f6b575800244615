import { createContext, type ReactNode, useContext } from 'react';
import type { HydrateWhen, IslandComponent, IslandName } from './registry';

type IslandProps<N extends IslandName> = {
  name: N;
  component: IslandComponent<N>;
  hydrate: readonly HydrateWhen[];
  /** The component's props (none for most). */
  props?: Parameters<IslandComponent<N>>[0];
  /** For 'stale': the API address and the answer the HTML was rendered with. */
  renderedFrom?: { url: string; data: unknown };
};

/**
 * A part of a marketing page that runs script: rendered in place (prerendered at build time, or by the
 * app's router like any component), marked so entry-marketing.ts can hydrate it alone later. Its props
 * travel in the HTML as JSON, so they must be plain data. The wrapper takes no room (display: contents).
 */
/**
 * Set only at build time (entry-prerender.tsx): renders an island's element alone, as the browser will
 * hydrate it (island-tree.tsx), and answers its HTML.
 */
export const IslandRenderer = createContext<((element: ReactNode, name: IslandName) => string) | null>(null);

export function Island<N extends IslandName>({
  name,
  component,
  hydrate,
  props,
  renderedFrom,
}: IslandProps<N>) {
  const Component = component as React.ComponentType<Record<string, unknown>>;
  const renderAlone = useContext(IslandRenderer);
  const element = <Component {...(props ?? {})} />;
  const attributes = {
    className: 'contents',
    'data-island': name,
    'data-hydrate': hydrate.join(' '),
    'data-props': props ? JSON.stringify(props) : undefined,
    'data-rendered-from': renderedFrom?.url,
    'data-rendered-data': renderedFrom ? JSON.stringify(renderedFrom.data) : undefined,
  };
  if (!renderAlone) return <div {...attributes}>{element}</div>;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own component's HTML, rendered at build time
    <div {...attributes} dangerouslySetInnerHTML={{ __html: renderAlone(element, name) }} />
  );
}
