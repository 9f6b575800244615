import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants';

/**
 * A required text field: a missing value reads 'Required' (docs/architecture.md#validation), a non-string names the type.
 * A NUL character is refused here, once for every field: PostgreSQL cannot store one in text.
 */
export const text = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be text') })
    .refine((value) => !value.includes('\u0000'), 'Must not contain a NUL character');

/** Emails are compared case-insensitively, so they are trimmed and lower-cased once, here. */
const email = (message: string) =>
  text()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .pipe(z.email(message));

/**
 * The product's field messages (docs/architecture.md#validation) end with a full stop on the account page (profile, password change) and
 * without one elsewhere: the same rule, two punctuations.
 */
type End = '' | '.';

export const validEmail = (end: End = '') => email(`Please enter a valid email address${end}`);

const usernameText = (end: End) =>
  text().trim().max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters${end}`);

/** A username being chosen. */
export const newUsername = (end: End = '') =>
  usernameText(end).min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters${end}`);

/**
 * What is typed to sign in: a username or an email (docs/decisions/003-sign-in-by-email.md), so its
 * cap is an email's, not a username's; the account it names is found by db/login-match.ts.
 */
export const enteredLogin = () =>
  text()
    .trim()
    .min(1, 'Username is required')
    .max(EMAIL_MAX, `Username or email must be at most ${EMAIL_MAX} characters`);

/** Any password as typed, with only the length cap. */
export const passwordText = (end: End = '') =>
  text().max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters${end}`);

/**
 * A password being chosen. Common passwords are refused by the server only (auth/common-passwords.ts):
 * their list is too big to send to the browser.
 */
export const newPassword = (end: End = '') =>
  passwordText(end).min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters${end}`);

/** A password typed to prove who one is: whatever length it was chosen with. */
/** docs/architecture.md#validation: a password field left empty. */
export const PASSWORD_REQUIRED = 'Password is required';
export const enteredPassword = (end: End = '') => passwordText(end).min(1, PASSWORD_REQUIRED);

/** A moment as the API writes it (ISO 8601 with its offset). */
export const isoDate = z.iso.datetime({ offset: true });

export const messageSchema = z.object({ message: z.string() });
