import { Button, buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { CheckboxField } from '@client/components/ui/checkbox-field';
import { FieldError } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { ScrollingTable } from '@client/components/ui/scrolling-table';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDate } from '@client/features/account';
import { ApiError, describeFailure } from '@client/lib/api';
import { cn } from '@client/lib/utils';
import { PRODUCT_NAME } from '@shared/brand';
import {
  RETENTION_DAYS,
  SESSION_HOURS_MAX,
  SESSION_HOURS_MIN,
  USER_SESSION_IDLE_DAYS,
  USER_SESSION_MAX_DAYS,
} from '@shared/constants';
import {
  type PracticeOverview,
  type PracticePolicy,
  practicePolicyRequestSchema,
} from '@shared/schemas/practice';
import { Download, FileText, ShieldCheck, UserSearch } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import {
  ACCESS_REVIEW_CSV,
  useAcceptTerms,
  useAccessReview,
  useAgreements,
  useMarkReviewed,
  useUpdatePolicy,
} from './api/governance';
import {
  MicrosoftPolicyFields,
  microsoftChange,
  microsoftChoiceOf,
  useOwnMicrosoft,
} from './microsoft-policy';
import { ROLE_NAMES } from './role-select';

// The terms' Markdown renderer loads only where the terms are shown, not with the practice page.
const TermsText = lazy(() => import('./terms-text'));

// The practice's governance on its page, for the owner and its admins
// (docs/decisions/092-a-practice-sign-in-policy.md, docs/decisions/093-practice-terms-accepted-by-version.md).

const selectClass = cn(
  'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
  'focus-visible:border-indigo-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40',
);

const alertClass = 'rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900';

/** A card's data could not be loaded: it says which, and offers to try again. */
function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className={alertClass}>
      <p>We could not load {what}. Please try again.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

type Errors = Partial<Record<keyof PracticePolicy | 'form', string>>;

/** The sign-in policy: a second factor for everyone, how long sessions last, how long the note app keeps recordings. */
export function PolicyCard({ policy, owner }: { policy: PracticeOverview['policy']; owner: boolean }) {
  const [requireTwoFactor, setRequireTwoFactor] = useState(policy.requireTwoFactor);
  const [capped, setCapped] = useState(policy.sessionHours !== null);
  const [hours, setHours] = useState(String(policy.sessionHours ?? 12));
  const [retentionDays, setRetentionDays] = useState(String(policy.retentionDays));
  const [microsoft, setMicrosoft] = useState(() => microsoftChoiceOf(policy));
  const ownMicrosoft = useOwnMicrosoft(owner);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdatePolicy();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = practicePolicyRequestSchema.safeParse({
      requireTwoFactor,
      sessionHours: capped ? (hours.trim() === '' ? Number.NaN : Number(hours)) : null,
      retentionDays: Number(retentionDays),
      ...microsoftChange(owner, policy, microsoft, ownMicrosoft.account?.tenant ?? null),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onError: (error) => {
        // A 400 names its field ('sessionHours: ...'); any other refusal is the form's.
        const [, name, message] =
          error instanceof ApiError && error.status === 400
            ? (/^(\w+): (.+)$/.exec(error.serverMessage) ?? [])
            : [];
        setErrors(name && message ? { [name]: message } : { form: describeFailure(error) });
      },
    });
  };

  return (
    <Card role="region" aria-labelledby="policy-heading">
      <CardHeader>
        <CardTitle id="policy-heading" className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-indigo-600" />
          Sign-in policy
        </CardTitle>
        <CardDescription>
          Every member is held to it, you included. Changing it asks you to confirm it is you.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <CheckboxField
            id={`${id}-2fa`}
            checked={requireTwoFactor}
            onChange={setRequireTwoFactor}
            label="Require a second factor"
          >
            Members without an authenticator app or a passkey keep their account, but {PRODUCT_NAME}'s note
            app stays closed to them until they turn one on. We email them how. You need one first.
          </CheckboxField>

          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-900">How long a session lasts</legend>
            <div className="flex items-center gap-3">
              <input
                id={`${id}-uncapped`}
                type="radio"
                name={`${id}-cap`}
                className="size-4 accent-indigo-600"
                checked={!capped}
                onChange={() => setCapped(false)}
              />
              <Label htmlFor={`${id}-uncapped`}>
                The usual: {USER_SESSION_IDLE_DAYS} days unused, {USER_SESSION_MAX_DAYS} days at most
              </Label>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <input
                id={`${id}-capped`}
                type="radio"
                name={`${id}-cap`}
                className="size-4 accent-indigo-600"
                checked={capped}
                onChange={() => setCapped(true)}
              />
              <Label htmlFor={`${id}-capped`}>At most</Label>
              {/* The input fills its box (cn does not merge Tailwind classes): the box sets its width. */}
              <div className="w-24">
                <Input
                  id={`${id}-hours`}
                  aria-label="Session length in hours"
                  inputMode="numeric"
                  value={hours}
                  disabled={!capped}
                  aria-invalid={errors.sessionHours ? true : undefined}
                  aria-describedby={`${id}-hours-hint${errors.sessionHours ? ` ${id}-hours-error` : ''}`}
                  onChange={(event) => setHours(event.currentTarget.value)}
                />
              </div>
              <span className="text-sm text-slate-700">hours</span>
            </div>
            <p id={`${id}-hours-hint`} className="text-sm text-slate-600">
              Between {SESSION_HOURS_MIN} and {SESSION_HOURS_MAX} hours, for {PRODUCT_NAME} and the note app
              alike; then members sign in again.
            </p>
            <FieldError id={`${id}-hours-error`} message={errors.sessionHours} />
          </fieldset>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-retention`}>Keep a consultation's audio and drafts for</Label>
            <select
              id={`${id}-retention`}
              className={cn(selectClass, 'justify-self-start')}
              value={retentionDays}
              aria-invalid={errors.retentionDays ? true : undefined}
              aria-describedby={errors.retentionDays ? `${id}-retention-error` : undefined}
              onChange={(event) => setRetentionDays(event.currentTarget.value)}
            >
              {RETENTION_DAYS.map((days) => (
                <option key={days} value={days}>
                  {days === 1 ? '1 day' : `${days} days`}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-retention-error`} message={errors.retentionDays} />
          </div>

          <MicrosoftPolicyFields
            owner={owner}
            own={ownMicrosoft}
            policy={policy}
            choice={microsoft}
            onChange={setMicrosoft}
          />

          {errors.form || errors.requireTwoFactor || errors.requireMicrosoft || errors.microsoftTenant ? (
            <p role="alert" className={alertClass}>
              {errors.form ?? errors.requireTwoFactor ?? errors.requireMicrosoft ?? errors.microsoftTenant}
            </p>
          ) : null}
          <Button type="submit" className="justify-self-start" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save policy'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const when = (value: string | null) => (value ? formatDate(value) : 'Never');

/** Who has access: each member's sign-ins and protection, those not seen for 90 days marked, and a CSV. */
export function AccessReviewCard() {
  const review = useAccessReview(true);
  const markReviewed = useMarkReviewed();
  const card = useRef<HTMLDivElement>(null);
  // The monthly review mail links here (/practice#access-review): the card is drawn after the page's data
  // arrives, too late for the browser's own jump to it, so it is brought into view once its rows are in.
  useEffect(() => {
    if (review.isSuccess && window.location.hash === '#access-review') card.current?.scrollIntoView();
  }, [review.isSuccess]);
  return (
    <Card ref={card} role="region" aria-labelledby="access-review-heading" id="access-review">
      <CardHeader>
        <CardTitle id="access-review-heading" className="flex items-center gap-2">
          <UserSearch aria-hidden="true" className="size-5 text-indigo-600" />
          Access review
        </CardTitle>
        <CardDescription>
          Who can use {PRODUCT_NAME}, and how they are protected. Remove anyone who no longer needs access.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {review.isPending ? (
          <div role="status" aria-label="Loading the access review" className="grid gap-3">
            {[0, 1, 2].map((row) => (
              <div key={row} className="grid grid-cols-4 gap-3">
                <Skeleton className="h-4" />
                <Skeleton className="h-4" />
                <Skeleton className="h-4" />
                <Skeleton className="h-4" />
              </div>
            ))}
          </div>
        ) : review.isError ? (
          <LoadFailed what="the access review" onRetry={() => review.refetch()} />
        ) : (
          <>
            <ScrollingTable
              caption="Members and their access"
              focusable
              head={
                <>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Member
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Role
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Joined
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Last sign-in
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Last note-app sign-in
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Second factor
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Microsoft account
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Email verified
                  </th>
                </>
              }
            >
              <tbody className="divide-y divide-slate-100">
                {review.data.members.map((member) => (
                  <tr key={member.userId} className={member.unseen ? 'bg-amber-50' : undefined}>
                    <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                      {member.username}
                      <span className="block text-xs font-normal text-slate-600">{member.email}</span>
                      {member.unseen ? (
                        <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900">
                          Not seen for {review.data.unseenDays} days
                        </span>
                      ) : null}
                    </th>
                    <td className="py-2 pr-4">{ROLE_NAMES[member.role]}</td>
                    <td className="py-2 pr-4">{formatDate(member.joinedAt)}</td>
                    <td className="py-2 pr-4">{when(member.lastSignInAt)}</td>
                    <td className="py-2 pr-4">{when(member.lastNoteAppSignInAt)}</td>
                    <td className="py-2 pr-4">
                      {member.twoFactor ? 'On' : 'Off'}
                      {member.noteAppBlockedReason ? (
                        <span className="block text-xs text-amber-900">
                          {member.microsoftAccount
                            ? "Note app closed until it is on, unless they sign in with Microsoft's"
                            : 'Note app closed until it is on'}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-4">{member.microsoftAccount ?? 'Not linked'}</td>
                    <td className="py-2">{member.emailVerified ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollingTable>
            <a
              href={ACCESS_REVIEW_CSV}
              download
              className={buttonVariants({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}
            >
              <Download aria-hidden="true" className="size-4" />
              Download the review (CSV)
            </a>
            <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
              <p className="text-sm text-slate-700">
                {review.data.lastReview
                  ? `Last reviewed on ${formatDate(review.data.lastReview.at)} by ${review.data.lastReview.by}.`
                  : 'Not reviewed yet.'}
              </p>
              <Button
                size="sm"
                onClick={() => markReviewed.mutate()}
                disabled={markReviewed.isPending}
                className="justify-self-start"
              >
                {markReviewed.isPending ? 'Recording...' : 'Mark as reviewed'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The practice terms: the owner accepts the current version; admins see whether it is accepted. */
export function TermsCard({ owner }: { owner: boolean }) {
  const agreements = useAgreements(true);
  const accept = useAcceptTerms();
  const acceptedNote = useRef<HTMLParagraphElement>(null);
  const accepted = agreements.data?.accepted;
  // The button goes once the terms are accepted: the keyboard's place moves to what replaced it.
  useEffect(() => {
    if (accept.isSuccess && accepted) acceptedNote.current?.focus();
  }, [accept.isSuccess, accepted]);
  // The operator wrote no practice terms: there is nothing to read or accept
  // (docs/decisions/103-operator-content-shown-only-when-supplied.md).
  if (agreements.data && agreements.data.current === null) return null;
  const current = agreements.data?.current;
  return (
    <Card role="region" aria-labelledby="terms-heading">
      <CardHeader>
        <CardTitle id="terms-heading" className="flex items-center gap-2">
          <FileText aria-hidden="true" className="size-5 text-indigo-600" />
          Practice terms
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {agreements.isPending ? (
          <div role="status" aria-label="Loading the practice terms" className="grid gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-32 w-full bg-slate-100" />
          </div>
        ) : agreements.isError || !current ? (
          <LoadFailed what="the practice terms" onRetry={() => agreements.refetch()} />
        ) : (
          <>
            {agreements.data.accepted ? (
              <p
                ref={acceptedNote}
                tabIndex={-1}
                className="rounded-sm text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                Accepted by {agreements.data.accepted.acceptedBy} on{' '}
                {formatDate(agreements.data.accepted.acceptedAt)} (version {current.version.slice(0, 12)}).
              </p>
            ) : (
              <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                {agreements.data.history.length
                  ? 'The practice terms have changed since they were accepted. '
                  : 'The practice terms have not been accepted yet. '}
                {owner
                  ? 'Please read them and accept them.'
                  : 'The practice’s owner is asked to accept them.'}
              </p>
            )}
            <details className="rounded-lg border border-slate-200 p-3" open={!agreements.data.accepted}>
              <summary className="cursor-pointer font-medium text-slate-900">Read the terms</summary>
              {/* The text as it is written while its renderer loads: readable at once, formatted a moment later. */}
              <Suspense
                fallback={
                  <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-slate-800">
                    {current.text}
                  </pre>
                }
              >
                <TermsText text={current.text} />
              </Suspense>
            </details>
            {owner && !agreements.data.accepted ? (
              <Button
                className="justify-self-start"
                disabled={accept.isPending}
                onClick={() => accept.mutate(current.version)}
              >
                {accept.isPending ? 'Accepting...' : 'Accept the practice terms'}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
