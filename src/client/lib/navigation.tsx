import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type ReactNode,
  useContext,
  useEffect,
} from 'react';
import { stashToastsForNextPage } from './toast';

/**
 * How a page moves between pages, without naming the router. The app (src/client/app/root.tsx) provides
 * React Router's; the marketing pages, Astro's (src/site/islands/island.tsx), provide plain document
 * navigation, so the code for '/' stays small enough for a phone (docs/architecture.md#budgets).
 * Components shared by both (header, footer, marketing pages) use this, never react-router directly.
 */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export type Navigation = {
  /** 'document': each page is its own document (prerendered marketing pages, all public). */
  kind: 'router' | 'document';
  pathname: string;
  search: string;
  hash: string;
  /**
   * False while the app's first page still waits for its route's loader (its prerendered shell shows):
   * what sits above the page waits with it, rather than pushing the shell down and then the page.
   */
  pageShown: boolean;
  /** Resolves once the new page is shown (in the app; a document navigation never resolves). */
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
  Link: React.ForwardRefExoticComponent<LinkProps & React.RefAttributes<HTMLAnchorElement>>;
};

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation needs a NavigationProvider above it');
  return navigation;
}

const DocumentLink = forwardRef<HTMLAnchorElement, LinkProps>(function DocumentLink({ to, ...props }, ref) {
  return <a ref={ref} href={to} {...props} />;
});

/** Whole-document navigation: for prerendered pages (in the browser and at build time). */
export function documentNavigation(url: { pathname: string; search?: string; hash?: string }): Navigation {
  return {
    kind: 'document',
    pageShown: true,
    pathname: url.pathname,
    search: url.search ?? '',
    hash: url.hash ?? '',
    navigate(to, options) {
      stashToastsForNextPage();
      if (options?.replace) window.location.replace(to);
      else window.location.assign(to);
      return new Promise<void>(() => {});
    },
    Link: DocumentLink,
  };
}

/** Sends the visitor elsewhere once rendered (the router-neutral `<Navigate>`). */
export function Redirect({ to }: { to: string }) {
  const { navigate } = useNavigation();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
