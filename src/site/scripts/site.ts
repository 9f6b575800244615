import { startScene } from '@client/features/marketing/scenes';
import { isModifiedClick } from '@client/lib/clicks';
import { observeReveal, REVEAL_ATTRIBUTE } from '@client/lib/reveal';
import { scrollToAnchor } from '@client/lib/scroll';
import { celebrate, SPARKLE_SELECTOR } from '@client/lib/sparkle';
import { TOAST_STASH_KEY } from '@client/lib/toast-stash';

// What the marketing pages do without React (docs/decisions/080-marketing-pages-on-astro.md): the header
// turning opaque, in-page links, sections rising into view, the decorative canvases and the year. Astro
// bundles it into a file of its own (src/site/layouts/Site.astro).

// docs/architecture.md#constants: the header turns opaque past 10 px of scroll; once the header's island runs it
// sets the same attribute the same way.
const header = document.querySelector<HTMLElement>('header[data-scrolled]');
if (header) {
  const update = () => {
    header.dataset.scrolled = window.scrollY > 10 ? 'true' : 'false';
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
}

// Same-page anchors ('/#features' on '/') scroll below the fixed header instead of jumping.
document.addEventListener('click', (event) => {
  if (event.defaultPrevented || isModifiedClick(event)) return;
  const link = (event.target as Element).closest?.('a[href*="#"]');
  if (!(link instanceof HTMLAnchorElement)) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname || !url.hash) return;
  if (scrollToAnchor(decodeURIComponent(url.hash.slice(1)))) {
    event.preventDefault();
    link.closest('details')?.removeAttribute('open');
  }
});
// A sparkle button's link (the hero's 'Get Started Free') celebrates, then goes, with no React on the page:
// its island has no directive, so that '/' loads no React until a reader reaches for a part that needs it.
document.addEventListener('click', (event) => {
  if (event.defaultPrevented || isModifiedClick(event)) return;
  const wrapper = (event.target as Element).closest?.<HTMLElement>(SPARKLE_SELECTOR);
  const link = wrapper?.querySelector('a[href]');
  if (!wrapper || !(link instanceof HTMLAnchorElement)) return;
  event.preventDefault();
  celebrate(wrapper, () => location.assign(link.href));
});
// The skip link is a button (as in the app, where a hash change would be a navigation).
document.querySelector('[data-skip-to-main]')?.addEventListener('click', () => {
  document.getElementById('main')?.focus();
});

for (const section of document.querySelectorAll<HTMLElement>(`[${REVEAL_ATTRIBUTE}]`))
  observeReveal(section, Number(section.getAttribute(REVEAL_ATTRIBUTE)));
for (const canvas of document.querySelectorAll<HTMLCanvasElement>('canvas[data-scene]')) startScene(canvas);
for (const year of document.querySelectorAll('[data-current-year]'))
  year.textContent = String(new Date().getFullYear());

// A toast carried over from the page before ('Logged out') shows without waiting for an island.
if (hasStashedToasts()) void import('../islands/island').then((m) => m.showToasts());

function hasStashedToasts(): boolean {
  try {
    return sessionStorage.getItem(TOAST_STASH_KEY) !== null;
  } catch {
    return false; // storage disabled: nothing was stashed
  }
}
