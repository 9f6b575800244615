// Astro's client directive `client:interaction` (astro.config.mjs): hydrate when the reader first points at,
// presses, focuses or types inside the island. Until then its HTML is the page: the press or the focus that
// starts it goes on as it would, and what is typed meanwhile stays in the fields. One thing would be lost:
// a tap on one of its buttons, which stay disabled until the island runs (on a phone nothing points at
// the form before the tap on 'Sign in' that starts it). That press is made again once the button is
// enabled, so the tap acts.
//
// Its value may name what the HTML, built once for everyone, cannot know, and so starts it at once:
// `query` (the address has one: ?tab=register), `session` (someone is signed in, and is sent on), and
// `config` (fields of /api/config that, with these values, put something in the island its HTML lacks).
// Astro bundles a directive into the page, this module with it.
import { hasSessionMarker } from '../../client/lib/session-marker';

const STARTS = ['pointerover', 'pointerdown', 'focusin', 'keydown'];

/** Presses `button` once it is enabled: the island's own render removes `disabled` once it runs. */
function pressWhenEnabled(button) {
  if (!button.isConnected) return;
  if (!button.disabled) return button.click();
  const observer = new MutationObserver(() => {
    if (button.disabled) return;
    observer.disconnect();
    if (button.isConnected) button.click();
  });
  observer.observe(button, { attributes: true, attributeFilter: ['disabled'] });
}

export default (load, options, island) => {
  let started = false;
  // The last disabled button tapped while the island was HTML only (a pointerup, not a scroll: that ends
  // in pointercancel). Found by where the tap was: a disabled button takes no pointer events of its own
  // (`disabled:pointer-events-none`), so the event names what lies under it.
  let pressed = null;
  const remember = (event) => {
    pressed =
      [...island.querySelectorAll('button:disabled')].find((button) => {
        const box = button.getBoundingClientRect();
        const { clientX: x, clientY: y } = event;
        return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
      }) ?? null;
  };
  const forget = () => {
    pressed = null;
  };
  island.addEventListener('pointerup', remember, { passive: true });
  island.addEventListener('pointercancel', forget, { passive: true });
  const start = () => {
    if (started) return;
    started = true;
    for (const type of STARTS) island.removeEventListener(type, start);
    document.removeEventListener('keydown', start);
    void load()
      .then((hydrate) => hydrate())
      .then(() => {
        island.removeEventListener('pointerup', remember);
        island.removeEventListener('pointercancel', forget);
        if (pressed) pressWhenEnabled(pressed);
      });
  };
  for (const type of STARTS) island.addEventListener(type, start, { passive: true });
  // A keyboard user's first key anywhere on the page (a Tab on the way to the form) starts it, so that it
  // is ready sooner for them: a key pressed before it runs (Enter on its disabled button) does nothing.
  document.addEventListener('keydown', start, { passive: true });
  const now = typeof options.value === 'object' && options.value !== null ? options.value : {};
  if ((now.query && window.location.search) || (now.session && hasSessionMarker('user'))) return start();
  if (now.config)
    void fetch('/api/config')
      .then((res) => (res.ok ? res.json() : {}))
      .then(
        (config) => {
          if (Object.entries(now.config).some(([field, value]) => config[field] === value)) start();
        },
        () => {},
      );
};
