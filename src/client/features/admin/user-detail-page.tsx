import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailAddress } from '@client/components/ui/email-address';
import { ScrollingTable } from '@client/components/ui/scrolling-table';
import { paths } from '@client/config/paths';
import { InvoiceTable } from '@client/features/account';
import { ApiError } from '@client/lib/api';
import { planName, statusName } from '@shared/admin-lists';
import type { AdminUserDetail } from '@shared/schemas/admin';
import { SECURITY_EVENT_LABELS } from '@shared/schemas/security';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPageHeader } from './admin-page-header';
import { useAdminUser } from './api/get-user';
import { Badge } from './badge';
import { EndSessionsDialog } from './end-sessions-dialog';
import { formatCount, formatDate, formatDateTime, formatLastLogin } from './format';
import { statusTones } from './user-columns';

const linkClass =
  'rounded-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const SECOND_FACTOR_NAMES = { totp: 'Authenticator app', passkey: 'Passkey' } as const;

/**
 * One person's account, read-only (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md): who they are, what gives them the note app and who
 * pays, how they sign in, their practice, devices and recent security events, and their invoices. The
 * one action is the users list's: signing them out everywhere.
 */
export function AdminUserDetailPage() {
  const id = Number(useParams().id);
  const user = useAdminUser(id);
  const [signingOut, setSigningOut] = useState(false);

  if (!Number.isInteger(id) || id <= 0 || user.isError) {
    return (
      <div className="grid gap-6">
        <AdminPageHeader title="User" description="One person's account." />
        <p role="alert" className="text-red-700">
          {user.isError && user.error instanceof ApiError && user.error.status === 404
            ? 'No user has that id.'
            : 'Error loading the user. Please try again.'}
        </p>
        <BackToUsers />
      </div>
    );
  }
  if (user.isPending) {
    return (
      <div className="grid gap-6">
        <AdminPageHeader title="User" description="One person's account." />
        <div role="status" aria-label="Loading the user" className="grid gap-4">
          <div className="h-40 rounded-xl bg-slate-100 motion-safe:animate-pulse" />
          <div className="h-40 rounded-xl bg-slate-100 motion-safe:animate-pulse" />
        </div>
      </div>
    );
  }
  const detail = user.data;
  const { profile } = detail;
  return (
    <div className="grid grid-cols-1 gap-6">
      <BackToUsers />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <AdminPageHeader
          title={profile.username}
          description={`User ${profile.id}, registered ${formatDate(profile.createdAt)}.`}
        />
        <Button variant="outline" onClick={() => setSigningOut(true)}>
          Sign out everywhere
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProfileCard detail={detail} />
        <PlanCard detail={detail} />
        <PracticeCard detail={detail} />
        <SecondFactorCard detail={detail} />
      </div>
      <SessionsCard detail={detail} />
      <EventsCard detail={detail} />
      <InvoicesCard detail={detail} />
      <EndSessionsDialog user={signingOut ? profile : null} onClose={() => setSigningOut(false)} />
    </div>
  );
}

function BackToUsers() {
  return (
    <Link
      to={paths.admin.users.getHref()}
      className={`inline-flex items-center gap-1 justify-self-start ${linkClass}`}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All users
    </Link>
  );
}

/** A card of the page, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={id} className="min-w-0">
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Terms and their values, two columns where there is room. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-sm text-slate-600">{term}</dt>
          <dd className="mt-1 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const userLink = (person: { id: number; username: string }) => (
  <Link to={paths.admin.users.user.getHref(person.id)} className={linkClass}>
    {person.username}
  </Link>
);

function ProfileCard({ detail: { profile } }: { detail: AdminUserDetail }) {
  return (
    <Section id="profile-heading" title="Profile">
      <Facts
        items={[
          ['Email', <EmailAddress key="email" address={profile.email} />],
          [
            'Email verified',
            <Badge key="verified" tone={profile.emailVerified ? 'good' : 'warning'}>
              {profile.emailVerified ? 'Verified' : 'Not verified'}
            </Badge>,
          ],
          ['Last login', formatLastLogin(profile.lastLoginAt)],
          ['Last login from', profile.lastLoginIp ?? 'N/A'],
          ['Logins', formatCount(profile.loginCount)],
          ['Referral code', profile.referralCode ?? 'N/A'],
          ['Referral credits', formatCount(profile.referralCredits)],
        ]}
      />
    </Section>
  );
}

/** What gives them the note app and who pays, then their own subscription as Stripe has it. */
function PlanCard({ detail: { access, practice, subscription, profile } }: { detail: AdminUserDetail }) {
  const own = subscription;
  const items: [string, ReactNode][] = [
    [
      'Note app access',
      !access
        ? 'None'
        : access.through === 'practice'
          ? `Practice member, access through ${practice?.name ?? 'their practice'}`
          : `Own ${planName(access.plan)} subscription`,
    ],
    ['Paid by', !access ? 'N/A' : access.paidBy.id === profile.id ? 'Themselves' : userLink(access.paidBy)],
    ['Own plan', planName(own.plan)],
    [
      'Own status',
      <Badge key="status" tone={statusTones[own.status] ?? 'neutral'}>
        {statusName(own.status)}
      </Badge>,
    ],
  ];
  if (own.trialEndsAt) items.push(['Trial ends', formatDate(own.trialEndsAt)]);
  if (own.currentPeriodEnd)
    items.push([own.cancelAtPeriodEnd ? 'Ends on' : 'Period ends', formatDate(own.currentPeriodEnd)]);
  if (own.pausedUntil) items.push(['Frozen until', formatDate(own.pausedUntil)]);
  if (own.hasDiscount) items.push(['Retention discount', 'Yes']);
  return (
    <Section id="plan-heading" title="Plan and who pays">
      <Facts items={items} />
    </Section>
  );
}

function PracticeCard({ detail: { practice } }: { detail: AdminUserDetail }) {
  return (
    <Section id="practice-heading" title="Practice">
      {practice ? (
        <Facts
          items={[
            ['Practice', practice.name],
            ['Role', capitalise(practice.role)],
            ['Owner', userLink(practice.owner)],
            ["Practice's plan", `${planName(practice.plan)}, ${statusName(practice.status)}`],
          ]}
        />
      ) : (
        <p className="text-slate-700">Not in a practice.</p>
      )}
    </Section>
  );
}

function SecondFactorCard({ detail: { secondFactors } }: { detail: AdminUserDetail }) {
  return (
    <Section id="second-factor-heading" title="Second factor">
      <p className="text-slate-900">
        {secondFactors.length ? secondFactors.map((f) => SECOND_FACTOR_NAMES[f]).join(', ') : 'None'}
      </p>
    </Section>
  );
}

/** A small table that scrolls inside its card on a narrow screen rather than widening the page. */
function Table({ caption, headers, rows }: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <ScrollingTable
      caption={caption}
      head={headers.map((h) => (
        <th key={h} scope="col" className="py-2 pr-4 font-medium">
          {h}
        </th>
      ))}
    >
      <tbody className="divide-y divide-slate-100">
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a read-only list, never reordered
          <tr key={i}>
            {cells.map((cell, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <td key={j} className="py-2 pr-4 text-slate-800">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** A card holding a table of rows, or a sentence when there are none. */
function TableSection({
  id,
  title,
  headers,
  rows,
  none,
}: {
  id: string;
  title: string;
  headers: string[];
  rows: ReactNode[][];
  none: string;
}) {
  return (
    <Section id={id} title={title}>
      {rows.length ? (
        <Table caption={title} headers={headers} rows={rows} />
      ) : (
        <p className="text-slate-700">{none}</p>
      )}
    </Section>
  );
}

function SessionsCard({ detail: { sessions } }: { detail: AdminUserDetail }) {
  return (
    <TableSection
      id="sessions-heading"
      title="Signed-in devices"
      headers={['Device', 'Address', 'Signed in', 'Last seen']}
      rows={sessions.map((s) => [
        s.device,
        s.ip ?? 'N/A',
        formatDateTime(s.createdAt),
        formatDateTime(s.lastSeenAt),
      ])}
      none="No device is signed in."
    />
  );
}

function EventsCard({ detail: { securityEvents } }: { detail: AdminUserDetail }) {
  return (
    <TableSection
      id="events-heading"
      title="Recent security events"
      headers={['Event', 'When', 'Device', 'Address']}
      rows={securityEvents.map((e) => [
        SECURITY_EVENT_LABELS[e.type],
        formatDateTime(e.at),
        e.device,
        e.ip ?? 'N/A',
      ])}
      none="No security events recorded."
    />
  );
}

function InvoicesCard({ detail: { invoices } }: { detail: AdminUserDetail }) {
  let body: ReactNode;
  if (!invoices.available) body = 'No invoices: billing (Stripe) is not configured.';
  else if (!invoices.items) body = "Stripe could not be reached just now, so the invoices can't be shown.";
  else if (!invoices.items.length) body = 'No invoices.';
  // The customer's own billing history table: the same words for the same money.
  else body = <InvoiceTable invoices={invoices.items} caption="Invoices" payer={false} />;
  return (
    <Section id="invoices-heading" title="Invoices">
      {typeof body === 'string' ? <p className="text-slate-700">{body}</p> : body}
    </Section>
  );
}
