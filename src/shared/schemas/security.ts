import { z } from 'zod';

/**
 * What the Security tab shows of an account's history (docs/architecture.md#safety), in the words a person reads.
 * The keys are stored in security_events.type; a new kind of event is added here, and only here.
 */
export const SECURITY_EVENT_LABELS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in attempt',
  sign_out: 'Signed out',
  password_changed: 'Password changed',
  password_reset: 'Password reset by email link',
  email_changed: 'Email address changed',
  session_ended: 'A device was signed out',
  sessions_ended: 'All other devices were signed out',
  sessions_ended_by_admin: 'All devices were signed out by ChairNotes support',
  two_factor_enabled: 'Two-factor sign-in turned on',
  two_factor_disabled: 'Two-factor sign-in turned off',
  recovery_codes_regenerated: 'New recovery codes made',
  recovery_code_used: 'Signed in with a recovery code',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  microsoft_linked: 'Microsoft account linked',
  microsoft_unlinked: 'Microsoft account unlinked',
} as const;

export type SecurityEventType = keyof typeof SECURITY_EVENT_LABELS;
export const SECURITY_EVENT_TYPES = Object.keys(SECURITY_EVENT_LABELS) as [
  SecurityEventType,
  ...SecurityEventType[],
];

/** A device signed in to the account. `id` names it for signing it out; it opens nothing. */
const activeSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  lastSeenAt: z.string(),
  createdAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

const securityEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(SECURITY_EVENT_TYPES),
  device: z.string(),
  ip: z.string().nullable(),
  at: z.string(),
});

/** The Security tab's picture of the account: who is signed in, and what happened lately. */
export const securityOverviewSchema = z.object({
  sessions: z.array(activeSessionSchema),
  events: z.array(securityEventSchema),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'Unknown session') });
