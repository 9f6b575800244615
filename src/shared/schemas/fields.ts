import { z } from 'zod';
import { EMAIL_MAX } from '../constants';

/**
 * A required text field: a missing value reads 'Required' (spec section 5), a non-string names the type.
 * A NUL character is refused here, once for every field: PostgreSQL cannot store one in text.
 */
export const text = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be text') })
    .refine((value) => !value.includes('\u0000'), 'Must not contain a NUL character');

/** Emails are compared case-insensitively, so they are trimmed and lower-cased once, here. */
export const email = (message: string) =>
  text()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .pipe(z.email(message));

export const messageSchema = z.object({ message: z.string() });
