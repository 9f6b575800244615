import { PageContainer } from '@client/components/layout/page-container';
import { SiteLink } from '@client/components/layout/site-link';
import { Button, buttonVariants } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { ApiError, describeFailure } from '@client/lib/api';
import { useNavigation } from '@client/lib/navigation';
import { useTitle } from '@client/lib/use-title';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { CircleAlert, CircleCheck, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useUnsubscribeFromNewsletter } from './api/unsubscribe-from-newsletter';

const TEXT = {
  ask: {
    title: `Unsubscribe from ${PRODUCT_NAME} news?`,
    body: `You will stop receiving ${PRODUCT_NAME} news at this address. Nothing else about your account changes.`,
  },
  done: {
    title: 'You have been unsubscribed',
    body: `You will not receive ${PRODUCT_NAME} news any more. Changed your mind? You can sign up again at the foot of any page.`,
  },
  invalid: { title: 'This unsubscribe link is not valid', body: '' },
} as const;

/**
 * Where the unsubscribe link in a newsletter mail lands. Opening it changes nothing (a mail scanner
 * may open links); the button posts the link's token, and the page says what came of it.
 */
export function NewsletterUnsubscribePage() {
  const { search } = useNavigation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const unsubscribe = useUnsubscribeFromNewsletter();
  const invalid = !token || (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404);
  const state = invalid ? 'invalid' : unsubscribe.isSuccess ? 'done' : 'ask';
  const { title, body } = TEXT[state];
  useTitle(title);

  // The outcome replaces the question: move focus to it, so a screen reader says it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state !== 'ask') heading.current?.focus();
  }, [state]);

  const Icon = state === 'invalid' ? CircleAlert : state === 'done' ? CircleCheck : MailX;
  const failed = unsubscribe.error && !invalid ? describeFailure(unsubscribe.error) : null;
  return (
    <PageContainer width="narrow" spacing="spacious" className="flex flex-col items-center text-center">
      <Icon
        aria-hidden="true"
        className={state === 'invalid' ? 'size-12 text-amber-600' : 'size-12 text-emerald-600'}
      />
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-6 text-3xl font-bold tracking-tight text-slate-900 focus:outline-none"
      >
        {title}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">
        {state === 'invalid' ? (
          <>
            The link is invalid or has already been used. If you still receive {PRODUCT_NAME} news, use the
            link in the latest email, or write to{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="rounded-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {SUPPORT_EMAIL}
            </a>{' '}
            and we will take you off the list.
          </>
        ) : (
          body
        )}
      </p>
      {failed && (
        <p role="alert" className="mt-4 text-base text-red-700">
          Could not unsubscribe: {failed}
        </p>
      )}
      {state === 'ask' ? (
        <Button
          className="mt-8"
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate({ token })}
        >
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
      ) : (
        <SiteLink
          markCurrent={false}
          to={paths.home.getHref()}
          className={buttonVariants({ className: 'mt-8' })}
        >
          Go to the home page
        </SiteLink>
      )}
    </PageContainer>
  );
}
