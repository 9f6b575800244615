import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailAddress } from '@client/components/ui/email-address';
import { Skeleton, SkeletonList, SkeletonText } from '@client/components/ui/skeleton';
import { useDeferredData } from '@client/lib/use-deferred-data';
import { planName, statusName } from '@shared/admin-lists';
import {
  CANCELLATION_DAYS,
  CANCELLATION_REASON_IDS,
  CANCELLATION_REASONS,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  TRIAL_DAYS,
} from '@shared/constants';
import { formatPounds } from '@shared/plans';
import type { AdminStats } from '@shared/schemas/admin';
import { Building2, CreditCard, Hourglass, Mail, PoundSterling, Users } from 'lucide-react';
import { type ComponentType, type ReactNode, useId } from 'react';
import { useAdminStats } from './api/get-stats';
import { Badge } from './badge';
import { CountBarChart, type CountDatum, SignupsChart } from './dashboard-charts';
import { DashboardIntro } from './dashboard-intro';
import { formatCalendarDay, formatCount, formatDateTime, formatOneDecimal, pluralise } from './format';

export function AdminDashboardPage() {
  const stats = useAdminStats();
  // The figures, charts and tables are a large render: the placeholders stay until it is done.
  const { data, waiting } = useDeferredData(stats);
  return (
    <div className="grid gap-6">
      <DashboardIntro />
      {waiting ? (
        // The figures' cards with their names, and the charts' cards, at their size while they load.
        <>
          <KeyFigures stats={undefined} />
          <SkeletonList
            label="Loading dashboard"
            count={2}
            className="gap-6 lg:grid-cols-2"
            item={() => <Skeleton className="h-96 rounded-xl border border-slate-200 bg-white" />}
          />
        </>
      ) : stats.isError ? (
        <div
          role="alert"
          className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600"
        >
          <p>Error loading dashboard data. Please try again.</p>
          <Button variant="outline" className="mt-4" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </div>
      ) : data ? (
        <Dashboard stats={data} />
      ) : null}
    </div>
  );
}

function Dashboard({ stats }: { stats: AdminStats }) {
  const byPlan: CountDatum[] = PLAN_IDS.map((plan) => ({
    label: planName(plan),
    count: stats.usersByPlan[plan],
  }));
  const byStatus: CountDatum[] = SUBSCRIPTION_STATUSES.map((status) => ({
    label: statusName(status),
    count: stats.usersByStatus[status] ?? 0,
  }));
  // Why people left, most given reason first.
  const byReason: CountDatum[] = [...CANCELLATION_REASON_IDS, 'none' as const]
    .map((reason) => ({
      label: reason === 'none' ? 'No reason given' : CANCELLATION_REASONS[reason],
      count: stats.cancellationsByReason[reason] ?? 0,
    }))
    .sort((a, b) => b.count - a.count);
  const cancelled = byReason.reduce((sum, d) => sum + d.count, 0);
  return (
    <>
      <KeyFigures stats={stats} />

      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard title="Users by plan" empty={stats.totalUsers === 0} caption={<CountList data={byPlan} />}>
          <CountBarChart data={byPlan} />
        </ChartCard>
        <ChartCard
          title="Users by status"
          empty={stats.totalUsers === 0}
          caption={<CountList data={byStatus} />}
        >
          <CountBarChart data={byStatus} />
        </ChartCard>
        <ChartCard
          title={`Cancellations by reason, last ${CANCELLATION_DAYS} days`}
          empty={cancelled === 0}
          emptyText={`No cancellations in the last ${CANCELLATION_DAYS} days.`}
          caption={<CountList data={byReason.filter((d) => d.count > 0)} />}
        >
          <CountBarChart data={byReason.filter((d) => d.count > 0)} />
        </ChartCard>
      </div>

      <SignupsCard days={stats.signupsByDay} />

      <RecentLogins logins={stats.recentLogins} average={stats.averageLoginsPerUser} />
    </>
  );
}

/** The key figures; (undefined) their cards with placeholders for the numbers while they load. */
function KeyFigures({ stats }: { stats: AdminStats | undefined }) {
  const count = (value: number | undefined) => (value === undefined ? undefined : formatCount(value));
  return (
    <section aria-labelledby="key-figures">
      <h2 id="key-figures" className="sr-only">
        Key figures
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total users" value={count(stats?.totalUsers)} icon={Users} />
        <StatCard
          label="Active subscriptions"
          value={count(stats?.activeSubscriptions)}
          hint="Paid plans past their free trial"
          icon={CreditCard}
        />
        <StatCard
          label="Free trials"
          value={count(stats?.trialSubscriptions)}
          hint={`Paid plans in their ${TRIAL_DAYS} days, not yet paying`}
          icon={Hourglass}
        />
        <StatCard
          label="Estimated monthly revenue"
          value={stats ? formatPounds(stats.estimatedMonthlyRevenue) : undefined}
          hint="Active paid plans past their trial, after discounts"
          icon={PoundSterling}
        />
        <StatCard label="Newsletter subscribers" value={count(stats?.totalSubscribers)} icon={Mail} />
        <StatCard label="Practices" value={count(stats?.totalPractices)} icon={Building2} />
        <StatCard
          label="Practice members"
          value={count(stats?.practiceMembers)}
          hint="Owners included"
          icon={Users}
        />
      </dl>
    </section>
  );
}

function StatCard({
  label,
  value,
  hint,
  icon: Icon,
}: {
  label: string;
  value: string | undefined;
  hint?: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
}) {
  return (
    <Card className="flex flex-col justify-between gap-2 p-6">
      <dt className="flex items-start justify-between gap-4 text-sm font-medium text-slate-600">
        <span>
          {label}
          {hint ? <span className="block text-xs font-normal text-slate-500">{hint}</span> : null}
        </span>
        <Icon aria-hidden="true" className="size-5 shrink-0 text-indigo-600" />
      </dt>
      <dd className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
        {value ?? <SkeletonText sample="000" />}
      </dd>
    </Card>
  );
}

/** A chart with its title, and the same numbers in words (the figcaption): nothing rests on the picture. */
function ChartCard({
  title,
  empty,
  emptyText = 'No data available',
  caption,
  children,
}: {
  title: string;
  empty: boolean;
  emptyText?: string;
  caption: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} size="lg">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="py-16 text-center text-slate-600">{emptyText}</p>
        ) : (
          <figure aria-labelledby={titleId} className="grid gap-4">
            {children}
            <figcaption className="text-sm text-slate-700">{caption}</figcaption>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Lite 12 · Plus 3 · Practice 1' as a list of terms and counts. */
function CountList({ data }: { data: readonly CountDatum[] }) {
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1">
      {data.map((d) => (
        <div key={d.label} className="flex gap-1.5">
          <dt>{d.label}</dt>
          <dd className="font-semibold tabular-nums">{formatCount(d.count)}</dd>
        </div>
      ))}
    </dl>
  );
}

function SignupsCard({ days }: { days: AdminStats['signupsByDay'] }) {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce<AdminStats['signupsByDay'][number] | null>(
    (best, d) => (d.count > (best?.count ?? 0) ? d : best),
    null,
  );
  return (
    <ChartCard
      title="Sign-ups in the last 90 days"
      empty={total === 0}
      caption={
        <>
          <p>
            {pluralise(total, 'sign-up')} in the last 90 days
            {busiest
              ? `; the busiest day was ${formatCalendarDay(busiest.date, true)} with ${formatCount(busiest.count)}.`
              : '.'}
          </p>
          <details className="mt-2">
            <summary className="w-fit cursor-pointer rounded-sm font-medium text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
              Show sign-ups by day
            </summary>
            <section
              aria-label="Sign-ups by day"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to be scrolled by keyboard.
              tabIndex={0}
              className="mt-2 max-h-72 overflow-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <table className="w-full max-w-sm text-left">
                <caption className="sr-only">Sign-ups by day, last 90 days</caption>
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th scope="col" className="py-1.5 pr-4 font-medium">
                      Day
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      Sign-ups
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((d) => (
                    <tr key={d.date} className="border-b border-slate-100">
                      <td className="py-1.5 pr-4">{formatCalendarDay(d.date, true)}</td>
                      <td className="py-1.5 text-right tabular-nums">{formatCount(d.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </details>
        </>
      }
    >
      <SignupsChart data={days} />
    </ChartCard>
  );
}

function RecentLogins({ logins, average }: { logins: AdminStats['recentLogins']; average: number }) {
  return (
    <Card role="region" aria-labelledby="recent-logins">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id="recent-logins" size="lg">
            Recent logins
          </CardTitle>
          <CardDescription>The five most recent sign-ins.</CardDescription>
        </div>
        <p className="text-sm text-slate-600">
          Average logins per user:{' '}
          <span className="text-lg font-semibold text-slate-900 tabular-nums">
            {formatOneDecimal(average)}
          </span>
        </p>
      </CardHeader>
      <CardContent>
        {logins.length === 0 ? (
          <p className="py-6 text-center text-slate-600">No login data available</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {logins.map((login) => (
              <li key={login.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {login.username}
                    {login.consecutiveLogins > 1 ? (
                      <Badge tone="accent">{login.consecutiveLogins}-day streak</Badge>
                    ) : null}
                  </p>
                  <EmailAddress address={login.email} className="block text-sm text-slate-600" />
                </div>
                <p className="text-sm text-slate-600">{formatDateTime(login.lastLoginAt)}</p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
