/** Leaves room for the fixed header (docs/architecture.md#constants: anchor scroll offset 80px). */
const ANCHOR_OFFSET = 80;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Scrolls so the element with this id sits just below the header. False when it is not on the page. */
export function scrollToAnchor(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  window.scrollTo({
    top: el.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET,
    behavior: behavior === 'smooth' && prefersReducedMotion() ? 'auto' : behavior,
  });
  return true;
}
