import { z } from 'zod';
import { publicUserSchema } from './auth';
import { enteredPassword, newPassword, newUsername, passwordText, text, validEmail } from './fields';

// Profile and password rules of docs/architecture.md#validation (note the trailing full stops: the product's wording).
// The current password is asked for only when the email changes (docs/architecture.md#identity).
export const profileSchema = z.object({
  username: newUsername('.'),
  email: validEmail('.'),
  currentPassword: passwordText('.').optional(),
});
export type ProfileUpdate = z.infer<typeof profileSchema>;

export const CURRENT_PASSWORD_FOR_EMAIL = 'Current password is required to change your email';

/**
 * The Profile tab's form: it asks for the current password only when the email differs from
 * `currentEmail`, and never of a person without one (they confirm with Microsoft when asked).
 */
export const profileFormSchema = (currentEmail: string, hasPassword = true) =>
  profileSchema.refine((v) => !hasPassword || v.email === currentEmail || Boolean(v.currentPassword), {
    message: CURRENT_PASSWORD_FOR_EMAIL,
    path: ['currentPassword'],
  });

/** What the Profile tab is answered: the user, and what happens next when the email is to change. */
export const profileUpdateResponseSchema = publicUserSchema.extend({ message: z.string().optional() });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/** A verification or email-change link, opened. */
export const emailTokenSchema = z.object({
  token: text().min(1, 'Required').max(200, 'This link is invalid or has expired.'),
});

export const changePasswordSchema = z
  .object({
    // Whatever length it was chosen with: passwords changed before the minimum rose to 8 may be shorter.
    currentPassword: enteredPassword('.'),
    newPassword: newPassword('.'),
    confirmPassword: text(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** Deleting the account asks for the password again (a stolen session alone cannot erase an account). */
/**
 * DELETE /api/user: the password confirms it, for an account that has one; one without (made with
 * Microsoft) sends none and confirms it is them with Microsoft instead.
 */
export const deleteAccountSchema = z.object({
  password: enteredPassword('.').optional(),
});

/** The danger zone's form, for a person with a password. */
export const deleteAccountFormSchema = deleteAccountSchema.required();
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;
