// What the layout may use of the marketing feature; its pages are reached through the router.
export { NewsletterForm } from './newsletter-form';
