import { z } from 'zod';
import { isoDate, text } from './fields';

const PASSKEY_NAME_MAX = 60;

/** What the person calls a passkey ('MacBook', 'Phone'), so the list tells them apart. */
const passkeyNameSchema = text()
  .trim()
  .min(1, 'Please give the passkey a name')
  .max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters`);

export const passkeyNameFormSchema = z.object({ name: passkeyNameSchema });
export type PasskeyNameForm = z.infer<typeof passkeyNameFormSchema>;

/** A passkey as the Security tab lists it: never its key or credential id. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * A passkey just added; with the account's new recovery codes, shown once, when it held none (its first
 * second factor, or its codes used up).
 */
export const passkeyAddedSchema = passkeySchema.extend({ recoveryCodes: z.array(z.string()).optional() });
export type PasskeyAdded = z.infer<typeof passkeyAddedSchema>;

export const passkeyIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Unknown passkey' })
    .int('Unknown passkey')
    .positive('Unknown passkey')
    .max(2_147_483_647, 'Unknown passkey'),
});

// What the browser hands back from navigator.credentials (SimpleWebAuthn's RegistrationResponseJSON and
// AuthenticationResponseJSON), checked only for shape and size here: @simplewebauthn/server verifies it.
const base64url = (max: number) =>
  text()
    .max(max, 'Too long')
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');
/** A few KB is room for an attestation with its certificates; the body limit caps the rest. */
const BLOB_MAX = 16_384;
const credentialBase = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // Extensions are not asked for, so none of their outputs is read; a browser may still report some.
  clientExtensionResults: z.looseObject({}).optional().default({}),
};

const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(BLOB_MAX),
    attestationObject: base64url(BLOB_MAX),
    authenticatorData: base64url(BLOB_MAX).optional(),
    transports: z.array(text().max(32, 'Too long')).max(10, 'Too many').optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(BLOB_MAX).optional(),
  }),
});

const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(BLOB_MAX),
    authenticatorData: base64url(BLOB_MAX),
    signature: base64url(BLOB_MAX),
    userHandle: base64url(1024).optional(),
  }),
});

export const passkeyRegistrationSchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});

export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });
