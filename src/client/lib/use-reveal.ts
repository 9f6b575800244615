import { type RefObject, useEffect, useRef } from 'react';
import { observeReveal, REVEAL_ATTRIBUTE } from './reveal';

/**
 * lib/reveal.ts's rise-into-view for a section the app renders. Spread the returned props on the
 * section: the prerendered marketing pages run the same code from the attribute, without React.
 */
export function useReveal<T extends HTMLElement>(
  threshold = 0.1,
): { ref: RefObject<T | null>; [REVEAL_ATTRIBUTE]: number } {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    // Development's double effects: the cleanup leaves the section shown, so it is not hidden again.
    return el ? observeReveal(el, threshold) : undefined;
  }, [threshold]);
  return { ref, [REVEAL_ATTRIBUTE]: threshold };
}
