import { prefersReducedMotion } from './motion';

/**
 * A section whose `.reveal-item` children rise into view once, when `threshold` of it is visible
 * (docs/architecture.md#states; styles.css). Sections already on screen or above it (a visitor who arrived at
 * '/#testimonials') are left alone, so nothing visible ever disappears; the prerendered HTML has no
 * data-reveal, so without scripts everything shows. Under reduced motion nothing moves.
 * Returns a function that stops watching (and never leaves the section hidden).
 */
export function observeReveal(el: HTMLElement, threshold: number): () => void {
  if (prefersReducedMotion() || !('IntersectionObserver' in window)) return () => {};
  const rect = el.getBoundingClientRect();
  if (rect.top < window.innerHeight) return () => {};
  // A section taller than the screen could never be `threshold` visible: ask for 40% of a screen.
  const effective = Math.min(threshold, (window.innerHeight * 0.4) / Math.max(rect.height, 1));
  el.dataset.reveal = 'hidden';
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      el.dataset.reveal = 'shown';
      observer.disconnect();
    },
    { threshold: effective },
  );
  observer.observe(el);
  return () => {
    observer.disconnect();
    if (el.dataset.reveal === 'hidden') el.dataset.reveal = 'shown';
  };
}

/** The attribute a section carries to be revealed: the marketing pages' script finds it there. */
export const REVEAL_ATTRIBUTE = 'data-reveal-threshold';
