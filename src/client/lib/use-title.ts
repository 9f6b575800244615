import { PRODUCT_NAME } from '@shared/brand';
import { useEffect } from 'react';

export const DEFAULT_TITLE = `${PRODUCT_NAME}: AI clinical notes for dentists`;

/** Sets the tab title for a page: 'Sign in · ChairNotes'; no title gives the home page's. */
export function useTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : DEFAULT_TITLE;
  }, [title]);
}
