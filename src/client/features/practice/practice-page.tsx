import { PageContainer } from '@client/components/layout/page-container';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { EmailField, TextAreaField, TextField } from '@client/components/ui/form-field';
import { Label } from '@client/components/ui/label';
import { paths } from '@client/config/paths';
import { formatDate, ReauthDialog } from '@client/features/account';
import { useCurrentUser } from '@client/lib/session';
import { useDeferredData } from '@client/lib/use-deferred-data';
import { useTitle } from '@client/lib/use-title';
import { useZodForm } from '@client/lib/use-zod-form';
import { isManager } from '@shared/access';
import { PRODUCT_NAME } from '@shared/brand';
import type { PublicUser } from '@shared/schemas/auth';
import {
  invitationRequestSchema,
  type PracticeOverview,
  practiceNameSchema,
  seatRequestSchema,
} from '@shared/schemas/practice';
import { Building2, CircleAlert, Mail, ScrollText, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePractice } from './api/get-practice';
import { useInviteMember } from './api/invite-member';
import { useResendInvitation, useWithdrawInvitation } from './api/manage-invitation';
import { useChangeRole, useLeavePractice, useRemoveMember, useTransferPractice } from './api/manage-member';
import { useRenamePractice } from './api/rename-practice';
import { useRequestSeats } from './api/request-seats';
import { ConfirmDialog } from './confirm-dialog';
import { AccessReviewCard, PolicyCard, TermsCard } from './governance';
import { PracticeEyebrow, PracticeLead, PracticeSkeleton } from './practice-intro';
import { ROLE_NAMES, RoleGuide, RoleSelect } from './role-select';

/** The roles in words under the invitation form; every role select on the page points at it. */
const ROLE_GUIDE_ID = 'role-guide';

/** docs/architecture.md#practices: the practice, its members, invitations and seats, and what the person's role allows. */
export function PracticePage() {
  useTitle('Practice');
  const { user } = useCurrentUser();
  const practice = usePractice(Boolean(user?.practice));
  // The members, invitations and forms are a large render (docs/performance.md#browser-costs).
  const { data: overview } = useDeferredData(practice);

  return (
    <PageContainer width="medium">
      <ReauthDialog />
      <PracticeEyebrow />
      {!user?.practice ? (
        <NoPractice />
      ) : practice.isError && !overview ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-300 bg-white p-6">
          <p className="text-slate-800">We could not load your practice. Please try again.</p>
          <Button className="mt-4" onClick={() => practice.refetch()}>
            Try again
          </Button>
        </div>
      ) : overview ? (
        <Practice overview={overview} user={user} />
      ) : (
        <PracticeSkeleton />
      )}
    </PageContainer>
  );
}

function NoPractice() {
  return (
    <>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900">Practice</h1>
      <PracticeLead />
      <Card className="mt-8">
        <CardContent className="grid gap-4 p-6">
          <p className="text-slate-700">
            You are not in a practice. Choose the Practice plan to start one; if a practice has invited you,
            open the link in the email it sent.
          </p>
          <Button asChild className="justify-self-start">
            <Link to={paths.pricing.getHref()}>See the Practice plan</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}

function Practice({ overview, user }: { overview: PracticeOverview; user: PublicUser }) {
  const { role, seats } = overview;
  const manager = isManager(role);
  return (
    <>
      <PracticeName overview={overview} editable={manager} />
      <PracticeLead />
      <p className="mt-4 text-slate-600">
        You are {role === 'owner' ? 'the owner' : role === 'admin' ? 'an admin' : 'a clinician'} here.{' '}
        <span>
          {seats.used} of {seats.total} seats used
        </span>
        {manager ? ' (pending invitations hold a seat).' : '.'}
      </p>
      {manager ? (
        <p className="mt-2">
          <Link
            to={paths.practice.audit.getHref()}
            className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline"
          >
            <ScrollText aria-hidden="true" className="size-4" />
            Audit trail: who did what, and every sign-in
          </Link>
        </p>
      ) : null}
      <SubscriptionNotice overview={overview} user={user} />
      <div className="mt-8 grid gap-6">
        <Members overview={overview} me={user.id} />
        {manager ? <Invitations overview={overview} /> : null}
        {manager ? <InviteForm full={seats.used >= seats.total} /> : null}
        {manager ? <AccessReviewCard /> : null}
        {manager ? <PolicyCard policy={overview.policy} owner={role === 'owner'} /> : null}
        {manager ? <TermsCard owner={role === 'owner'} /> : null}
        {role !== 'owner' ? <Leave name={overview.practice.name} /> : null}
      </div>
    </>
  );
}

function PracticeName({ overview, editable }: { overview: PracticeOverview; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const { handleSubmit, field } = useZodForm(practiceNameSchema, { name: overview.practice.name });
  const rename = useRenamePractice({ onDone: () => setEditing(false) });
  if (editing)
    return (
      <form
        onSubmit={handleSubmit((values) => rename.mutate(values))}
        noValidate
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start"
      >
        <TextField label="Practice name" autoComplete="organization" {...field('name')} />
        <Button type="submit" disabled={rename.isPending} className="sm:mt-6">
          {rename.isPending ? 'Saving...' : 'Save name'}
        </Button>
        <Button variant="outline" onClick={() => setEditing(false)} className="sm:mt-6">
          Cancel
        </Button>
      </form>
    );
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      {/* A name may be one long word ('drsmith1234's practice'): on a phone it breaks rather than stick out. */}
      <h1 className="flex min-w-0 items-center gap-3 text-4xl font-bold tracking-tight text-balance wrap-anywhere text-slate-900">
        <Building2 aria-hidden="true" className="size-8 shrink-0 text-indigo-600" />
        {overview.practice.name}
      </h1>
      {editable ? (
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          Rename
        </Button>
      ) : null}
    </div>
  );
}

/** Says when the practice's subscription gives no access now, and points a member who also pays for Plus at it. */
function SubscriptionNotice({ overview, user }: { overview: PracticeOverview; user: PublicUser }) {
  const { subscription, role } = overview;
  if (!subscription.noteAppAccess)
    return (
      <p className="mt-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {subscription.status === 'paused'
            ? `The practice's subscription is frozen: members cannot use ${PRODUCT_NAME} until it resumes.`
            : `The practice's subscription is not active: members cannot use ${PRODUCT_NAME} until the owner starts it again.`}
        </span>
      </p>
    );
  if (role !== 'owner' && user.plan !== 'free')
    return (
      <p className="mt-6 flex items-start gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          The practice's subscription covers you, so you may cancel your own plan from the{' '}
          <Link className="font-medium underline" to={paths.account.getHref('subscription')}>
            Subscription tab
          </Link>
          .
        </span>
      </p>
    );
  return null;
}

function Members({ overview, me }: { overview: PracticeOverview; me: number }) {
  const owner = overview.role === 'owner';
  const manager = owner || overview.role === 'admin';
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const transfer = useTransferPractice();
  return (
    <Card role="region" aria-labelledby="members-heading">
      <CardHeader>
        <CardTitle id="members-heading" className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-5 text-indigo-600" />
          Members
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid divide-y divide-slate-200">
          {overview.members.map((member) => {
            const other = member.userId !== me && member.role !== 'owner';
            return (
              <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900">
                    {member.username}
                    {member.userId === me ? ' (you)' : ''}
                  </p>
                  <p className="text-sm text-slate-600">
                    {member.email} · {ROLE_NAMES[member.role]} · joined {formatDate(member.joinedAt)}
                  </p>
                </div>
                {other && manager ? (
                  <div className="flex flex-wrap items-center gap-2">
                    {owner ? (
                      <>
                        <Label htmlFor={`role-${member.userId}`} className="sr-only">
                          Role of {member.username}
                        </Label>
                        <RoleSelect
                          id={`role-${member.userId}`}
                          aria-describedby={ROLE_GUIDE_ID}
                          value={member.role}
                          disabled={changeRole.isPending}
                          onChange={(event) =>
                            changeRole.mutate({
                              ...member,
                              role: event.currentTarget.value as 'admin' | 'clinician',
                            })
                          }
                        />
                        <ConfirmDialog
                          trigger="Hand over"
                          triggerLabel={`Hand the practice over to ${member.username}`}
                          title={`Hand the practice over to ${member.username}?`}
                          description={`${member.username} becomes the owner, with the practice's subscription, invoices and card; you stay on as an admin.`}
                          confirm="Hand over"
                          variant="default"
                          pending={transfer.isPending}
                          onConfirm={(close) => transfer.mutate(member, { onSuccess: close })}
                        />
                      </>
                    ) : null}
                    <ConfirmDialog
                      trigger="Remove"
                      triggerLabel={`Remove ${member.username}`}
                      title={`Remove ${member.username}?`}
                      description={`${member.username} leaves the practice at once and can no longer use ${PRODUCT_NAME} on its subscription. We will tell them by email.`}
                      confirm="Remove"
                      pending={remove.isPending}
                      onConfirm={(close) => remove.mutate(member, { onSuccess: close })}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

function Invitations({ overview }: { overview: PracticeOverview }) {
  const withdraw = useWithdrawInvitation();
  const resend = useResendInvitation();
  return (
    <Card role="region" aria-labelledby="invitations-heading">
      <CardHeader>
        <CardTitle id="invitations-heading">Pending invitations</CardTitle>
        <CardDescription>Each link works once, for 7 days, for the address it was sent to.</CardDescription>
      </CardHeader>
      <CardContent>
        {overview.invitations.length === 0 ? (
          <p className="text-slate-600">No invitations waiting.</p>
        ) : (
          <ul className="grid divide-y divide-slate-200">
            {overview.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900">{invitation.email}</p>
                  <p className="text-sm text-slate-600">
                    {ROLE_NAMES[invitation.role]} · sent {formatDate(invitation.invitedAt)} · expires{' '}
                    {formatDate(invitation.expiresAt)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Resend the invitation to ${invitation.email}`}
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(invitation)}
                  >
                    Resend
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Withdraw the invitation to ${invitation.email}`}
                    disabled={withdraw.isPending}
                    onClick={() => withdraw.mutate(invitation)}
                  >
                    Withdraw
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function InviteForm({ full }: { full: boolean }) {
  const { handleSubmit, reset, field, register, showErrorUnder } = useZodForm(invitationRequestSchema, {
    email: '',
    role: 'clinician',
  });
  const invite = useInviteMember({ onDone: () => reset({ email: '', role: 'clinician' }) });
  const submit = handleSubmit((invitation) =>
    invite.mutate(invitation, { onError: showErrorUnder('email') }),
  );
  return (
    <Card role="region" aria-labelledby="invite-heading">
      <CardHeader>
        <CardTitle id="invite-heading" className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-5 text-indigo-600" />
          Invite a team member
        </CardTitle>
        <CardDescription>
          {full
            ? 'Your practice has no free seats. Withdraw an invitation or remove a member to invite someone else, or ask us for more seats.'
            : 'We email them a link to join. They sign in, or create an account, with this address.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-start">
          <EmailField label="Email address" autoComplete="off" {...field('email')} />
          <div className="grid gap-2">
            <Label htmlFor="invite-role">Role</Label>
            <RoleSelect id="invite-role" aria-describedby={ROLE_GUIDE_ID} {...register('role')} />
          </div>
          <Button type="submit" disabled={invite.isPending || full} className="sm:mt-6">
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </form>
        <RoleGuide id={ROLE_GUIDE_ID} className="mt-4" />
        <SeatRequest full={full} />
      </CardContent>
    </Card>
  );
}

/** 'Need more seats?': how many in all and why, to the admins, who answer by mail (issue 44). */
function SeatRequest({ full }: { full: boolean }) {
  const [open, setOpen] = useState(false);
  const blank = { seats: '' as unknown as number, message: '' };
  const { handleSubmit, reset, field, showServerError } = useZodForm(seatRequestSchema, blank);
  const request = useRequestSeats({ onDone: () => setOpen(false) });
  const submit = handleSubmit((values) => request.mutate(values, { onError: showServerError }));
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      {full ? <span>Need room for more people?</span> : null}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (request.isPending) return;
          setOpen(next);
          if (next) reset(blank);
        }}
      >
        <DialogTrigger asChild>
          <Button variant={full ? 'default' : 'link'} size={full ? 'sm' : 'inline'}>
            Need more seats?
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Ask for more seats</DialogTitle>
          <DialogDescription>
            We send your practice's details to our team, who reply by email to arrange the seats you need.
          </DialogDescription>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <TextField label="Seats in all" type="number" inputMode="numeric" min={2} {...field('seats')} />
            <TextAreaField label="Anything we should know? (optional)" rows={3} {...field('message')} />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={request.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send request'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function Leave({ name }: { name: string }) {
  const leave = useLeavePractice();
  return (
    <section aria-labelledby="leave-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="leave-heading" className="text-xl font-semibold text-slate-900">
        Leave the practice
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        You keep your account; the practice's subscription no longer covers you.
      </p>
      <div className="mt-4">
        <ConfirmDialog
          trigger="Leave practice"
          title={`Leave ${name}?`}
          description={`You can no longer use ${PRODUCT_NAME} on its subscription. To come back, you need a new invitation.`}
          confirm="Leave practice"
          pending={leave.isPending}
          onConfirm={(close) => leave.mutate(undefined, { onSuccess: close })}
        />
      </div>
    </section>
  );
}
