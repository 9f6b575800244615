import { inFreeTrial } from './access';
import type { PlanId, SubscriptionStatus } from './constants';
import type { CsvColumn } from './csv';
import { findPlan, monthlyAmount } from './plans';
import type { AdminPractice, AdminReferral, AdminSubscriber, AdminUser } from './schemas/admin';

// The admin area's lists as their page shows them and their CSV file holds them: the words for plans and
// statuses, the fields a search looks in, and every column of every CSV, in one place. The page searches in
// the browser; the server makes the file, of the rows the same search finds (admin/routes.ts). Each value is
// written by csv.ts's csvCell, which neutralises text a spreadsheet would run as a formula
// (tests/unit/csv.test.ts holds every list's free text to it).

/** The plan's name as the pricing page shows it: 'Plus (pro)' would only confuse, so 'Plus'. */
export function planName(plan: PlanId): string {
  return findPlan(plan)?.name ?? plan;
}

const statusWords: Record<SubscriptionStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  canceled: 'Cancelled',
  inactive: 'Inactive',
};

/** The subscription status in words, so it never rests on a colour. */
export function statusName(status: SubscriptionStatus): string {
  return statusWords[status] ?? status;
}

type OwnSubscription = { subscriptionStatus: SubscriptionStatus; trialEndsAt: string | null };

/** A person's own subscription is a free trial: active, but nothing paid yet (the dashboard counts trials apart too). */
export const isOwnFreeTrial = (u: OwnSubscription): boolean =>
  u.subscriptionStatus === 'active' &&
  inFreeTrial({ trialEndsAt: u.trialEndsAt ? new Date(u.trialEndsAt) : null });

/** A person's own subscription in words, a free trial named as one. */
export const ownStatusName = (u: OwnSubscription): string =>
  isOwnFreeTrial(u) ? 'Free trial' : statusName(u.subscriptionStatus);

// The fields each list's search looks in (docs/architecture.md#screens).

/** Users and subscriptions: username or email. */
export const userSearchFields = (user: AdminUser): readonly string[] => [user.username, user.email];

/** Referrals: referrer username, referrer email, friend email or code. */
export const referralSearchFields = (r: AdminReferral): readonly string[] => [
  r.referrerUsername,
  r.referrerEmail,
  r.friendEmail,
  r.referralCode,
];

/** Newsletter subscribers: email. */
export const subscriberSearchFields = (s: AdminSubscriber): readonly string[] => [s.email];

/** Practices: name, or the owner's username or email. */
export const practiceSearchFields = (p: AdminPractice): readonly string[] => [
  p.name,
  p.ownerUsername,
  p.ownerEmail,
];

export const practiceOf = (u: AdminUser) => (u.practiceName ? `${u.practiceName} (${u.practiceRole})` : '');

export const monthlyAmountOf = (u: AdminUser) => monthlyAmount(u.plan, u.hasDiscount, u.billingInterval);

const referralStatusWords: Record<AdminReferral['status'], string> = {
  pending: 'Pending',
  completed: 'Completed',
  expired: 'Expired',
};
export const referralStatusName = (status: AdminReferral['status']) => referralStatusWords[status] ?? status;

const userCsv = {
  id: { header: 'ID', value: (u) => u.id },
  username: { header: 'Username', value: (u) => u.username },
  email: { header: 'Email', value: (u) => u.email },
  plan: { header: 'Plan', value: (u) => planName(u.plan) },
  status: { header: 'Status', value: ownStatusName },
  discount: { header: 'Retention discount', value: (u) => (u.hasDiscount ? 'Yes' : 'No') },
  joined: { header: 'Joined', value: (u) => u.createdAt },
  lastLogin: { header: 'Last login', value: (u) => u.lastLoginAt ?? '' },
} satisfies Record<string, CsvColumn<AdminUser>>;

export const usersCsv: CsvColumn<AdminUser>[] = [
  userCsv.id,
  userCsv.username,
  userCsv.email,
  userCsv.plan,
  userCsv.status,
  userCsv.discount,
  { header: 'Practice', value: practiceOf },
  userCsv.joined,
  userCsv.lastLogin,
  { header: 'Logins', value: (u) => u.loginCount },
  { header: 'Login streak (days)', value: (u) => u.consecutiveLogins },
  { header: 'Referral code', value: (u) => u.referralCode },
  { header: 'Referral credits', value: (u) => u.referralCredits },
];

export const subscriptionsCsv: CsvColumn<AdminUser>[] = [
  userCsv.id,
  userCsv.username,
  userCsv.email,
  userCsv.plan,
  { header: 'Monthly amount (GBP)', value: (u) => monthlyAmountOf(u).toFixed(2) },
  userCsv.discount,
  userCsv.joined,
  userCsv.lastLogin,
];

export const referralsCsv: CsvColumn<AdminReferral>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Referrer username', value: (r) => r.referrerUsername },
  { header: 'Referrer email', value: (r) => r.referrerEmail },
  { header: 'Friend email', value: (r) => r.friendEmail },
  { header: 'Code', value: (r) => r.referralCode },
  { header: 'Status', value: (r) => referralStatusName(r.status) },
  { header: 'Referred', value: (r) => r.createdAt },
  { header: 'Completed', value: (r) => r.completedAt ?? '' },
  { header: 'Reward note', value: (r) => r.rewardNote ?? '' },
];

export const newsletterCsv: CsvColumn<AdminSubscriber>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'Email', value: (s) => s.email },
  { header: 'Subscribed', value: (s) => s.createdAt },
];

export const practicesCsv: CsvColumn<AdminPractice>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Practice', value: (p) => p.name },
  { header: 'Owner username', value: (p) => p.ownerUsername },
  { header: 'Owner email', value: (p) => p.ownerEmail },
  { header: 'Members', value: (p) => p.members },
  { header: 'Pending invitations', value: (p) => p.pendingInvitations },
  { header: 'Plan', value: (p) => planName(p.plan) },
  { header: 'Status', value: (p) => statusName(p.subscriptionStatus) },
  { header: 'Created', value: (p) => p.createdAt },
  { header: 'Terms accepted', value: (p) => p.terms?.acceptedAt },
  { header: 'Terms version', value: (p) => p.terms?.version.slice(0, 12) },
  {
    header: 'Terms current',
    value: (p) => (p.terms ? (p.terms.current ? 'yes' : 'no, an older version') : 'no'),
  },
];
