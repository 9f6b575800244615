import { PageContainer } from '@client/components/layout/page-container';
import { SiteLink } from '@client/components/layout/site-link';
import { buttonVariants } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { useTitle } from '@client/lib/use-title';

export function NotFoundPage() {
  useTitle('Page not found');
  return (
    <PageContainer width="narrow" spacing="spacious" className="flex flex-col items-center text-center">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">Did you forget to add the page to the router?</p>
      <SiteLink
        markCurrent={false}
        to={paths.home.getHref()}
        className={buttonVariants({ className: 'mt-8' })}
      >
        Go back home
      </SiteLink>
    </PageContainer>
  );
}
