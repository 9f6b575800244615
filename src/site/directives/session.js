// Astro's client directive `client:session` (astro.config.mjs): hydrate only when someone is signed in.
// Astro bundles a directive into the page, this module with it.
import { hasSessionMarker } from '../../client/lib/session-marker';

export default (load) => {
  if (hasSessionMarker('user')) void load().then((hydrate) => hydrate());
};
