import { PageContainer } from '@client/components/layout/page-container';
import { SiteLink } from '@client/components/layout/site-link';
import { buttonVariants } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { useTitle } from '@client/lib/use-title';

const WAYS_ON = [
  { label: 'Go back home', href: paths.home.getHref() },
  { label: 'See pricing', href: paths.pricing.getHref() },
  { label: 'Your account', href: paths.account.getHref() },
];

/** An address that is no page: said in a person's words, with the ways on. */
export function NotFoundPage() {
  useTitle('Page not found');
  return (
    <PageContainer width="narrow" spacing="spacious" className="flex flex-col items-center text-center">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">
        We could not find a page at this address. It may have moved, or the link may be mistyped.
      </p>
      <nav aria-label="Ways on" className="mt-8 flex flex-wrap justify-center gap-3">
        {WAYS_ON.map(({ label, href }, i) => (
          <SiteLink
            key={href}
            markCurrent={false}
            to={href}
            className={buttonVariants({ variant: i === 0 ? 'default' : 'outline' })}
          >
            {label}
          </SiteLink>
        ))}
      </nav>
    </PageContainer>
  );
}
