import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { FREEZE_DAYS } from '@shared/constants';
import type { CancelRequest } from '@shared/schemas/billing';
import { Snowflake } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSubscriptionAction } from './api/change-subscription';
import { CancellationReasonFields } from './cancellation-reason';
import { formatDate } from './format';
import { practiceMembersFollow } from './practice-members';

// The Subscription tab's confirmations (subscription-actions.tsx): freezing, and cancelling with a reason.

export function FreezeDialog({
  onSettled,
  yearly = false,
  practiceMembers,
}: {
  onSettled: () => void;
  yearly?: boolean;
  /** For a practice's owner, the others it covers (practice-members.ts). */
  practiceMembers: number;
}) {
  return (
    <ConfirmActionDialog
      action="freeze"
      onSettled={onSettled}
      trigger={
        <Button variant="outline">
          <Snowflake aria-hidden="true" className="size-4" />
          Freeze Subscription
        </Button>
      }
      title="Freeze your subscription?"
      // What freezing means, before it is chosen: the note app, the money, the date (docs/decisions/066-failed-renewal-grace-and-money-mails.md).
      description={`Your subscription pauses for ${FREEZE_DAYS} days. The note app is closed to you until it resumes, ${yearly ? `and your yearly renewal moves ${FREEZE_DAYS} days later` : "and you won't be charged while it is frozen"}. It resumes by itself on ${formatDate(new Date(Date.now() + FREEZE_DAYS * 86_400_000).toISOString())}; you can resume it earlier at any time.${practiceMembersFollow(practiceMembers, 'freeze')}`}
      dismissLabel="Keep Active"
      confirm={{ label: 'Freeze Subscription', pendingLabel: 'Freezing...' }}
    />
  );
}

/** Cancelling with a confirmation: 'Keep Subscription' or 'Confirm Cancellation' (docs/architecture.md#states). */
export function CancelDialog({
  onSettled,
  practiceMembers,
}: {
  onSettled: () => void;
  practiceMembers: number;
}) {
  const [why, setWhy] = useState<CancelRequest>({});
  return (
    <ConfirmActionDialog
      action="cancel"
      onSettled={onSettled}
      trigger={<Button variant="outline">Cancel Subscription</Button>}
      title="Cancel your subscription?"
      description={`You keep access until the end of your billing period and won't be charged again. You can keep your subscription at any time before then.${practiceMembersFollow(practiceMembers, 'cancel')}`}
      dismissLabel="Keep Subscription"
      confirm={{ label: 'Confirm Cancellation', pendingLabel: 'Cancelling...', variant: 'destructive' }}
      why={why}
    >
      <CancellationReasonFields value={why} onChange={setWhy} />
    </ConfirmActionDialog>
  );
}

/** A subscription action behind a confirmation dialog; closes on success and hands focus to onSettled. */
function ConfirmActionDialog({
  action,
  onSettled,
  trigger,
  title,
  description,
  dismissLabel,
  confirm,
  why,
  children,
}: {
  action: 'freeze' | 'cancel';
  /** A cancellation's reason, sent with it; `children` asks for it. */
  why?: CancelRequest;
  children?: React.ReactNode;
  onSettled: () => void;
  trigger: React.ReactNode;
  title: string;
  description: string;
  dismissLabel: string;
  confirm: { label: string; pendingLabel: string; variant?: 'destructive' };
}) {
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  const mutation = useSubscriptionAction(action, {
    onDone: () => {
      done.current = true;
      setOpen(false);
    },
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The button that opened the dialog is gone once the action succeeded.
          if (!done.current) return;
          done.current = false;
          event.preventDefault();
          onSettled();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={mutation.isPending}>
              {dismissLabel}
            </Button>
          </DialogClose>
          <Button
            variant={confirm.variant}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(why)}
          >
            {mutation.isPending ? confirm.pendingLabel : confirm.label}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
