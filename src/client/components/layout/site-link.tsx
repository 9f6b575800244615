import { isModifiedClick } from '@client/lib/clicks';
import { type LinkProps, useNavigation } from '@client/lib/navigation';
import { scrollToAnchor } from '@client/lib/scroll';
import { forwardRef, type MouseEvent } from 'react';

type SiteLinkProps = LinkProps & {
  /** Set aria-current="page" when the link's page is the current one (not wanted on the logo). */
  markCurrent?: boolean;
};

/**
 * A router link that scrolls smoothly instead of navigating when its target is on the current page
 * ('/#features' while on '/'). Links to another page navigate; the layout scrolls once it renders.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, SiteLinkProps>(function SiteLink(
  { to, onClick, markCurrent = true, ...props },
  ref,
) {
  const { pathname, Link } = useNavigation();
  const [path = '/', id] = to.split('#');

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || isModifiedClick(event) || path !== pathname) return;
    if (id) {
      if (scrollToAnchor(id)) event.preventDefault();
      return;
    }
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Link
      ref={ref}
      to={to}
      onClick={handleClick}
      aria-current={markCurrent && !id && path === pathname ? 'page' : undefined}
      {...props}
    />
  );
});
