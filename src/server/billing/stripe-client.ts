import type Stripe from 'stripe';
import type { Config } from '../config';

/** Told of every attempt at a Stripe request (the metrics): `status` null when no answer came. */
export type StripeObserver = (
  method: string,
  path: string,
  status: number | null,
  seconds: number,
  failure?: 'timeout' | 'connection',
) => void;

/**
 * A request path as a pattern: `/v1/customers/cus_N1x/balance_transactions?limit=3` is
 * `/v1/customers/:id/balance_transactions`. Stripe's resource names are lower-case words; ids and
 * our coupon ids are not, so no id reaches a label.
 */
export function stripePathPattern(path: string): string {
  const [bare = ''] = path.split('?');
  return bare
    .split('/')
    .map((segment) => (segment === '' || /^(v1|[a-z_]+)$/.test(segment) ? segment : ':id'))
    .join('/');
}

/**
 * Stripe's own HTTP client, timed: each attempt (a retry is another) is reported with its status, or
 * with why no answer came. The SDK's 'response' event would miss the timeouts and lost connections,
 * which are the failures an operator most needs to see.
 */
function observedHttpClient(
  StripeSdk: typeof Stripe,
  observe: StripeObserver,
): NonNullable<Stripe.StripeConfig['httpClient']> {
  const inner = StripeSdk.createNodeHttpClient();
  return {
    getClientName: () => inner.getClientName(),
    async makeRequest(host, port, path, method, headers, body, protocol, timeout) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const response = await inner.makeRequest(host, port, path, method, headers, body, protocol, timeout);
        observe(method, stripePathPattern(path), response.getStatusCode(), seconds());
        return response;
      } catch (error) {
        const timedOut = (error as { code?: string }).code === StripeSdk.HttpClient.TIMEOUT_ERROR_CODE;
        observe(method, stripePathPattern(path), null, seconds(), timedOut ? 'timeout' : 'connection');
        throw error;
      }
    },
  };
}

/** The Stripe client, or null when the keys are not set (the subscribe page then says payments are unavailable). */
export async function createStripe(config: Config, observe?: StripeObserver): Promise<Stripe | null> {
  if (!config.STRIPE_SECRET_KEY) return null;
  // Loaded only when payments are configured: the SDK is a heavy import (docs/performance.md#start-imports).
  const { default: StripeSdk } = await import('stripe');
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new StripeSdk(config.STRIPE_SECRET_KEY, {
    // Tests (and a local mock) point the real SDK elsewhere; production talks to Stripe.
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    ...(observe ? { httpClient: observedHttpClient(StripeSdk, observe) } : {}),
    // Safe to retry: every call that creates or changes something carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: config.STRIPE_TIMEOUT_MS,
    appInfo: { name: 'ChairNotes' },
  });
}
