import { paths } from '@client/config/paths';
import { cn } from '@client/lib/utils';
import { PRODUCT_NAME } from '@shared/brand';
import { SiteLink } from './site-link';

export function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-8">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path
        d="M9 12c0-3 3-5 7-5s7 2 7 5c0 4-2 6-2 11 0 2-1 3-2 3s-1.5-2-2-5c-.3-1.5-.6-2-1-2s-.7.5-1 2c-.5 3-1 5-2 5s-2-1-2-3c0-5-2-7-2-11z"
        fill="#fff"
      />
    </svg>
  );
}

/** The product's name and mark, linking home. */
export function Brand() {
  return (
    <SiteLink
      to={paths.home.getHref()}
      markCurrent={false}
      className={cn(
        'flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2',
      )}
    >
      <LogoMark />
      {PRODUCT_NAME}
    </SiteLink>
  );
}
