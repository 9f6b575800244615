import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPOINTMENT_TYPES, type CRITERION_RESULTS, PATIENT_SENTIMENTS } from '../../shared/audit-criteria';
import {
  BILLING_INTERVALS,
  CANCELLATION_REASON_IDS,
  DEFAULT_RETENTION_DAYS,
  INVITED_ROLES,
  PLAN_IDS,
  PRACTICE_ROLES,
  REFERRAL_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '../../shared/constants';
import type { BillingDetails } from '../../shared/schemas/billing';
import { CONTACT_KINDS } from '../../shared/schemas/marketing';
import { SECURITY_EVENT_TYPES } from '../../shared/schemas/security';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /**
     * The name as it looks (auth/usernames.ts): unique, so 'Anna' and 'Аnna' (Cyrillic А) cannot both be
     * taken. Null only until the start-up fill gives a row from before it its key (docs/decisions/071-usernames-as-they-look.md).
     */
    usernameKey: text('username_key'),
    password: text('password').notNull(),
    email: text('email').notNull(),
    /** The person opened a link sent to `email` (docs/architecture.md#identity); a changed email is verified by its link. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * The terms of service and privacy policy the person agreed to when they registered, and when
     * (docs/decisions/106-the-terms-agreed-at-registration.md); null for an account made otherwise (before
     * this was recorded, or through a practice's Microsoft invitation).
     */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    plan: text('plan', { enum: PLAN_IDS }).notNull().default('free'),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES })
      .notNull()
      .default('inactive'),
    hasDiscount: boolean('has_discount').notNull().default(false),
    /** The subscription's price is billed by the month or the year (docs/decisions/096-yearly-plans.md). */
    billingInterval: text('billing_interval', { enum: BILLING_INTERVALS }).notNull().default('month'),
    /** Its renewal was moved past the period paid for (a yearly freeze, a booked switch to monthly). */
    renewalMoved: boolean('renewal_moved').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    loginCount: integer('login_count').notNull().default(0),
    consecutiveLogins: integer('consecutive_logins').notNull().default(0),
    lastLoginIp: text('last_login_ip'),
    createdAt: createdAt(),
    role: text('role').notNull().default('user'),
    referralCode: text('referral_code'),
    referralCredits: integer('referral_credits').notNull().default(0),
    // The subscription as last read from Stripe (billing/sync.ts writes these together, never piecemeal).
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    // A trial still waiting for its card, since when: cancelled after a day (docs/decisions/063-a-trial-starts-with-its-card.md).
    awaitingCardSince: timestamp('awaiting_card_since', { withTimezone: true }),
    subscriptionSyncedAt: timestamp('subscription_synced_at', { withTimezone: true }),
    // Set while a subscription is being created: a second request meanwhile is refused (409), so two
    // clicks cannot make two Stripe subscriptions.
    subscriptionClaimedAt: timestamp('subscription_claimed_at', { withTimezone: true }),
    // Once-per-user offers (docs/architecture.md#settled-points).
    hadTrial: boolean('had_trial').notNull().default(false),
    retentionOfferUsed: boolean('retention_offer_used').notNull().default(false),
    /**
     * The user's first subscription (the one with the trial). A referral code may be applied to it
     * while its trial runs; a user who had any other subscription is not a new subscriber.
     */
    firstSubscriptionId: text('first_subscription_id'),
    /**
     * Who the person is to the note app (the OpenID Connect `sub`, docs/architecture.md#note-app-sign-in): random and
     * never changed, so the database id is never shown and a renamed or re-addressed person stays one.
     */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /**
     * Who the invoices are made out to (name, address, UK VAT number), as last saved on the Stripe
     * customer: shown in the account without asking Stripe.
     */
    billingDetails: jsonb('billing_details').$type<BillingDetails>(),
    /**
     * A renewal the card's bank wants confirmed (SCA): the invoice, and Stripe's hosted page where the
     * person confirms it. Set by `invoice.payment_action_required`, cleared when that invoice is paid.
     */
    paymentActionInvoiceId: text('payment_action_invoice_id'),
    paymentActionUrl: text('payment_action_url'),
    /**
     * A failed renewal keeps the note app open until this moment (docs/decisions/066-failed-renewal-grace-and-money-mails.md): set by the sync that
     * first reads the subscription `past_due` (7 days on), kept while it stays so, cleared once paid.
     */
    pastDueAccessUntil: timestamp('past_due_access_until', { withTimezone: true }),
    /** The person's last sign-in to the note app (a code exchanged at the OpenID Provider): the access review shows it. */
    lastNoteAppSignInAt: timestamp('last_note_app_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    // Case-insensitive uniqueness: 'Alice' and 'alice' are one name to a person.
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_key_unique').on(t.usernameKey),
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    uniqueIndex('users_stripe_customer_unique').on(t.stripeCustomerId),
    // The admin dashboard's recent logins and sign-ups per day stay index reads at 100,000 users.
    index('users_last_login_idx').on(t.lastLoginAt),
    index('users_created_at_idx').on(t.createdAt),
    uniqueIndex('users_public_id_unique').on(t.publicId),
    // The sweep of unconfirmed trials reads the few waiting, never the whole table.
    index('users_awaiting_card_idx').on(t.awaitingCardSince).where(sql`${t.awaitingCardSince} is not null`),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** As users.usernameKey; a name is one person's across both tables (auth/usernames.ts). */
    usernameKey: text('username_key'),
    password: text('password').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull().default('admin'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admins_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('admins_username_key_unique').on(t.usernameKey),
    uniqueIndex('admins_email_unique').on(t.email),
  ],
);

/** Where a session was opened and when it was last used: the Security tab lists them (docs/architecture.md#identity). */
const sessionDevice = () => ({
  userAgent: text('user_agent'),
  ip: text('ip'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the person last proved it is them (password or second factor): set at sign-in, refreshed by
   * /api/user/reauth. Sensitive actions need it within the last 10 minutes (auth/recent-auth.ts).
   */
  reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Sessions store only the SHA-256 of the token (hex): a leaked table opens no account.
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    ...sessionDevice(),
    /**
     * How the person proved who they are at sign-in (RFC 8176 values: 'pwd', 'otp', 'hwk'): the note
     * app reads it as the ID token's `amr`.
     */
    amr: text('amr').array().notNull().default(sql`'{pwd}'::text[]`),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    ...sessionDevice(),
    /**
     * Opened with a second factor, or the admin enrolled one in it. Admins must use a second factor
     * (docs/architecture.md#safety): a session without this reaches only the enrolment routes.
     */
    enrolled: boolean('enrolled').notNull().default(false),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const EMAIL_TOKEN_PURPOSES = ['verify', 'change'] as const;

/**
 * Links that prove a person reads an address: 'verify' for the account's own email, 'change' for the
 * new address of an email change (applied when it is opened). Stored as the SHA-256 of the token.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/** Every mail we send is kept here first, so nothing is lost when SMTP is down or not configured. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    // SHA-256 of the random token in every newsletter mail's unsubscribe link.
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
  },
  (t) => [
    uniqueIndex('subscribers_email_unique').on(t.email),
    uniqueIndex('subscribers_unsubscribe_unique').on(t.unsubscribeTokenHash),
  ],
);

/** 'Request Demo' and the contact form: kept here and mailed to SALES_EMAIL. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: CONTACT_KINDS }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  practice: text('practice').notNull().default(''),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * A friend who subscribed with a referrer's code (one row per friend). The product's first description listed referralCode as
 * unique, but one referrer's code is used by many friends, so it is indexed, not unique (docs/decisions/022-referral-data-model.md).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralCode: text('referral_code').notNull(),
    friendEmail: text('friend_email').notNull(),
    friendUserId: integer('friend_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Why the referrer was not credited (inactive subscription, yearly limit), for the admin. */
    rewardNote: text('reward_note'),
    /**
     * Completed while the referrer's email was unverified: the reward waits, undecided, until they
     * verify it (referrals/rewards.ts, docs/architecture.md#settled-points), and is then decided as at completion.
     */
    rewardHeld: boolean('reward_held').notNull().default(false),
    /**
     * The referrer's reward in pence, set in the same transaction that completes the referral (so it
     * is decided once); creditedAt is set once Stripe holds the balance credit. Owed until then.
     */
    creditAmount: integer('credit_amount'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** One payer at a time (a lease): two webhooks paying the same owed credit cannot both reach Stripe. */
    creditClaimedAt: timestamp('credit_claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('referrals_referral_code_idx').on(t.referralCode),
    index('referrals_referrer_idx').on(t.referrerId),
    uniqueIndex('referrals_friend_unique').on(t.friendUserId).where(sql`${t.friendUserId} is not null`),
    index('referrals_credit_owed_idx')
      .on(t.id)
      .where(sql`${t.creditAmount} is not null and ${t.creditedAt} is null`),
  ],
);

/** Invitations sent from /refer: at most one to the same address per referrer per week. */
export const referralInvitations = pgTable(
  'referral_invitations',
  {
    id: serial('id').primaryKey(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendEmail: text('friend_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_invitations_referrer_email_idx').on(t.referrerId, t.friendEmail)],
);

/** Each Stripe event id once: recorded in the same transaction as its effects, so a redelivery does nothing. */
/**
 * Stripe's events, recorded (id and payload in one insert) before the webhook answers, then processed
 * by the queue in billing/webhook-queue.ts: `processedAt` is set in the transaction of the effects.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The verified event as Stripe sent it (typed by its reader: the events table knows no Stripe). */
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** The lease of the worker processing it (db/lease.ts). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this: the back-off after a failed attempt. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('stripe_events_unprocessed_idx').on(t.nextAttemptAt).where(sql`${t.processedAt} is null`)],
);

export type User = typeof users.$inferSelect;
export type Admin = typeof admins.$inferSelect;

/**
 * What happened to an account (docs/architecture.md#safety): sign-ins, failures, sign-outs, password and email
 * changes, second factors, sessions ended. Never a secret: the type, when (UTC), and from where.
 * `adminId` is the admin the event is about (their own sign-in), or the admin who acted on `userId`.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    type: text('type', { enum: SECURITY_EVENT_TYPES }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.createdAt),
    index('security_events_admin_idx').on(t.adminId, t.createdAt),
  ],
);

export type SecurityEvent = typeof securityEvents.$inferSelect;

/**
 * Whose second factor a row is: a user's or an admin's, exactly one (docs/decisions/052-second-factors-for-users-and-admins.md).
 * Deleting the account deletes its factors.
 */
const factorOwner = () => ({
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
});
const oneOwner = (name: string, t: { userId: unknown; adminId: unknown }) =>
  check(name, sql`(${t.userId} is null) <> (${t.adminId} is null)`);

/**
 * An authenticator app (TOTP). `secret` is sealed with SECRETS_KEY (lib/secret-box.ts): the database
 * alone gives no working codes. Pending until `enabledAt` (the person confirmed a code); a new setup
 * replaces a pending one. `lastUsedStep` is the 30-second step of the last code accepted: a code is
 * accepted once, and never one older than it.
 */
export const totpCredentials = pgTable(
  'totp_credentials',
  {
    id: serial('id').primaryKey(),
    ...factorOwner(),
    secret: text('secret').notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    lastUsedStep: integer('last_used_step'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('totp_credentials_user_unique').on(t.userId),
    uniqueIndex('totp_credentials_admin_unique').on(t.adminId),
    oneOwner('totp_credentials_one_owner', t),
  ],
);

/** Single-use recovery codes, stored as their SHA-256 (hex); a used one is deleted. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    ...factorOwner(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('recovery_codes_user_idx').on(t.userId),
    index('recovery_codes_admin_idx').on(t.adminId),
    oneOwner('recovery_codes_one_owner', t),
  ],
);

export const LOGIN_CHALLENGE_KINDS = ['user', 'admin'] as const;

/**
 * A sign-in waiting for its second factor: no session yet. Named by the httpOnly cookie cn_2fa; stored
 * as the SHA-256 of its token. Lives 5 minutes. `passwordRight` is false only for a sign-in begun while
 * the account was held, whose password was checked without saying so: its second step fails whatever
 * the code (docs/decisions/072-a-held-account-still-lets-its-owner-in.md).
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: LOGIN_CHALLENGE_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    passwordRight: boolean('password_right').notNull().default(true),
    /** The first step: a password, or Microsoft (`fed`) without a second factor of its own. */
    firstFactor: text('first_factor', { enum: ['pwd', 'fed'] })
      .notNull()
      .default('pwd'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * A user's or an admin's passkeys (docs/architecture.md#identity): the public key of each credential an
 * authenticator made for this site, and its signature counter (a counter that goes backwards betrays a
 * cloned key). `webauthnUserId` is the user handle the authenticator stores with the credential (random,
 * one per account: every passkey of an account carries the same), so it reveals nothing about the account.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    ...factorOwner(),
    /** base64url, as the browser names the credential. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    // An authenticator's counter is 32 bits unsigned: past PostgreSQL's integer.
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    webauthnUserId: text('webauthn_user_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
    index('passkeys_admin_idx').on(t.adminId),
    oneOwner('passkeys_one_owner', t),
  ],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * A user's Microsoft account (docs/decisions/094-sign-in-with-microsoft.md): by its tenant and object id
 * (`tid`, `oid`) only, never its email. One per user, and one user per Microsoft account.
 */
export const microsoftAccounts = pgTable(
  'microsoft_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tid: text('tid').notNull(),
    oid: text('oid').notNull(),
    /** What the person signs in to Microsoft with, as it was when linked: shown, never matched. */
    username: text('username').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('microsoft_accounts_account_unique').on(t.tid, t.oid),
    uniqueIndex('microsoft_accounts_user_unique').on(t.userId),
  ],
);

export type MicrosoftAccountRow = typeof microsoftAccounts.$inferSelect;

/**
 * The Microsoft sign-ins used (docs/decisions/105-a-microsoft-sign-in-is-used-once.md): the id of each
 * sealed account cookie that signed in, linked, or confirmed it is them, kept until the cookie expires, so
 * that a copy of it does nothing again. The hourly purge deletes them past `expires_at`.
 */
export const microsoftSignInsUsed = pgTable('microsoft_sign_ins_used', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const WEBAUTHN_CEREMONIES = ['registration', 'authentication'] as const;

/**
 * The challenge of a passkey ceremony under way, found by the SHA-256 of the token in the browser's
 * `cn_webauthn` cookie: short-lived and used once (deleted when the answer comes). A registration
 * belongs to the signed-in user or admin and keeps the user handle it offered; a sign-in belongs to
 * nobody yet (passwordless), or to the account whose password began it (at most one owner).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    ceremony: text('ceremony', { enum: WEBAUTHN_CEREMONIES }).notNull(),
    ...factorOwner(),
    challenge: text('challenge').notNull(),
    webauthnUserId: text('webauthn_user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check('webauthn_challenges_at_most_one_owner', sql`${t.userId} is null or ${t.adminId} is null`),
  ],
);

/**
 * A practice: what the Practice plan buys (docs/architecture.md#practices). Its subscription is its owner's (the
 * owner's users row holds it, as for anyone), so the members' access reads the owner's state live.
 */
export const practices = pgTable('practices', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The owner: one practice each (practice_members is unique per user), gone with their account. */
  ownerId: integer('owner_id')
    .notNull()
    .unique('practices_owner_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  /**
   * When the members were told the practice's subscription had ended (cleared when it lives again):
   * the mail goes once, whichever event or sync saw the end first.
   */
  endedNoticeAt: timestamp('ended_notice_at', { withTimezone: true }),
  // The sign-in policy (docs/decisions/092-a-practice-sign-in-policy.md).
  /** Members without a second factor are closed out of the note app until they enrol one. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** A member's sessions (ChairNotes' and the note app's) last at most this many hours; null: the usual limits. */
  sessionHours: integer('session_hours'),
  /** From when the cap counts for sessions opened before it was set: a lowered cap ends none at once. */
  sessionCapFrom: timestamp('session_cap_from', { withTimezone: true }),
  /** How long the note app may keep a consultation's audio and drafts (its claim `practice.retention_days`). */
  retentionDays: integer('retention_days').notNull().default(DEFAULT_RETENTION_DAYS),
  /**
   * The Microsoft tenant (Entra `tid`) of the practice, set by an owner signed in with it; with
   * `requireMicrosoft`, members sign in only with a Microsoft account of it (docs/decisions/094-sign-in-with-microsoft.md).
   */
  microsoftTenant: text('microsoft_tenant'),
  requireMicrosoft: boolean('require_microsoft').notNull().default(false),
  /** When the owner was last sent the monthly access review (practices/access-review.ts). */
  accessReviewMailedAt: timestamp('access_review_mailed_at', { withTimezone: true }),
});
export type Practice = typeof practices.$inferSelect;

/**
 * Each acceptance of the practice terms (docs/decisions/093-practice-terms-accepted-by-version.md): the
 * version is the SHA-256 of the operator's file, so a changed text is a new version to accept. Kept when
 * the person who accepted leaves (their name stays with it).
 */
export const practiceAgreements = pgTable(
  'practice_agreements',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedByName: text('accepted_by_name').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('practice_agreements_once').on(t.practiceId, t.version)],
);

/** Who is in which practice, with what role; the owner too (role 'owner'). One practice per person. */
export const practiceMembers = pgTable(
  'practice_members',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PRACTICE_ROLES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('practice_members_user_unique').on(t.userId),
    index('practice_members_practice_idx').on(t.practiceId),
    uniqueIndex('practice_members_one_owner').on(t.practiceId).where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * Invitations to a practice: a single-use link (only its SHA-256 kept) valid for 7 days. A pending one
 * (neither accepted nor withdrawn, not expired) holds a seat. Kept after use so the link can say what
 * became of it.
 */
export const practiceInvitations = pgTable(
  'practice_invitations',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: INVITED_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('practice_invitations_token_unique').on(t.tokenHash),
    index('practice_invitations_practice_idx').on(t.practiceId),
    // One open invitation per address per practice (an expired one is closed before a new one is made).
    uniqueIndex('practice_invitations_open_unique')
      .on(t.practiceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
  ],
);
export type PracticeInvitationRow = typeof practiceInvitations.$inferSelect;

/**
 * What the OpenID Provider keeps (oidc-provider's models: sessions, interactions, grants, codes,
 * tokens), one row per model and id, so any instance serves any step of a flow (docs/architecture.md#note-app-sign-in).
 * The payload is the library's, whole; the columns beside it are what it is looked up or ended by.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    /** Sessions: the person (users.public_id), so a password change can end every note-app session. */
    accountId: text('account_id'),
    /**
     * Sessions: the ChairNotes session they were opened from. However that session ends, this turns
     * null, and the sweep in oidc/note-app-logout.ts ends the note app's session (back-channel logout).
     */
    userSessionId: text('user_session_id').references(() => userSessions.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_account_idx').on(t.accountId),
    index('oidc_models_user_session_idx').on(t.userSessionId),
    // The sweep's look-up: sessions whose ChairNotes session has ended.
    index('oidc_models_unlinked_sessions_idx')
      .on(t.model)
      .where(sql`${t.model} = 'Session' and ${t.userSessionId} is null`),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The OpenID Provider's signing keys (private JWKs sealed with SECRETS_KEY). A key signs from
 * `activatesAt` (every instance has published it by then) until a newer one activates, and is
 * published until its last tokens have expired (oidc/signing-keys.ts).
 */
export const oidcSigningKeys = pgTable('oidc_signing_keys', {
  kid: text('kid').primaryKey(),
  /** The algorithm it signs with (oidc/signing-keys.ts SIGNING_ALGS): each has its own line of keys. */
  alg: text('alg').notNull().default('ES256'),
  sealedJwk: text('sealed_jwk').notNull(),
  createdAt: createdAt(),
  activatesAt: timestamp('activates_at', { withTimezone: true }).notNull(),
});

/**
 * Each cancellation and why, if the person said (issue 17): counted on the admin dashboard. When the
 * person deletes their account their id goes; what they said of the product stays, unnamed.
 */
export const cancellations = pgTable(
  'cancellations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: PLAN_IDS }).notNull(),
    reason: text('reason', { enum: CANCELLATION_REASON_IDS }),
    comment: text('comment'),
    createdAt: createdAt(),
    /** The person took it back before the period ended ('Keep my subscription'): not counted as a cancellation. */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('cancellations_created_idx').on(t.createdAt)],
);

/**
 * The mails about money (each once: docs/decisions/066-failed-renewal-grace-and-money-mails.md), by what each
 * is about: a Stripe event, an invoice or a subscription. A second delivery of an event, or another event
 * about the same invoice, finds its row and sends nothing, as referral credits are paid once by their row.
 */
export const billingMails = pgTable(
  'billing_mails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the mail is about: `in_…`, `sub_…` or `evt_…`. */
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_mails_once').on(t.kind, t.subject)],
);

/**
 * A practice's audit trail (docs/decisions/090-practice-and-admin-audit-trails.md): what happened in it,
 * when (UTC), who did it, to whom, from where. Append-only: the database refuses an update, and a delete
 * of any row younger than the retention the purge names. No foreign key: a row outlives the account, and
 * the practice, it names (a cascade would be a delete), so the names are kept as they were then.
 */
export const practiceEvents = pgTable(
  'practice_events',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id').notNull(),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    subjectUserId: integer('subject_user_id'),
    /** A member's username, or an invitation's address. */
    subjectName: text('subject_name'),
    /** What the action needs said: a role, a name, the note app's client id, a kind of second factor. */
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('practice_events_practice_idx').on(t.practiceId, t.id),
    index('practice_events_created_idx').on(t.createdAt),
  ],
);
export type PracticeEventRow = typeof practiceEvents.$inferSelect;

/**
 * The admin area's audit trail (docs/decisions/090-practice-and-admin-audit-trails.md): each view of a
 * person's data and each action, with the admin, the subject and the time. Append-only as practice_events.
 */
export const adminEvents = pgTable(
  'admin_events',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    action: text('action').notNull(),
    subjectUserId: integer('subject_user_id'),
    /** The person's username, or the list viewed ('users'). */
    subjectName: text('subject_name'),
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_events_created_idx').on(t.createdAt)],
);
export type AdminEventRow = typeof adminEvents.$inferSelect;

/**
 * One finished note, as the note app reported it (docs/note-app-integration.md#reports): metadata and its
 * record-keeping audit, never the note. The clinician's, and the practice's they were a member of at
 * `finished_at` when it arrived (null otherwise, fixed then). One per note id and client: the same id
 * again is a duplicate. `day` is the London date of `finished_at`, the rollups' day.
 */
export const noteReports = pgTable(
  'note_reports',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull(),
    noteId: text('note_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    appointmentType: text('appointment_type', { enum: APPOINTMENT_TYPES }).notNull(),
    audioSeconds: integer('audio_seconds').notNull(),
    editSeconds: integer('edit_seconds').notNull(),
    criteriaSet: text('criteria_set').notNull(),
    criteria: jsonb('criteria').$type<Record<string, (typeof CRITERION_RESULTS)[number]>>().notNull(),
    patientSentiment: text('patient_sentiment', { enum: PATIENT_SENTIMENTS }),
    lettersTreatment: integer('letters_treatment').notNull().default(0),
    lettersConsent: integer('letters_consent').notNull().default(0),
    lettersReferral: integer('letters_referral').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('note_reports_client_note_unique').on(t.clientId, t.noteId),
    index('note_reports_practice_idx').on(t.practiceId, t.day),
    index('note_reports_user_idx').on(t.userId, t.day),
    index('note_reports_received_idx').on(t.receivedAt),
  ],
);

/**
 * The reports summed by day, clinician, practice (null: none) and appointment type, kept up in the ingest's
 * transaction: what analytics read, never the reports themselves.
 */
export const noteReportDays = pgTable(
  'note_report_days',
  {
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appointmentType: text('appointment_type', { enum: APPOINTMENT_TYPES }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    notes: integer('notes').notNull(),
    audioSeconds: bigint('audio_seconds', { mode: 'number' }).notNull(),
    editSeconds: bigint('edit_seconds', { mode: 'number' }).notNull(),
    lettersTreatment: integer('letters_treatment').notNull(),
    lettersConsent: integer('letters_consent').notNull(),
    lettersReferral: integer('letters_referral').notNull(),
    positive: integer('positive').notNull(),
    neutral: integer('neutral').notNull(),
    negative: integer('negative').notNull(),
  },
  (t) => [
    unique('note_report_days_key').on(t.practiceId, t.userId, t.appointmentType, t.day).nullsNotDistinct(),
    index('note_report_days_user_idx').on(t.userId, t.day),
  ],
);

/** Each criterion's met and applicable notes by day, clinician and practice: the completeness behind analytics. */
export const noteReportDayCriteria = pgTable(
  'note_report_day_criteria',
  {
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    code: text('code').notNull(),
    met: integer('met').notNull(),
    applicable: integer('applicable').notNull(),
  },
  (t) => [
    unique('note_report_day_criteria_key').on(t.practiceId, t.userId, t.day, t.code).nullsNotDistinct(),
    index('note_report_day_criteria_user_idx').on(t.userId, t.day),
  ],
);

export type NoteReportRow = typeof noteReports.$inferSelect;
