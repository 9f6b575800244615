import { ContactForm } from '@client/features/marketing/contact-form';
import { island } from './island';

/** ContactForm as an island: a file of its own, so that hydrating it loads only its own code. */
export const ContactFormIsland = island(ContactForm);
