import { PageContainer } from '@client/components/layout/page-container';
import { SiteLink } from '@client/components/layout/site-link';
import { buttonVariants } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { useNavigation } from '@client/lib/navigation';
import { useTitle } from '@client/lib/use-title';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { CircleAlert, CircleCheck } from 'lucide-react';

/**
 * Where the unsubscribe link in a newsletter mail lands (GET /api/newsletter/unsubscribe redirects
 * here); '?invalid=1' means the link was not valid or had been used already.
 */
export function NewsletterUnsubscribedPage() {
  const { search } = useNavigation();
  const invalid = new URLSearchParams(search).get('invalid') === '1';
  useTitle(invalid ? 'Unsubscribe link not valid' : 'Unsubscribed');
  const Icon = invalid ? CircleAlert : CircleCheck;
  return (
    <PageContainer width="narrow" spacing="spacious" className="flex flex-col items-center text-center">
      <Icon aria-hidden="true" className={invalid ? 'size-12 text-amber-600' : 'size-12 text-emerald-600'} />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
        {invalid ? 'This unsubscribe link is not valid' : 'You have been unsubscribed'}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">
        {invalid ? (
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
          <>
            You will not receive {PRODUCT_NAME} news any more. Changed your mind? You can sign up again at the
            foot of any page.
          </>
        )}
      </p>
      <SiteLink
        markCurrent={false}
        to={paths.home.getHref()}
        className={buttonVariants({ className: 'mt-8' })}
      >
        Go to the home page
      </SiteLink>
    </PageContainer>
  );
}
