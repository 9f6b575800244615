/** A click that opens a new tab or window (or is not the main button): the browser's business, not the page's. */
export function isModifiedClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A link's click handler once the page runs: a plain click does `open` (if any) in place instead of loading
 * the link's page; a click for a new tab or window is left to the browser. Before the page runs, the link
 * is followed (the sign-in page's Register links, features/auth/auth-page.tsx).
 */
export function inPlace(open?: () => void) {
  return (
    event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'preventDefault'>,
  ) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    open?.();
  };
}
