// The fake Stripe API as a process of its own, for the browser tests (scripts/run-e2e.mjs bundles it).
import { startFakeStripe } from './fake-stripe';

const fake = await startFakeStripe(Number(process.env.FAKE_STRIPE_PORT ?? 12111));
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
