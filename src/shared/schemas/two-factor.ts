import { z } from 'zod';
import { enteredPassword, text } from './fields';

// Second factors and re-authentication (docs/architecture.md#identity): the requests and answers both sides use.

/** A 6-digit authenticator code or a recovery code (XXXXX-XXXXX), as typed. */
const codeField = () => text().trim().min(1, 'Enter the code').max(32, 'That code is too long');

export const codeSchema = z.object({ code: codeField() });

export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The secret as text and as the otpauth:// URI, and that URI as a PNG data URL to show as a QR code. */
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string(), qrDataUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;

/** POST /api/login's answer when the password was right and a second factor is needed: no session yet. */
export const twoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/**
 * The second factors an account still has (the authenticator app on or off, the passkeys by name): told
 * after a password reset, so the person can remove one they do not recognise.
 */
const remainingSecondFactorsSchema = z.object({ totp: z.boolean(), passkeys: z.array(z.string()) });
export type RemainingSecondFactors = z.infer<typeof remainingSecondFactorsSchema>;

/** POST /api/password-reset/confirm's answer. */
export const passwordResetDoneSchema = z.object({
  message: z.string(),
  secondFactors: remainingSecondFactorsSchema,
});

/** POST /api/user/reauth: the password, or a second-factor code. */
export const reauthSchema = z.object({
  password: enteredPassword().optional(),
  code: codeField().optional(),
});

export const TWO_FACTOR_MESSAGES = {
  alreadyOn: 'Two-factor sign-in is already on.',
  wrongSetupCode: 'That code is not right. Check the time on your phone and try again.',
  noPendingSetup: 'Start again: set up two-factor sign-in first.',
  off: 'Two-factor sign-in is off.',
  appOffPasskeysRemain:
    'The authenticator app is off. Two-factor sign-in stays on with your passkeys and recovery codes.',
  notOn: 'Two-factor sign-in is not on.',
  wrongSignInCode: 'That code is not right.',
  signInTimedOut: 'Your sign-in timed out. Please sign in again.',
  reauthDone: 'Thank you. You can carry on.',
  reauthWrong: 'That is not right. Please try again.',
  reauthEmpty: 'Enter your password or a code.',
} as const;
