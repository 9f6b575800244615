import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PLAN_IDS, REFERRAL_STATUSES, SUBSCRIPTION_STATUSES } from '../../shared/constants';
import { CONTACT_KINDS } from '../../shared/schemas/marketing';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    email: text('email').notNull(),
    /** The person opened a link sent to `email` (design.md section 12); a changed email is verified by its link. */
    emailVerified: boolean('email_verified').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    plan: text('plan', { enum: PLAN_IDS }).notNull().default('free'),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES })
      .notNull()
      .default('inactive'),
    hasDiscount: boolean('has_discount').notNull().default(false),
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
    subscriptionSyncedAt: timestamp('subscription_synced_at', { withTimezone: true }),
    // Set while a subscription is being created: a second request meanwhile is refused (409), so two
    // clicks cannot make two Stripe subscriptions.
    subscriptionClaimedAt: timestamp('subscription_claimed_at', { withTimezone: true }),
    // Once-per-user offers (design.md section 2).
    hadTrial: boolean('had_trial').notNull().default(false),
    retentionOfferUsed: boolean('retention_offer_used').notNull().default(false),
    /**
     * The user's first subscription (the one with the trial). A referral code may be applied to it
     * while its trial runs; a user who had any other subscription is not a new subscriber.
     */
    firstSubscriptionId: text('first_subscription_id'),
  },
  (t) => [
    // Case-insensitive uniqueness: 'Alice' and 'alice' are one name to a person.
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    uniqueIndex('users_stripe_customer_unique').on(t.stripeCustomerId),
    // The admin dashboard's recent logins and sign-ups per day stay index reads at 100,000 users.
    index('users_last_login_idx').on(t.lastLoginAt),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull().default('admin'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admins_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('admins_email_unique').on(t.email),
  ],
);

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
 * A friend who subscribed with a referrer's code (one row per friend). The spec lists referralCode as
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
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
export type Admin = typeof admins.$inferSelect;
