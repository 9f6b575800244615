import { z } from 'zod';
import { email, text } from './fields';

export const newsletterSignupSchema = z.object({
  email: email('Please enter a valid email address'),
});
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

export const CONTACT_KINDS = ['demo', 'contact'] as const;

export const contactSchema = z.object({
  kind: z.enum(CONTACT_KINDS).default('contact'),
  name: text().trim().min(2, 'Please enter your name').max(100, 'Name must be at most 100 characters'),
  email: email('Please enter a valid email address'),
  practice: text().trim().max(120, 'Practice name must be at most 120 characters').optional().default(''),
  message: text()
    .trim()
    .min(10, 'Please write a message of at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactRequest = z.input<typeof contactSchema>;
