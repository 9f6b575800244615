import { AuthPage } from '@client/features/auth/auth-page';
import { island } from './island';

/** AuthPage as an island: a file of its own, so that hydrating it loads only its own code. */
export const AuthPageIsland = island(AuthPage);
