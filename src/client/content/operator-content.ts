import { suppliedContent } from '@shared/operator-content';

/**
 * Whether the site was built with testimonials (src/client/content/testimonials.ts), for the header's
 * link and the landing page's section. The glob is not eager: the header's script learns that the file
 * is there without carrying the quotes.
 */
export const HAS_TESTIMONIALS =
  suppliedContent(
    Object.keys(import.meta.glob('/content/testimonials.json'))[0],
    Object.keys(import.meta.glob('/content/samples/testimonials.json'))[0],
    import.meta.env.SAMPLE_CONTENT,
  ) !== undefined;
