import { TestimonialGrid } from '@client/features/marketing/testimonials';
import { island } from './island';

/** TestimonialGrid as an island: a file of its own, so that hydrating it loads only its own code. */
export const TestimonialsIsland = island(TestimonialGrid);
