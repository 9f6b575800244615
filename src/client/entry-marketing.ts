import './styles.css';
import { startScene } from '@client/features/marketing/scenes';
import { prefersReducedMotion } from '@client/lib/motion';
import { observeReveal, REVEAL_ATTRIBUTE } from '@client/lib/reveal';
import { scrollToAnchor } from '@client/lib/scroll';
import { hasSessionMarker } from '@client/lib/session-marker';
import { TOAST_STASH_KEY } from '@client/lib/toast-stash';
import { type HydrateWhen, ISLANDS, type IslandName } from './islands/registry';

// The prerendered marketing pages' only script at first (design.md section 8: islands). The HTML is
// the page; this adds what needs no React (the header turning opaque, sections rising into view,
// in-page links, the decorative canvases, the year) and hydrates each island when it is needed
// (islands/registry.ts says when). A visitor who only reads the landing page loads no React at all.

const root = document.documentElement;

/** The header turns opaque past 10 px of scroll (spec section 9); the header island keeps it after. */
function watchHeaderScroll(): void {
  const header = document.querySelector<HTMLElement>('header[data-scrolled]');
  if (!header) return;
  const update = () => {
    if (header.closest('[data-island-state="hydrated"]')) return;
    header.dataset.scrolled = window.scrollY > 10 ? 'true' : 'false';
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
}

/** Same-page anchors ('/#features' on '/') scroll below the fixed header instead of jumping. */
function smoothInPageLinks(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element).closest?.('a[href*="#"]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname || !url.hash) return;
    if (scrollToAnchor(decodeURIComponent(url.hash.slice(1)))) event.preventDefault();
  });
  // The skip link is a button (a hash change would be a navigation in the app).
  document.querySelector('[data-skip-to-main]')?.addEventListener('click', () => {
    document.getElementById('main')?.focus();
  });
}

const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input'] as const;
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isField = (el: EventTarget | null): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** Sets a field as if typed, so React (and a form library) hear of it. */
function retype(field: Field, value: string, checked: boolean): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== checked) field.click();
    return;
  }
  if (field.value === value) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A press as the pointer makes it: some controls act on pointer or mouse down (a Radix tab), most on click. */
function press(target: HTMLElement): void {
  const init = { bubbles: true, cancelable: true, button: 0, isPrimary: true, pointerType: 'mouse' };
  target.dispatchEvent(new PointerEvent('pointerdown', init));
  target.dispatchEvent(new MouseEvent('mousedown', init));
  target.dispatchEvent(new PointerEvent('pointerup', init));
  target.dispatchEvent(new MouseEvent('mouseup', init));
  target.click();
}

/** Hydrates `el` (a [data-island]) when its trigger comes; a click or typing before is not lost. */
function island(el: HTMLElement, signedIn: boolean): Promise<void> | null {
  const name = el.dataset.island as IslandName;
  const when = (el.dataset.hydrate ?? 'load').split(' ') as HydrateWhen[];
  if (!(name in ISLANDS)) return null;
  let hydrating: Promise<void> | null = null;
  let clicked: HTMLElement | null = null;
  const typed = new Set<Field>();

  // Before React runs, a button does nothing: keep the click and replay it once React does. Links
  // and the fields' own behaviour go on as usual.
  const holdClick = (event: MouseEvent) => {
    // A new tab or window is the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = (event.target as Element).closest?.('button, [role="tab"], summary, a[data-replay-click]');
    if (!(target instanceof HTMLElement)) return;
    // Under reduced motion the sparkle button has no celebration to wait for: its link acts at once.
    if (target instanceof HTMLAnchorElement && prefersReducedMotion()) return;
    event.preventDefault();
    clicked = target;
    void hydrate();
  };
  // Enter in a field submits natively: hold that too, and submit again once React listens.
  let submitted: HTMLFormElement | null = null;
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    submitted = event.target as HTMLFormElement;
    void hydrate();
  };
  el.addEventListener('submit', holdSubmit, true);
  // The HTML disables what would act natively before React does (useHydrated: a form's submit button);
  // from now on this script holds those clicks and submits, so the buttons can be used.
  for (const button of el.querySelectorAll<HTMLButtonElement>('button[disabled]')) button.disabled = false;
  const noteTyping = (event: Event) => {
    if (isField(event.target)) typed.add(event.target);
  };
  el.addEventListener('click', holdClick, true);
  el.addEventListener('input', noteTyping, true);
  el.addEventListener('change', noteTyping, true);

  const hydrate = () => {
    hydrating ??= (async () => {
      el.dataset.islandState = 'hydrating';
      const [{ hydrateIsland }, Component] = await Promise.all([
        import('./islands/runtime'),
        ISLANDS[name](),
      ]);
      // What was typed so far: hydration must not lose it (a form library resets its fields).
      const values = [...typed].map((field) => ({
        field,
        value: field.value,
        checked: field instanceof HTMLInputElement && field.checked,
      }));
      const props = el.dataset.props ? (JSON.parse(el.dataset.props) as Record<string, unknown>) : {};
      await hydrateIsland(el, name, Component as React.ComponentType<Record<string, unknown>>, props);
      el.removeEventListener('click', holdClick, true);
      el.removeEventListener('input', noteTyping, true);
      el.removeEventListener('change', noteTyping, true);
      el.removeEventListener('submit', holdSubmit, true);
      for (const { field, value, checked } of values) if (field.isConnected) retype(field, value, checked);
      el.dataset.islandState = 'hydrated';
      if (clicked) press(clicked);
      else if (submitted?.isConnected) submitted.requestSubmit();
    })();
    return hydrating;
  };

  if (
    when.includes('load') ||
    (when.includes('query') && location.search) ||
    (when.includes('session') && signedIn)
  )
    return hydrate();
  if (when.includes('stale') && el.dataset.renderedFrom) void hydrateIfStale(el, hydrate);
  if (when.includes('interaction'))
    for (const type of INTERACTIONS)
      el.addEventListener(type, () => void hydrate(), { once: true, passive: true });
  if (when.includes('visible')) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void hydrate();
      },
      { rootMargin: '200px' },
    );
    // display: contents has no box to observe: its first child stands for it.
    const box = el.firstElementChild;
    if (box) observer.observe(box);
  }
  return null;
}

function hasStashedToasts(): boolean {
  try {
    return sessionStorage.getItem(TOAST_STASH_KEY) !== null;
  } catch {
    return false; // storage disabled: nothing was stashed
  }
}

/**
 * Hydrates `el` when its API address answers other than what its HTML was rendered from: in each field
 * the HTML names (the answer may hold more), or as a whole when it is not an object.
 */
async function hydrateIfStale(el: HTMLElement, hydrate: () => Promise<void>): Promise<void> {
  try {
    const res = await fetch(el.dataset.renderedFrom as string, { credentials: 'include' });
    if (!res.ok) return; // the HTML's data stays: better than nothing, and the island retries if used
    if (differs(JSON.parse(el.dataset.renderedData ?? 'null'), await res.json())) await hydrate();
  } catch {
    // Offline: the prerendered data stays.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function differs(rendered: unknown, now: unknown): boolean {
  if (isRecord(rendered) && isRecord(now))
    return Object.keys(rendered).some((key) => JSON.stringify(rendered[key]) !== JSON.stringify(now[key]));
  return JSON.stringify(rendered) !== JSON.stringify(now);
}

function boot(): void {
  watchHeaderScroll();
  smoothInPageLinks();
  for (const section of document.querySelectorAll<HTMLElement>(`[${REVEAL_ATTRIBUTE}]`))
    observeReveal(section, Number(section.getAttribute(REVEAL_ATTRIBUTE)));
  for (const canvas of document.querySelectorAll<HTMLCanvasElement>('canvas[data-scene]')) startScene(canvas);
  for (const year of document.querySelectorAll('[data-current-year]'))
    year.textContent = String(new Date().getFullYear());

  const signedIn = hasSessionMarker('user');
  const now = [...document.querySelectorAll<HTMLElement>('[data-island]')]
    .map((el) => island(el, signedIn))
    .filter((p) => p !== null);
  // A toast carried over from the page before ('Logged out') shows without waiting for an island.
  if (hasStashedToasts()) now.push(import('./islands/runtime').then((m) => m.showToasts()));
  // The page now responds: buttons hydrate or replay their click (the browser tests wait for this).
  Promise.all(now).then(() => {
    root.dataset.hydrated = 'true';
  });
}

boot();
