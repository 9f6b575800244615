import { z } from 'zod';
import { INVITED_ROLES, PRACTICE_NAME_MAX, PRACTICE_ROLES, SUBSCRIPTION_STATUSES } from '../constants';
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

/** GET /api/practice: everything the /practice page shows. Invitations are listed to the owner and admins only. */
export const practiceOverviewSchema = z.object({
  practice: z.object({ id: z.number().int(), name: z.string(), createdAt: isoDate }),
  role: z.enum(PRACTICE_ROLES),
  members: practiceMemberSchema.array(),
  invitations: practiceInvitationSchema.array(),
  seats: z.object({ used: z.number().int(), total: z.number().int() }),
  /** The practice's subscription (the owner's): whether it gives its members the note app now. */
  subscription: z.object({ status: z.enum(SUBSCRIPTION_STATUSES), noteAppAccess: z.boolean() }),
});
export type PracticeOverview = z.infer<typeof practiceOverviewSchema>;

/** POST /api/practice/invitations/peek: what the join page shows before the person joins. */
export const invitationPreviewSchema = z.object({
  /** Lets the page tell a person already in this practice so, before they press Join. */
  practiceId: z.number().int(),
  practiceName: z.string(),
  email: z.string(),
  role: z.enum(INVITED_ROLES),
  invitedBy: z.string(),
  expiresAt: isoDate,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/practice/join: the practice joined; `ownSubscription`: they also pay for a plan of their own. */
export const joinResponseSchema = practiceOverviewSchema.extend({ ownSubscription: z.boolean() });
export type JoinResponse = z.infer<typeof joinResponseSchema>;
