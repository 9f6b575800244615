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
import { PasswordField } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/session';
import { useZodForm } from '@client/lib/use-zod-form';
import { deleteAccountFormSchema, deleteAccountSchema } from '@shared/schemas/account';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useDeleteAccount } from './api/delete-account';

/**
 * The danger zone: erasing the account, confirmed with the password (a stolen session alone is not
 * enough). A person without a password (joined with Microsoft) confirms it is them with Microsoft when
 * asked, as for any sensitive action.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const hasPassword = useCurrentUser().user?.hasPassword !== false;
  // Without a password the form has no field, and no empty one to refuse: it sends nothing.
  const { handleSubmit, reset, setError, field } = useZodForm(
    hasPassword ? deleteAccountFormSchema : deleteAccountSchema,
    hasPassword ? { password: '' } : {},
  );
  const remove = useDeleteAccount();
  const submit = handleSubmit(({ password }) =>
    // Without a password field, `password` is undefined and the request sends none.
    remove.mutate(
      { password },
      {
        onError: (error) => {
          // A wrong password is said beside the field too: the toast sits outside the dialog.
          if (error instanceof ApiError && error.status === 400)
            setError('password', { message: error.serverMessage }, { shouldFocus: true });
        },
      },
    ),
  );

  return (
    <section
      aria-labelledby="danger-heading"
      className="rounded-xl border border-red-300 bg-white p-6 text-slate-900 shadow-sm"
    >
      <h2 id="danger-heading" className="flex items-center gap-2 text-xl font-semibold text-red-800">
        <TriangleAlert aria-hidden="true" className="size-5" />
        Danger zone
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Deleting your account erases your profile, referrals and sign-ins. Any live subscription is cancelled
        immediately, without a refund of the current period. This cannot be undone.
      </p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (remove.isPending) return;
          setOpen(next);
          if (!next) reset();
        }}
      >
        <DialogTrigger asChild>
          <Button variant="destructive" className="mt-4">
            Delete account
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your account and its data are erased, and any live subscription is cancelled immediately. This
            cannot be undone.{' '}
            {hasPassword
              ? 'Enter your password to confirm.'
              : 'You may be asked to confirm it is you with your Microsoft account.'}
          </DialogDescription>
          <form onSubmit={submit} noValidate className="grid gap-4">
            {hasPassword ? <PasswordField autoComplete="current-password" {...field('password')} /> : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={remove.isPending}>
                  Keep my account
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
