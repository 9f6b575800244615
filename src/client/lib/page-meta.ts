import { paths } from '@client/config/paths';
import { PRODUCT_NAME } from '@shared/brand';

// In a module of their own: every page sets its title (./title.ts), and only the build needs the descriptions.

type PageMeta = { title?: string; description: string };

/**
 * Titles and descriptions of the prerendered marketing pages: the build writes them into each page's
 * HTML (for search engines and link previews) and the pages set the same title when the app shows them.
 */
export const MARKETING_META = {
  [paths.home.path]: {
    description: `${PRODUCT_NAME} writes dental clinical notes from appointment audio: no typing, no dictation. Designed by dentists. 14-day free trial, cancel anytime.`,
  },
  [paths.pricing.path]: {
    title: 'Pricing',
    description: `${PRODUCT_NAME} plans for dentists and practices: Lite (free), Plus and Practice, each paid plan with a 14-day free trial. Cancel anytime.`,
  },
  [paths.referralProgram.path]: {
    title: 'Referral programme',
    description: `Refer a colleague to ${PRODUCT_NAME} and you both get a month free, up to 12 free months in any 12 months.`,
  },
  [paths.auth.path]: {
    title: 'Sign in',
    description: `Sign in to ${PRODUCT_NAME}, or create an account and start your 14-day free trial.`,
  },
  [paths.security.path]: {
    title: 'Security',
    description: `How ${PRODUCT_NAME} protects your account and your practice: second factors and passkeys, sessions, encryption, where your data is kept, and how to report a vulnerability.`,
  },
  [paths.contact.path]: {
    title: 'Contact us',
    description: `Request a demo of ${PRODUCT_NAME} or ask us anything: we reply within one working day.`,
  },
} satisfies Record<string, PageMeta>;
