// The product's name and public contact points live here alone, so a rename is one edit.
export const PRODUCT_NAME = 'ChairNotes';
export const SUPPORT_EMAIL = 'hello@chairnotes.co.uk';
export const LEGAL_LINKS = {
  privacy: 'https://chairnotes.co.uk/privacy-policy',
  terms: 'https://chairnotes.co.uk/terms-of-service',
  cookies: 'https://chairnotes.co.uk/cookie-policy',
} as const;
/**
 * The version of the terms of service and privacy policy (LEGAL_LINKS) a person agrees to when they register:
 * the day the texts last changed. Recorded on their account with the time they agreed
 * (docs/decisions/106-the-terms-agreed-at-registration.md): a new text is a new date here.
 */
export const TERMS_VERSION = '2026-12-07';
