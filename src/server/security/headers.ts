import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { InlineHashes } from './inline-hashes';

// Stripe's documented hosts for Stripe.js and the frames it opens (the Payment Element, 3-D Secure).
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

const NO_INLINE: InlineHashes = { scripts: [], styles: [], styleAttributes: [] };

/**
 * `stripeJsStandin`: the origin of the local fake Stripe, whose stand-in for Stripe.js the page loads and
 * talks to when one is configured (config.ts accepts it only beside the fake's own keys,
 * docs/trying-it-locally.md). Otherwise Stripe's hosts alone. `inline`: the hashes of one HTML document's
 * inline scripts and styles, the only inline code allowed (docs/decisions/076-inline-scripts-by-hash.md).
 */
function securityHeaderOptions(
  https: boolean,
  stripeJsStandin: string | undefined,
  inline: InlineHashes,
): HelmetOptions {
  const standin = stripeJsStandin ? [stripeJsStandin] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...STRIPE_JS, ...standin, ...inline.scripts],
        styleSrc: ["'self'", ...inline.styles],
        // Style attributes in the HTML only by hash, and only in a document that has them.
        ...(inline.styleAttributes.length > 0
          ? { styleSrcAttr: ["'unsafe-hashes'", ...inline.styleAttributes] }
          : {}),
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
 * never vary by request here (no CSP nonces: inline code is allowed only by hash, per HTML file,
 * docs/decisions/076-inline-scripts-by-hash.md).
 */
export function securityHeaders(
  https: boolean,
  stripeJsStandin: string | undefined,
  inline = NO_INLINE,
): Record<string, string> {
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
  helmet(securityHeaderOptions(https, stripeJsStandin, inline))({} as any, capture as any, () => {});
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** The CSP of an HTML document with these inline scripts and styles (computed once per file, at start). */
export type DocumentCsp = (inline: InlineHashes) => string;

/**
 * Helmet's headers that only a document acts on: an HTML page's framing by old browsers, its DNS
 * prefetching, the old XSS auditor, IE's download prompt, Flash and PDF policy files, origin-keyed
 * agent clusters. A JSON answer is never rendered (nosniff), so it goes without them
 * (docs/decisions/095-one-log-line-a-request-and-answers-built-once.md).
 */
const DOCUMENT_ONLY = new Set([
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * On every answer, errors and refusals included (onRequest runs before anything can fail): `headers`,
 * the answer of securityHeaders for this deployment, made once at start (the framework's own refusals
 * send them too, app.ts), less the document-only ones, which an HTML answer adds as it is sent: two
 * prepared sets, neither built per request. The CSP stays on every answer (a JSON body opened in a
 * tab is still a document to the browser). Returns the CSP for an HTML document, which its answer
 * sends in place of the one set here.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Record<string, string>,
  https: boolean,
  stripeJsStandin?: string,
): DocumentCsp {
  const every = Object.fromEntries(Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY.has(name)));
  const documentOnly = Object.fromEntries(
    Object.entries(headers).filter(([name]) => DOCUMENT_ONLY.has(name)),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(every);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.headers(documentOnly);
    done(null, payload);
  });
  return (inline) => securityHeaders(https, stripeJsStandin, inline)['content-security-policy'] as string;
}
