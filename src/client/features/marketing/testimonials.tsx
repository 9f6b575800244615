import { TESTIMONIALS, type Testimonial } from '@client/content/testimonials';
import { useHydrated } from '@client/lib/use-hydrated';
import { cn } from '@client/lib/utils';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';

/** docs/architecture.md#constants: longer quotes are shortened until expanded. */
const QUOTE_LIMIT = 160;

/** The quote cut to at most `limit` characters at a word boundary, with an ellipsis. */
function shortenQuote(quote: string, limit = QUOTE_LIMIT): string {
  if (quote.length <= limit) return quote;
  const cut = quote.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,.;:!?-]+$/, '')}…`;
}

function Stars({ count }: { count: number }) {
  return (
    <p role="img" aria-label={`Rated ${count} out of 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn('size-5', n <= count ? 'fill-amber-400 text-amber-500' : 'fill-none text-slate-300')}
        />
      ))}
    </p>
  );
}

function TestimonialCard({ testimonial, className }: { testimonial: Testimonial; className: string }) {
  const [expanded, setExpanded] = useState(false);
  // The grid is an island hydrated as it nears the screen: a press before then would be lost, so the
  // button waits, as the marketing forms' buttons do (docs/decisions/080-marketing-pages-on-astro.md).
  const hydrated = useHydrated();
  const quoteId = useId();
  const long = testimonial.quote.length > QUOTE_LIMIT;
  return (
    <li className={cn('reveal-item', className)}>
      <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm">
        <Stars count={testimonial.stars} />
        <blockquote id={quoteId} className="mt-4 flex-1 text-slate-700">
          <p>“{expanded || !long ? testimonial.quote : shortenQuote(testimonial.quote)}”</p>
        </blockquote>
        {long ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={quoteId}
            disabled={!hydrated}
            onClick={() => setExpanded((value) => !value)}
            className="mt-2 self-start rounded-sm text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          >
            {expanded ? 'Show less' : 'Read more'}
          </button>
        ) : null}
        <figcaption className="mt-6 border-t border-slate-100 pt-4">
          <span className="block font-semibold text-slate-900">{testimonial.author}</span>
          <span className="block text-sm text-slate-600">{testimonial.title}</span>
        </figcaption>
      </figure>
    </li>
  );
}

/** Five testimonials: the first two in a row of two, the other three in a row of three (desktop). */
export function TestimonialGrid() {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-6">
      {TESTIMONIALS.map((testimonial, index) => (
        <TestimonialCard
          key={testimonial.author}
          testimonial={testimonial}
          className={cn(
            index < 2 ? 'lg:col-span-3' : 'lg:col-span-2',
            index === 1 && 'delay-100',
            index === 3 && 'delay-100',
            index === 4 && 'delay-200 md:col-span-2',
          )}
        />
      ))}
    </ul>
  );
}
