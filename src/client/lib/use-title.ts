import { useEffect } from 'react';
import { fullTitle } from './title';

/** Sets the tab title for a page: 'Sign in · ChairNotes'; no title gives the home page's. */
export function useTitle(title?: string): void {
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
