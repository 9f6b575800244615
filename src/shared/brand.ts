// The product's name and public contact points live here alone, so a rename is one edit.
export const PRODUCT_NAME = 'ChairNotes';
export const SUPPORT_EMAIL = 'hello@chairnotes.co.uk';
export const LEGAL_LINKS = {
  privacy: 'https://chairnotes.co.uk/privacy-policy',
  terms: 'https://chairnotes.co.uk/terms-of-service',
  cookies: 'https://chairnotes.co.uk/cookie-policy',
} as const;
