import { Button, type ButtonVariant } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { type ReactNode, useState } from 'react';

/**
 * A button that asks before it acts: removing a member, leaving, handing over. The dialog stays open
 * while the change runs and closes when it is done.
 */
export function ConfirmDialog({
  trigger,
  triggerLabel,
  title,
  description,
  confirm,
  pending,
  onConfirm,
  variant = 'destructive',
}: {
  trigger: ReactNode;
  /** The trigger's accessible name, when its text alone does not say whom it acts on. */
  triggerLabel?: string;
  title: string;
  description: ReactNode;
  confirm: string;
  pending: boolean;
  onConfirm: (close: () => void) => void;
  variant?: ButtonVariant;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant={variant} disabled={pending} onClick={() => onConfirm(() => setOpen(false))}>
            {pending ? 'Working...' : confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
