// Business constants of docs/architecture.md#constants and docs/architecture.md#settled-points, in one place for both sides.
export const TRIAL_DAYS = 14;
export const FREEZE_DAYS = 30;
export const RETENTION_DISCOUNT = { percentOff: 50, months: 3 } as const;
export const REFERRAL_MAX_FREE_MONTHS_PER_YEAR = 12;
/**
 * How often a paid plan is billed (docs/decisions/096-yearly-plans.md): by the month, or by the year at ten
 * months' price. `month` is the default everywhere a request leaves it out.
 */
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const YEARLY_MONTHS_CHARGED = 10;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
/** Every new password, a changed one included (docs/architecture.md#settled-points: a minimum of 6 is below ASVS 6.2.1, docs/decisions/044-new-passwords.md). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;

export const PASSWORD_RESET_MINUTES = 60;
/** Verification and email-change links. */
export const EMAIL_LINK_HOURS = 24;
/**
 * How long a session lasts (docs/architecture.md#safety): a user's ends after USER_SESSION_IDLE_DAYS unused
 * and USER_SESSION_MAX_DAYS after sign-in at most; an admin's after ADMIN_SESSION_IDLE_MINUTES and
 * ADMIN_SESSION_MAX_HOURS. Here, not in the server alone, because /security says them in words.
 */
export const USER_SESSION_IDLE_DAYS = 30;
export const USER_SESSION_MAX_DAYS = 90;
export const ADMIN_SESSION_IDLE_MINUTES = 30;
export const ADMIN_SESSION_MAX_HOURS = 12;
/**
 * How long the note app's access and ID tokens last: it refreshes at least this often, so a change of access
 * (a lapsed plan, a second factor turned on) reaches it within these minutes (docs/note-app-integration.md).
 */
export const NOTE_APP_TOKEN_MINUTES = 10;
/** How recent the password or second factor must be for a sensitive action (docs/architecture.md#safety). */
export const REAUTH_MINUTES = 10;

export const PLAN_IDS = ['free', 'pro', 'clinic'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const PAID_PLAN_IDS = ['pro', 'clinic'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'paused', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const REFERRAL_STATUSES = ['pending', 'completed', 'expired'] as const;

/** Roles in a practice (docs/architecture.md#practices): one owner, who pays; admins invite and remove; clinicians. */
export const PRACTICE_ROLES = ['owner', 'admin', 'clinician'] as const;
export type PracticeRole = (typeof PRACTICE_ROLES)[number];
/** The roles an invitation or a role change can give: ownership only moves by a handover. */
export const INVITED_ROLES = ['admin', 'clinician'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];
/**
 * What each role allows, said where one is picked and in the mail that tells a member theirs (the rules are
 * practice-service.ts's; docs/decisions/074-what-each-screen-says-and-the-trial-that-never-began.md).
 */
export const ROLE_DESCRIPTIONS: Record<InvitedRole, string> = {
  admin: "Uses the note app on the practice's plan, invites and removes members, and renames the practice.",
  clinician: "Uses the note app on the practice's plan. Cannot invite or remove anyone.",
};
/** Members a practice may have, owner and pending invitations included, unless PRACTICE_SEATS says otherwise. */
export const DEFAULT_PRACTICE_SEATS = 10;
export const PRACTICE_INVITATION_DAYS = 7;
export const PRACTICE_NAME_MAX = 80;

/**
 * A practice's sign-in policy (docs/decisions/092-a-practice-sign-in-policy.md): how long the note app may
 * keep a consultation's audio and drafts, in days (the note app's claim `practice.retention_days`), and
 * the bounds of the cap on a member's sessions, in hours.
 */
export const RETENTION_DAYS = [1, 7, 30, 90] as const;
export type RetentionDays = (typeof RETENTION_DAYS)[number];
export const DEFAULT_RETENTION_DAYS: RetentionDays = 30;
export const SESSION_HOURS_MIN = 1;
export const SESSION_HOURS_MAX = 720;
/** The access review marks a member not seen (ChairNotes or the note app) for this many days. */
export const ACCESS_REVIEW_UNSEEN_DAYS = 90;

/**
 * Why someone cancels, as Stripe's `cancellation_details.feedback` names it (so the reason reaches
 * Stripe as it is), with the words the cancel dialog shows.
 */
export const CANCELLATION_REASONS = {
  too_expensive: 'It costs too much',
  unused: "I don't use it enough",
  missing_features: 'It lacks something I need',
  switched_service: "I'm moving to another product",
  too_complex: "It's too hard to use",
  low_quality: "The notes aren't good enough",
  customer_service: 'Support did not help me',
  other: 'Another reason',
} as const;
export type CancellationReason = keyof typeof CANCELLATION_REASONS;
export const CANCELLATION_REASON_IDS = Object.keys(CANCELLATION_REASONS) as [
  CancellationReason,
  ...CancellationReason[],
];
/** The admin dashboard counts cancellations over this many days. */
export const CANCELLATION_DAYS = 90;
export const CANCELLATION_COMMENT_MAX = 500;
