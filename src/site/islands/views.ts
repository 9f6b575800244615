// Rendered at build time only (no directive): the pages and the footer, with the islands' providers, so
// that their links know the page they are on. Their islands come in through Astro's named slots.
import { Footer } from '@client/components/layout/footer';
import { ContactPage } from '@client/features/marketing/contact-page';
import { ClosingOffer, HomePage, SeeFeatures } from '@client/features/marketing/home-page';
import { NotFoundPage } from '@client/features/marketing/not-found-page';
import { PricingPage } from '@client/features/pricing/pricing-page';
import { ReferralProgramPage } from '@client/features/referrals/referral-program-page';
import { island } from './island';

export const FooterView = island(Footer);
export const HomePageView = island(HomePage);
export const SeeFeaturesView = island(SeeFeatures);
export const ClosingOfferView = island(ClosingOffer);
export const PricingPageView = island(PricingPage);
export const ReferralProgramPageView = island(ReferralProgramPage);
export const ContactPageView = island(ContactPage);
export const NotFoundPageView = island(NotFoundPage);
