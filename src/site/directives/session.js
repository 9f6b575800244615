// Astro's client directive `client:session` (astro.config.mjs): hydrate only when the session marker
// cookie says someone is signed in (src/client/lib/session-marker.ts).
export default (load) => {
  if (document.cookie.split('; ').includes('cn_signed_in=1')) void load().then((hydrate) => hydrate());
};
