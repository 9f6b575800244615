import { z } from 'zod';
import {
  INVITED_ROLES,
  PRACTICE_NAME_MAX,
  PRACTICE_ROLES,
  RETENTION_DAYS,
  SESSION_HOURS_MAX,
  SESSION_HOURS_MIN,
  SUBSCRIPTION_STATUSES,
} from '../constants';
import { isoDate, text, validEmail } from './fields';

// Practices, their members and invitations (docs/architecture.md#practices): the contract of /api/practice*.

/** What the user object says of the person's practice. */
export const practiceMembershipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(PRACTICE_ROLES),
});

export const practiceNameSchema = z.object({
  name: text()
    .trim()
    .min(1, 'Practice name is required')
    .max(PRACTICE_NAME_MAX, `Practice name must be at most ${PRACTICE_NAME_MAX} characters`),
});

const invitedRoleSchema = z.enum(INVITED_ROLES, { error: 'Choose the admin or clinician role' });

export const invitationRequestSchema = z.object({ email: validEmail(), role: invitedRoleSchema });
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

export const memberRoleSchema = z.object({ role: invitedRoleSchema });

export const invitationTokenSchema = z.object({
  token: text().min(1, 'Required').max(200, 'This invitation link is invalid.'),
});

export const transferSchema = z.object({ userId: z.coerce.number().int().positive() });

export const invitationIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const memberParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

const practiceMemberSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(PRACTICE_ROLES),
  joinedAt: isoDate,
});
export type PracticeMember = z.infer<typeof practiceMemberSchema>;

const practiceInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(INVITED_ROLES),
  invitedAt: isoDate,
  expiresAt: isoDate,
});
export type PracticeInvitation = z.infer<typeof practiceInvitationSchema>;

/** A practice's sign-in policy (docs/decisions/092-a-practice-sign-in-policy.md). */
const practicePolicySchema = z.object({
  requireTwoFactor: z.boolean(),
  /** Hours a member's sessions last at most; null: the usual limits (30 days unused, 90 at most). */
  sessionHours: z.number().int().nullable(),
  retentionDays: z.literal(RETENTION_DAYS),
  /** The practice's Microsoft tenant (Entra `tid`), its owner's own (docs/decisions/094-sign-in-with-microsoft.md). */
  microsoftTenant: z.string().nullable(),
  /** Members sign in only with a Microsoft account of `microsoftTenant`. */
  requireMicrosoft: z.boolean(),
});
export type PracticePolicy = z.infer<typeof practicePolicySchema>;

/** PATCH /api/practice/policy's answer: the policy saved, and what saving it ended. */
export const practicePolicyChangeSchema = practicePolicySchema.extend({
  /**
   * Sessions of members ended because the save newly requires Microsoft (docs/decisions/104-requiring-microsoft-ends-other-sessions.md):
   * those not opened with a Microsoft account of the practice's organisation. 0 otherwise.
   */
  sessionsEnded: z.number().int().min(0),
});
export type PracticePolicyChange = z.infer<typeof practicePolicyChangeSchema>;

const SESSION_HOURS_MESSAGE = `Session length must be between ${SESSION_HOURS_MIN} and ${SESSION_HOURS_MAX} hours`;
const WHOLE_HOURS_MESSAGE = `Session length must be a whole number of hours, between ${SESSION_HOURS_MIN} and ${SESSION_HOURS_MAX}`;

/** PATCH /api/practice/policy: any of them, at least one; what is left out stays as it is. */
export const practicePolicyRequestSchema = z
  .object({
    requireTwoFactor: z.boolean({ error: 'Choose whether a second factor is required' }).optional(),
    sessionHours: z
      .number({ error: SESSION_HOURS_MESSAGE })
      .int(WHOLE_HOURS_MESSAGE)
      .min(SESSION_HOURS_MIN, SESSION_HOURS_MESSAGE)
      .max(SESSION_HOURS_MAX, SESSION_HOURS_MESSAGE)
      .nullable()
      .optional(),
    retentionDays: z
      .literal(RETENTION_DAYS, {
        error: `Retention must be ${RETENTION_DAYS.slice(0, -1).join(', ')} or ${RETENTION_DAYS.at(-1)} days`,
      })
      .optional(),
    /** The owner's own Microsoft tenant, or null to forget it (and the requirement with it). */
    microsoftTenant: text().trim().min(1).max(100).nullable().optional(),
    requireMicrosoft: z.boolean({ error: 'Choose whether Microsoft sign-in is required' }).optional(),
  })
  // An empty change is the caller's mistake, said as one (400), not a save of nothing.
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: 'Nothing to change: send at least one setting',
  });
export type PracticePolicyRequest = z.infer<typeof practicePolicyRequestSchema>;

/** One row of the access review (GET /api/practice/members). */
const memberReviewSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(PRACTICE_ROLES),
  joinedAt: isoDate,
  lastSignInAt: isoDate.nullable(),
  lastNoteAppSignInAt: isoDate.nullable(),
  twoFactor: z.boolean(),
  /**
   * The Microsoft account the member signs in with (linked), or null. Its own second factor counts for
   * each sign-in made with it (docs/decisions/094-sign-in-with-microsoft.md), not for the account.
   */
  microsoftAccount: z.string().nullable(),
  /**
   * 'two_factor_required' while the practice requires a second factor this member has not turned on
   * (with a Microsoft account, the note app opens for a sign-in with Microsoft's second factor).
   */
  noteAppBlockedReason: z.enum(['two_factor_required']).nullable(),
  emailVerified: z.boolean(),
  /** Not seen (signed in to ChairNotes or the note app) for `unseenDays` days, or never since joining that long ago. */
  unseen: z.boolean(),
});
export type MemberReview = z.infer<typeof memberReviewSchema>;

export const accessReviewSchema = z.object({
  members: memberReviewSchema.array(),
  unseenDays: z.number().int(),
  generatedAt: isoDate,
  /** The last time an owner or admin marked the review done (from the practice's audit trail); null: never. */
  lastReview: z.object({ at: isoDate, by: z.string() }).nullable(),
});
export type AccessReview = z.infer<typeof accessReviewSchema>;

const acceptanceSchema = z.object({ version: z.string(), acceptedAt: isoDate, acceptedBy: z.string() });

/** GET /api/practice/agreements: the practice terms of now and what the practice accepted. */
export const agreementsSchema = z.object({
  current: z
    .object({
      /** The SHA-256 of the terms' text, in hex: a changed text is a new version. */
      version: z.string(),
      /** The terms, as the operator wrote them (Markdown). */
      text: z.string(),
    })
    /** Null: the operator wrote none (content/practice-terms.md), so there is nothing to accept. */
    .nullable(),
  /** The practice accepted the current version: who, when. Null: it must be accepted (again). */
  accepted: acceptanceSchema.nullable(),
  /** Every acceptance, the latest first. */
  history: acceptanceSchema.array(),
});
export type Agreements = z.infer<typeof agreementsSchema>;

/** POST /api/practice/seat-request: 'Need more seats?', to the admins (a support request of the Practice plan). */
export const seatRequestSchema = z.object({
  // As typed in the form, or sent as a number (an empty field reads as 0: 'At least 2 seats').
  seats: z.coerce
    .number({ error: 'Enter how many seats in all' })
    .int('Enter a whole number')
    .min(2, 'At least 2 seats')
    .max(200, 'For more than 200 seats, please write to us'),
  message: text().trim().max(1000, 'At most 1,000 characters').optional().default(''),
});
export type SeatRequest = z.input<typeof seatRequestSchema>;

export const acceptAgreementSchema = z.object({
  version: text().min(1, 'Required').max(100, 'This is not a version of the terms'),
});

/** GET /api/practice: everything the /practice page shows. Invitations are listed to the owner and admins only. */
export const practiceOverviewSchema = z.object({
  practice: z.object({ id: z.number().int(), name: z.string(), createdAt: isoDate }),
  role: z.enum(PRACTICE_ROLES),
  members: practiceMemberSchema.array(),
  invitations: practiceInvitationSchema.array(),
  seats: z.object({ used: z.number().int(), total: z.number().int() }),
  /** The practice's subscription (the owner's): whether it gives its members the note app now. */
  subscription: z.object({ status: z.enum(SUBSCRIPTION_STATUSES), noteAppAccess: z.boolean() }),
  /** The sign-in policy every member is held to. */
  policy: practicePolicySchema,
});
export type PracticeOverview = z.infer<typeof practiceOverviewSchema>;

/** POST /api/practice/invitations/peek: what the join page shows before the person joins. */
export const invitationPreviewSchema = z.object({
  /** Lets the page tell a person already in this practice so, before they press Join. */
  practiceId: z.number().int(),
  practiceName: z.string(),
  /** The invited address masked ('vi…@example.com', shared/mask-email.ts): whoever holds a link may not be its owner. */
  email: z.string(),
  /** The person asking is signed in with the invited address: the page may offer Join. */
  forYou: z.boolean(),
  role: z.enum(INVITED_ROLES),
  invitedBy: z.string(),
  expiresAt: isoDate,
  /**
   * Whether the invitation may be accepted by signing in with Microsoft (the practice has its Microsoft
   * organisation: docs/decisions/094-sign-in-with-microsoft.md): 'required' when its members must sign in so.
   */
  microsoft: z.enum(['none', 'offered', 'required']),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/practice/join: the practice joined; `ownSubscription`: they also pay for a plan of their own. */
export const joinResponseSchema = practiceOverviewSchema.extend({ ownSubscription: z.boolean() });
export type JoinResponse = z.infer<typeof joinResponseSchema>;
