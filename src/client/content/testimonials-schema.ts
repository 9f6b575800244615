import { z } from 'zod';
import type { Testimonial } from './testimonials';

/** What content/testimonials.json must hold (content/README.md): checked when the site is built. */
export const testimonialsSchema: z.ZodType<readonly Testimonial[]> = z
  .object({
    quote: z.string().min(1),
    author: z.string().min(1),
    title: z.string(),
    stars: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  })
  .array();
