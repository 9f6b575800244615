// `npm run stripe:setup`: finds or creates the prices and coupons in the Stripe account of
// STRIPE_SECRET_KEY (the server also does this on first use), and prints what it found.
import {
  ensureCatalog,
  PRICE_LOOKUP_KEYS,
  REFERRAL_COUPON_ID,
  RETENTION_COUPON_ID,
} from '../billing/catalog';
import { createStripe } from '../billing/stripe-client';
import { loadConfig } from '../config';

const stripe = await createStripe(loadConfig());
if (!stripe) {
  console.error('Set STRIPE_SECRET_KEY (a test key: sk_test_...) first.');
  process.exit(2);
}
const catalog = await ensureCatalog(stripe);
for (const [plan, keys] of Object.entries(PRICE_LOOKUP_KEYS)) {
  const ids = catalog.priceIds[plan as keyof typeof catalog.priceIds];
  console.log(`price ${keys.month}: ${ids.month}`);
  console.log(`price ${keys.year}: ${ids.year}`);
}
console.log(`coupons: ${RETENTION_COUPON_ID}, ${REFERRAL_COUPON_ID}`);
console.log(`customer portal configuration: ${catalog.portalConfigurationId}`);
console.log(`tax rate (UK VAT 20% inclusive): ${catalog.vatRateId}`);
