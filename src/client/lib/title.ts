import { PRODUCT_NAME } from '@shared/brand';

const DEFAULT_TITLE = `${PRODUCT_NAME}: AI clinical notes for dentists`;

/** 'Pricing · ChairNotes'; no title gives the home page's. */
export function fullTitle(title?: string): string {
  return title ? `${title} · ${PRODUCT_NAME}` : DEFAULT_TITLE;
}
