// Astro's client directive `client:interaction` (astro.config.mjs): hydrate when the reader first points at,
// presses, focuses or types inside the island. Until then its HTML is the page; nothing is replayed: the
// press or the focus that starts it goes on as it would, and what is typed meanwhile stays in the fields.
//
// Its value may name what the HTML, built once for everyone, cannot know, and so starts it at once:
// `query` (the address has one: ?tab=register), `session` (someone is signed in, and is sent on), and
// `config` (fields of /api/config that, with these values, put something in the island its HTML lacks).
// Astro bundles a directive into the page, this module with it.
import { hasSessionMarker } from '../../client/lib/session-marker';

const STARTS = ['pointerover', 'pointerdown', 'focusin', 'keydown'];

export default (load, options, island) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of STARTS) island.removeEventListener(type, start);
    document.removeEventListener('keydown', start);
    void load().then((hydrate) => hydrate());
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
