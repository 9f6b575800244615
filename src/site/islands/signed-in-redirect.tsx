import { SignedInRedirect } from '@client/components/layout/signed-in-redirect';
import { island } from './island';

/** SignedInRedirect as an island: a file of its own, so that hydrating it loads only its own code. */
export const SignedInRedirectIsland = island(SignedInRedirect);
