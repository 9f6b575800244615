import { once } from '@shared/once';

/** A moment as a UK reader writes it, on the UK clock: '14 Mar 2026, 09:30'. */
export const ukDateTime = once(
  () =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }),
);
