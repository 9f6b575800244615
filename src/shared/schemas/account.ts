import { z } from 'zod';
import { enteredPassword, newPassword, newUsername, text, validEmail } from './fields';

// Profile and password rules of spec section 5 (note the trailing full stops: the spec's wording).
export const profileSchema = z.object({ username: newUsername('.'), email: validEmail('.') });
export type ProfileUpdate = z.infer<typeof profileSchema>;

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
export const deleteAccountSchema = z.object({
  password: enteredPassword('.'),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;
