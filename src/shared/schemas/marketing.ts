import { z } from 'zod';
import { text, validEmail } from './fields';

export const newsletterSignupSchema = z.object({
  email: validEmail(),
});
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

/** The token of a newsletter mail's unsubscribe link, as the confirmation page sends it back. */
export const newsletterUnsubscribeSchema = z.object({
  token: text().min(1, 'Required').max(200, 'Must be at most 200 characters'),
});
export type NewsletterUnsubscribe = z.infer<typeof newsletterUnsubscribeSchema>;

export const CONTACT_KINDS = ['demo', 'contact'] as const;

export const contactSchema = z.object({
  kind: z.enum(CONTACT_KINDS).default('contact'),
  name: text().trim().min(2, 'Please enter your name').max(100, 'Name must be at most 100 characters'),
  email: validEmail(),
  practice: text().trim().max(120, 'Practice name must be at most 120 characters').optional().default(''),
  message: text()
    .trim()
    .min(10, 'Please write a message of at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactRequest = z.input<typeof contactSchema>;
/** A contact message as the server keeps it (defaults filled in). */
export type ContactMessage = z.output<typeof contactSchema>;
