import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Stripe's documented hosts for Stripe.js and the frames it opens (the Payment Element, 3-D Secure).
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/**
 * `stripeJsStandin`: the origin of the local fake Stripe, whose stand-in for Stripe.js the page loads and
 * talks to when one is configured (config.ts accepts it only beside the fake's own keys,
 * docs/trying-it-locally.md). Otherwise Stripe's hosts alone.
 */
function securityHeaderOptions(https: boolean, stripeJsStandin?: string): HelmetOptions {
  const standin = stripeJsStandin ? [stripeJsStandin] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...STRIPE_JS, ...standin],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", 'https://api.stripe.com', ...standin],
        frameSrc: [...STRIPE_JS, 'https://hooks.stripe.com'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Browser features the product never uses are off for the page and every frame in it. Payment stays
 * on for us and Stripe's frames: the Payment Element offers wallets (Apple Pay, Google Pay) through
 * the Payment Request API inside its frame.
 */
const UNUSED_FEATURES = [
  'camera',
  'microphone',
  'geolocation',
  'usb',
  'serial',
  'hid',
  'midi',
  'display-capture',
  'accelerometer',
  'gyroscope',
  'magnetometer',
];
const PERMISSIONS_POLICY = [
  ...UNUSED_FEATURES.map((feature) => `${feature}=()`),
  `payment=(self ${STRIPE_JS.map((host) => `"${host}"`).join(' ')})`,
].join(', ');

/**
 * The browser-safety headers of every answer: helmet's, plus a Permissions-Policy.
 * Runs helmet once, at start, and keeps what it would set. @fastify/helmet rebuilds helmet (and
 * re-parses the CSP) on every request, which was 8 % of the server's CPU under load; the headers
 * never vary by request here (no CSP nonces: nothing inline is allowed at all).
 */
export function securityHeaders(https: boolean, stripeJsStandin?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  // biome-ignore lint/suspicious/noExplicitAny: helmet only calls setHeader and removeHeader on them
  helmet(securityHeaderOptions(https, stripeJsStandin))({} as any, capture as any, () => {});
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** On every answer, errors and refusals included (onRequest runs before anything can fail). */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
