// Astro's client directive `client:interaction` (astro.config.mjs): hydrate when the reader first points at,
// presses, focuses or types inside the island. Until then its HTML is the page; nothing is replayed: the
// press or the focus that starts it goes on as it would, and what is typed meanwhile stays in the fields.
const STARTS = ['pointerover', 'pointerdown', 'focusin', 'keydown'];

export default (load, _options, island) => {
  const start = () => {
    for (const type of STARTS) island.removeEventListener(type, start);
    void load().then((hydrate) => hydrate());
  };
  for (const type of STARTS) island.addEventListener(type, start, { passive: true });
};
