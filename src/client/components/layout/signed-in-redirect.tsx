import { Redirect } from '@client/lib/navigation';
import { useCurrentUser } from '@client/lib/session';

/** Sends a signed-in visitor to `to` (a page more use to them); renders nothing for anyone else. */
export function SignedInRedirect({ to }: { to: string }) {
  const { user } = useCurrentUser();
  return user ? <Redirect to={to} /> : null;
}
