import { z } from 'zod';
import { text } from './fields';
import { SECURITY_EVENT_LABELS } from './security';

// The audit trails (docs/decisions/090-practice-and-admin-audit-trails.md): a practice's, read by its owner
// and admins, and the admin area's own. The keys are stored in the `action` column; a new kind of event is
// added to its map here, and only here (no migration: the column is text).

/** What happens in a practice, in the words its audit trail shows. */
export const PRACTICE_EVENT_LABELS = {
  practice_created: 'Practice created',
  practice_renamed: 'Practice renamed',
  practice_handed_over: 'Practice handed over',
  invitation_sent: 'Invitation sent',
  invitation_resent: 'Invitation sent again',
  invitation_withdrawn: 'Invitation withdrawn',
  invitation_used: 'Invitation used',
  member_joined: 'Joined the practice',
  member_left: 'Left the practice',
  member_removed: 'Removed from the practice',
  role_changed: 'Role changed',
  policy_changed: 'Sign-in policy changed',
  terms_accepted: 'Practice terms accepted',
  access_reviewed: 'Access review completed',
  seats_requested: 'More seats requested',
  // A member's own account, as their Security tab says it (security-events.ts records both).
  sign_in: SECURITY_EVENT_LABELS.sign_in,
  sign_in_failed: SECURITY_EVENT_LABELS.sign_in_failed,
  recovery_code_used: SECURITY_EVENT_LABELS.recovery_code_used,
  two_factor_enabled: SECURITY_EVENT_LABELS.two_factor_enabled,
  two_factor_disabled: SECURITY_EVENT_LABELS.two_factor_disabled,
  passkey_added: SECURITY_EVENT_LABELS.passkey_added,
  passkey_removed: SECURITY_EVENT_LABELS.passkey_removed,
  note_app_sign_in: 'Signed in to the note app',
} as const;
export type PracticeEventAction = keyof typeof PRACTICE_EVENT_LABELS;

/** The security events a member's practice sees too: sign-ins, failures, second factors on and off. */
export const PRACTICE_SECURITY_EVENTS = [
  'sign_in',
  'sign_in_failed',
  'recovery_code_used',
  'two_factor_enabled',
  'two_factor_disabled',
  'passkey_added',
  'passkey_removed',
] as const satisfies readonly (PracticeEventAction & keyof typeof SECURITY_EVENT_LABELS)[];

/** What an admin does in the admin area: each view of a person's data, each action. */
export const ADMIN_EVENT_LABELS = {
  user_viewed: 'Viewed a person’s account',
  list_viewed: 'Viewed a list',
  list_exported: 'Exported a list as CSV',
  sessions_ended: 'Signed a person out everywhere',
} as const;
export type AdminEventAction = keyof typeof ADMIN_EVENT_LABELS;

/** The lists of the admin area: what a list view or an export names. */
const ADMIN_LISTS = [
  'dashboard',
  'users',
  'subscriptions',
  'subscribers',
  'referrals',
  'practices',
  'admin audit',
] as const;
export type AdminList = (typeof ADMIN_LISTS)[number];

/** How many events a page holds at most, and by default. */
const AUDIT_PAGE_MAX = 200;
const AUDIT_PAGE_DEFAULT = 50;

/** `?before=<id>&limit=`: the events older than `before` (an event's id), newest first. */
export const auditPageQuerySchema = z.object({
  before: z.coerce.number({ error: 'Must be an event id' }).int('Must be an event id').positive().optional(),
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(AUDIT_PAGE_MAX, `Must be at most ${AUDIT_PAGE_MAX}`)
    .default(AUDIT_PAGE_DEFAULT),
});
export type AuditPageQuery = z.infer<typeof auditPageQuerySchema>;

const auditEventFields = {
  id: z.number().int(),
  /** UTC, ISO 8601. */
  at: z.string(),
  action: z.string(),
  /** The action in words. */
  label: z.string(),
  subject: z.string().nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  /** The device in words ('Chrome on Linux'), from the user agent. */
  device: z.string(),
  userAgent: z.string().nullable(),
};

const practiceEventSchema = z.object({ ...auditEventFields, actor: z.string().nullable() });
export type PracticeEvent = z.infer<typeof practiceEventSchema>;

const adminEventSchema = z.object({ ...auditEventFields, admin: z.string() });
export type AdminEvent = z.infer<typeof adminEventSchema>;

/** One page, and the `before` of the next (null on the last). */
export const practiceAuditPageSchema = z.object({
  events: z.array(practiceEventSchema),
  nextBefore: z.number().int().nullable(),
});
export type PracticeAuditPage = z.infer<typeof practiceAuditPageSchema>;

export const adminAuditPageSchema = z.object({
  events: z.array(adminEventSchema),
  nextBefore: z.number().int().nullable(),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

/** How long an admin list's search may be: longer than any field it looks in. */
const ADMIN_SEARCH_MAX = 320;

/** `?q=`: an admin list's CSV file holds the rows this search finds, as the page's search does; all without. */
export const adminExportQuerySchema = z.object({
  q: text().max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`).optional(),
});
