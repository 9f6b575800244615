import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@client/components/ui/dialog';
import type { AdminUser } from '@shared/schemas/admin';
import { useEndUserSessions } from './api/end-user-sessions';

/**
 * The admin area's one write: sign a user out on every device (an account that looks taken over, or a
 * person who asks). One dialog for the page, opened for the user chosen in a row.
 */
export function EndSessionsDialog({
  user,
  onClose,
}: {
  user: Pick<AdminUser, 'id' | 'username'> | null;
  onClose: () => void;
}) {
  const end = useEndUserSessions({ onDone: onClose });
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>Sign {user?.username} out everywhere?</DialogTitle>
        <DialogDescription>
          Every device signed in to this account is signed out now, the note app too. They can sign in again
          with their password; we email them to say it happened, and it is recorded on their account.
        </DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={end.isPending}
            onClick={() => (user ? end.mutate(user.id) : undefined)}
          >
            {end.isPending ? 'Signing out...' : 'Sign out everywhere'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
