import { suppliedContent } from '@shared/operator-content';

/**
 * The landing page's testimonials: real, attributable quotes the operator supplies, with each person's
 * permission, in content/testimonials.json (docs/decisions/103-operator-content-shown-only-when-supplied.md).
 * Read when the site is built; content/samples/testimonials.json stands in only with SAMPLE_CONTENT=true.
 * Five show best: the first two in a row of two, the rest in a row of three. Quotes over 160 characters
 * are shortened with a 'Read more' toggle. src/site/pages/index.astro checks the file's shape at build
 * (testimonials-schema.ts), so this module, in the testimonials' island, carries no checker.
 */
export type Testimonial = {
  quote: string;
  author: string;
  title: string;
  stars: 1 | 2 | 3 | 4 | 5;
};

const first = (modules: Record<string, unknown>) => Object.values(modules)[0];

// The sample behind the setting's test itself, so that a build without it leaves the sample out.
const samples = import.meta.env.SAMPLE_CONTENT;
export const TESTIMONIALS = (suppliedContent(
  first(import.meta.glob('/content/testimonials.json', { eager: true, import: 'default' })),
  samples
    ? first(import.meta.glob('/content/samples/testimonials.json', { eager: true, import: 'default' }))
    : undefined,
  samples,
) ?? []) as readonly Testimonial[];
