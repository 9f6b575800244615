import { Button } from '@client/components/ui/button';
import { EmailField, FieldError, TextAreaField, TextField } from '@client/components/ui/form-field';
import { useHydrated } from '@client/lib/use-hydrated';
import { useZodForm } from '@client/lib/use-zod-form';
import { cn } from '@client/lib/utils';
import { CONTACT_KINDS, contactSchema } from '@shared/schemas/marketing';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSendContactMessage } from './api/send-contact-message';

type ContactKind = (typeof CONTACT_KINDS)[number];

const KIND_LABELS: Record<ContactKind, string> = {
  demo: 'Request a demo',
  contact: 'General question',
};

function Confirmation({ message, onReset }: { message: string; onReset: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in has gone: move them to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="status"
      className="grid justify-items-start gap-3 rounded-xl bg-emerald-50 p-6 text-emerald-950"
    >
      <CircleCheck aria-hidden="true" className="size-8 text-emerald-700" />
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        Message sent
      </h2>
      <p>{message}</p>
      <Button variant="outline" onClick={onReset} className="mt-2">
        Send another message
      </Button>
    </div>
  );
}

/**
 * Demo requests and questions: POST /api/contact, mailed to the sales team. On /contact it is an island
 * that hydrates when the reader first reaches into it (docs/decisions/080-marketing-pages-on-astro.md), so
 * the form has no default values: react-hook-form then takes each field's value from the page as it finds it
 * (what was typed before hydration, and the subject the page's script chose from '?kind=demo'), where a
 * default would overwrite it.
 */
export function ContactForm() {
  const hydrated = useHydrated();
  const { register, handleSubmit, reset, field, formState } = useZodForm(contactSchema, {});

  const send = useSendContactMessage();

  if (send.isSuccess) {
    return (
      <Confirmation
        message={send.data.message}
        onReset={() => {
          reset();
          send.reset();
        }}
      />
    );
  }

  const kindError = formState.errors.kind?.message;
  return (
    <form noValidate onSubmit={handleSubmit((values) => send.mutate(values))} className="grid gap-5">
      <fieldset aria-describedby={kindError ? 'contact-kind-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">How can we help?</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {CONTACT_KINDS.map((kind) => (
            <label
              key={kind}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-sm font-medium text-slate-900',
                'has-checked:border-indigo-600 has-checked:bg-indigo-50 has-checked:ring-1 has-checked:ring-indigo-600',
                'has-focus-visible:ring-2 has-focus-visible:ring-indigo-500',
              )}
            >
              {/* A general question unless the page's script chose the demo (src/site/pages/contact.astro). */}
              <input
                type="radio"
                value={kind}
                defaultChecked={kind === 'contact'}
                className="size-4 accent-indigo-600"
                {...register('kind')}
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
        </div>
        <FieldError id="contact-kind-error" message={kindError} />
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <EmailField {...field('email')} />
      </div>
      <TextField label="Practice (optional)" autoComplete="organization" {...field('practice')} />
      <TextAreaField
        label="Message"
        rows={6}
        hint="For a demo, tell us a little about your practice and when suits you."
        {...field('message')}
      />
      <Button type="submit" size="lg" className="justify-self-start" disabled={send.isPending || !hydrated}>
        {send.isPending ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
