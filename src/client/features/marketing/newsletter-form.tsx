import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api';
import { useHydrated } from '@client/lib/use-hydrated';
import { type FormEvent, useState } from 'react';
import { subscribeToNewsletter } from './api/subscribe-to-newsletter';

// The validation (zod) loads when the visitor focuses the field or sends, never with the page: every
// page has this form in its footer, and the landing page's script budget has no room for zod.
const loadSchemas = () => import('@shared/schemas/marketing');

/** The message for an address, or null when it is valid. */
async function invalidEmail(email: string): Promise<string | null> {
  const result = (await loadSchemas()).newsletterSignupSchema.safeParse({ email });
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please enter a valid email address');
}

/**
 * The footer's newsletter sign-up (docs/architecture.md#validation). The field is uncontrolled and read from the form
 * on submit: on a marketing page what was typed before the island hydrated is in the field, and is
 * what is sent (docs/decisions/080-marketing-pages-on-astro.md).
 */
export function NewsletterForm() {
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  // Set by a first submit: from then on the field is checked again on every change (docs/architecture.md#validation).
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const input = form.elements.namedItem('email') as HTMLInputElement;
    const email = String(new FormData(form).get('email') ?? '');
    setChecking(true);
    setDone('');
    const invalid = await invalidEmail(email);
    setError(invalid);
    if (invalid) return input.focus();
    setPending(true);
    try {
      setDone((await subscribeToNewsletter({ email })).message);
      form.reset();
      setChecking(false);
    } catch (failure) {
      setError(
        failure instanceof ApiError ? failure.serverMessage : 'Something went wrong. Please try again.',
      );
    }
    setPending(false);
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading" className="text-sm font-semibold text-white">
        Get product news
      </h2>
      <p className="mt-3 text-sm">New features and tips for better notes, now and then.</p>
      <label htmlFor="newsletter-email" className="mt-4 block text-sm font-medium text-slate-200">
        Email address
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          onFocus={() => void loadSchemas()}
          onChange={async (event) => {
            if (checking) setError(await invalidEmail(event.target.value));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : done ? 'newsletter-status' : undefined}
          className="h-10 min-w-0 flex-1 rounded-md border border-slate-600 bg-white px-3 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 aria-invalid:border-red-400 md:text-sm"
        />
        <Button type="submit" disabled={pending || !hydrated}>
          {pending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      {/* Reserved height: a message appears without moving the rest of the footer. */}
      <div className="mt-2 min-h-10 text-sm">
        {error ? (
          <p id="newsletter-error" role="alert" className="font-medium text-red-300">
            {error}
          </p>
        ) : null}
        <p id="newsletter-status" role="status" className="text-emerald-300">
          {done}
        </p>
      </div>
    </form>
  );
}
