import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { scrollToAnchor } from './scroll';

/**
 * A new page starts at the top; a link to '/#features' from another page lands on the section once it
 * has rendered. Back and forward (POP) keep the browser's own scroll restoration.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and key mark a new navigation.
  useEffect(() => {
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      const frame = requestAnimationFrame(() => scrollToAnchor(id, 'auto'));
      return () => cancelAnimationFrame(frame);
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, hash, key, navigationType]);
}
