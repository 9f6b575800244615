import type { CsvColumn } from '@shared/csv';
import { monthlyAmount } from '@shared/plans';
import type { AdminPractice, AdminReferral, AdminSubscriber, AdminUser } from '@shared/schemas/admin';
import { ownStatusName, planName, statusName } from './format';

// Every CSV the admin area exports, column by column, in one place: each value is written by csv.ts's
// csvCell, which neutralises text a spreadsheet would run as a formula (tests/unit/csv.test.ts holds
// every list's free text to it).

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
