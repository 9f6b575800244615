import { SiteLink } from '@client/components/layout/site-link';
import { Button } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { configQueryOptions, useNoteAppHref } from '@client/lib/config';
import { useCurrentUser } from '@client/lib/session';
import { useHydrated } from '@client/lib/use-hydrated';
import { cn } from '@client/lib/utils';
import { PRODUCT_NAME } from '@shared/brand';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A call to action of the landing page (the hero's, the closing one's). For a person the note app admits
 * it is 'Open ChairNotes' and 'Your account', never a trial they already have (issue 44); for anyone else,
 * the offer it was built with (`children`, the page's own HTML). An island with `client:session`: it runs
 * only for a signed-in visitor, and keeps the offer's place, unseen, while it learns who they are.
 */
export function HomeActions({ children, tone }: { children?: ReactNode; tone: 'light' | 'dark' }) {
  const hydrated = useHydrated();
  const { user, isLoading } = useCurrentUser();
  const config = useQuery(configQueryOptions());
  const noteAppHref = useNoteAppHref(user);
  // The built page (and the first render that takes it over) shows the offer; once running, it is kept
  // unseen until the session says whether it stays.
  const deciding = hydrated && (isLoading || (user !== null && config.isPending));
  if (deciding || !user || !noteAppHref)
    return <div className={cn('contents', deciding && '[&>*]:invisible')}>{children}</div>;
  return (
    <>
      <Button asChild size="lg" variant={tone === 'dark' ? 'secondary' : 'default'}>
        <a href={noteAppHref}>Open {PRODUCT_NAME}</a>
      </Button>
      <Button asChild size="lg" variant={tone === 'dark' ? 'inverse' : 'outline'}>
        <SiteLink to={paths.account.getHref()} markCurrent={false}>
          Your account
        </SiteLink>
      </Button>
    </>
  );
}
