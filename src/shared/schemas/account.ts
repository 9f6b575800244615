import { z } from 'zod';
import { CHANGE_PASSWORD_MIN, PASSWORD_MAX, USERNAME_MAX, USERNAME_MIN } from '../constants';
import { email, text } from './fields';

// Profile and password rules of spec section 5 (note the trailing full stops: the spec's wording).
export const profileSchema = z.object({
  username: text()
    .trim()
    .min(USERNAME_MIN, 'Username must be at least 3 characters.')
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters.`),
  email: email('Please enter a valid email address.'),
});
export type ProfileUpdate = z.infer<typeof profileSchema>;

const tooShort = 'Password must be at least 6 characters.';
const tooLong = `Password must be at most ${PASSWORD_MAX} characters.`;
export const changePasswordSchema = z
  .object({
    currentPassword: text().min(CHANGE_PASSWORD_MIN, tooShort).max(PASSWORD_MAX, tooLong),
    newPassword: text().min(CHANGE_PASSWORD_MIN, tooShort).max(PASSWORD_MAX, tooLong),
    confirmPassword: text(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** Deleting the account asks for the password again (a stolen session alone cannot erase an account). */
export const deleteAccountSchema = z.object({
  password: text().min(1, 'Password is required').max(PASSWORD_MAX, tooLong),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;
