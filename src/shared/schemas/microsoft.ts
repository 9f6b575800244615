import { z } from 'zod';
import { LOCAL_PATH } from '../paths';
import { text } from './fields';

// Sign in with Microsoft (docs/architecture.md#microsoft-sign-in): the requests and answers both sides use.

/**
 * 'join': accepting a practice's invitation with Microsoft, registering without a password. 'reauth':
 * 'Confirm it's you' with the linked Microsoft account (the only proof a person without a password has).
 */
const MICROSOFT_INTENTS = ['sign-in', 'link', 'join', 'reauth'] as const;

/** A path of this site to come back to (never another site's: shared/paths.ts says which). */
const localPath = text().max(2000).regex(LOCAL_PATH, 'A path of this site');

/**
 * POST /api/auth/microsoft/start: what the sign-in at Microsoft is for, and where to come back to; for
 * 'join', the invitation's token (from its link), which the sign-in carries sealed to its end.
 */
export const microsoftStartSchema = z.object({
  intent: z.enum(MICROSOFT_INTENTS),
  returnTo: localPath.optional(),
  /** Required with 'join' (the route says so), read only then. */
  invitation: text().min(1).max(200, 'This invitation link is invalid.').optional(),
});

export const microsoftStartResponseSchema = z.object({ url: z.url() });

/** A linked Microsoft account, as its owner sees it. */
export const microsoftAccountSchema = z.object({
  /** What the person signs in to Microsoft with (`preferred_username`, as it was when linked). */
  username: z.string(),
  tenant: z.string(),
  linkedAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type MicrosoftAccount = z.infer<typeof microsoftAccountSchema>;

/** GET /api/user/microsoft: the account's link, if any. */
export const microsoftLinkSchema = z.object({ account: microsoftAccountSchema.nullable() });

/**
 * POST /api/auth/microsoft/sign-in when no ChairNotes account is linked to the Microsoft account: nothing
 * is matched by email; the person may register, or sign in with their password, then link it.
 */
export const microsoftUnlinkedSchema = z.object({
  microsoftUnlinked: z.literal(true),
  username: z.string(),
});

export const MICROSOFT_MESSAGES = {
  noSignIn: 'That Microsoft sign-in took too long or was not finished. Please sign in with Microsoft again.',
  usedAlready: 'That Microsoft sign-in has been used already. Please sign in with Microsoft again.',
  linkedToAnother: 'That Microsoft account is linked to another ChairNotes account.',
  alreadyLinked: 'Your account already has a Microsoft account linked. Unlink it first.',
  lastWay:
    'This Microsoft account is the only way you can sign in. Set a password or add a passkey before unlinking it.',
  notLinked: 'No Microsoft account is linked to your account.',
  notYours:
    'That is not the Microsoft account linked to yours. Confirm with the account you sign in with, or with your password.',
  confirmed: "Confirmed: you won't be asked again for 10 minutes.",
  confirmWithMicrosoft: (practiceName: string) =>
    `${practiceName} signs its team in with Microsoft: choose 'Confirm with Microsoft' and use your work account.`,
} as const;
