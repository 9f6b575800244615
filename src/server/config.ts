import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_PRACTICE_SEATS } from '../shared/constants';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** An IPv4 or IPv6 address, or a CIDR range of them ('10.0.0.0/8'). */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * Which proxies' X-Forwarded-For is believed: a hop count ('1': the one load balancer in front), or a
 * comma list of their addresses or ranges. Unset: no proxy, the socket's address is the client's.
 * Given as Fastify's `trustProxy` takes it (its types have no hop count, so a count is a function).
 */
const trustProxy = optionalText.transform((value, ctx) => {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  const list = value.split(',').map((part) => part.trim());
  const wrong = list.filter((part) => !isAddressOrRange(part));
  if (wrong.length === 0) return list;
  ctx.addIssue({
    code: 'custom',
    message: `a hop count or a comma list of addresses and CIDR ranges, not '${wrong.join("', '")}'`,
  });
  return z.NEVER;
});

/**
 * The key that seals second-factor secrets at rest (lib/secret-box.ts): 32 random bytes, base64
 * (`openssl rand -base64 32`). Unset: see secrets-key.ts (required in production).
 */
const secretsKey = optionalText.transform((value, ctx): Buffer | undefined => {
  if (value === undefined) return undefined;
  const key = Buffer.from(value, 'base64');
  if (key.length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(value)) return key;
  ctx.addIssue({ code: 'custom', message: '32 random bytes in base64 (openssl rand -base64 32)' });
  return z.NEVER;
});

/** A comma list of absolute URLs (the note app's redirect and logout URIs); unset: none. */
const urlList = optionalText.transform((value, ctx): string[] => {
  if (value === undefined) return [];
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const wrong = list.filter((part) => !z.url().safeParse(part).success);
  if (wrong.length === 0) return list;
  ctx.addIssue({ code: 'custom', message: `a comma list of absolute URLs, not '${wrong.join("', '")}'` });
  return z.NEVER;
});

/** The keys of the local fake Stripe: Stripe's own are letters and digits after `sk_test_`, never this. */
const LOCAL_STRIPE_KEY_PREFIX = { secret: 'sk_test_local_', publishable: 'pk_test_local_' };

const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/**
 * The Stripe.js stand-in is a local stand-in, never beside real Stripe: it is accepted only with the
 * local fake's keys, Stripe's API pointed at this machine, and the stand-in served from it too.
 */
function stripeJsStandinProblem(env: {
  STRIPE_JS_STANDIN_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_API_URL?: string;
}): string | null {
  if (!env.STRIPE_JS_STANDIN_URL) return null;
  const localKeys =
    env.STRIPE_SECRET_KEY?.startsWith(LOCAL_STRIPE_KEY_PREFIX.secret) &&
    env.STRIPE_PUBLISHABLE_KEY?.startsWith(LOCAL_STRIPE_KEY_PREFIX.publishable);
  if (!localKeys)
    return `the Stripe.js stand-in is for the local fake Stripe only: it is refused with real Stripe keys (its keys begin ${LOCAL_STRIPE_KEY_PREFIX.secret} and ${LOCAL_STRIPE_KEY_PREFIX.publishable}; npm run start:local sets them)`;
  if (!env.STRIPE_API_URL || !isLoopback(env.STRIPE_API_URL) || !isLoopback(env.STRIPE_JS_STANDIN_URL))
    return 'the Stripe.js stand-in and STRIPE_API_URL must both be on this machine (the local fake Stripe)';
  return null;
}

/** How long security.txt holds when SECURITY_TXT_EXPIRES is unset (RFC 9116 asks for under a year). */
const SECURITY_TXT_DEFAULT_DAYS = 180;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('127.0.0.1'),
    APP_URL: optionalText.pipe(z.url().optional()),
    DATABASE_URL: optionalText,
    DATA_DIR: z.string().default('./data'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_URL: optionalText.pipe(z.url().optional()),
    // The fake Stripe's stand-in for Stripe.js, for trying payments on one's own machine (npm run
    // start:local, docs/trying-it-locally.md); refused beside real Stripe keys.
    STRIPE_JS_STANDIN_URL: optionalText.pipe(z.url().optional()),
    // How long one Stripe request may take before it is abandoned (and retried, twice, with the same
    // idempotency key). A person waits on it, so it is well under the SDK's 80 s default.
    STRIPE_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    // The whole request, body included, must arrive within this (headers within 10 s): a client
    // trickling bytes (slow loris) cannot hold a socket longer.
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    // PostgreSQL: how long opening a connection or one query may take before the request answers 503,
    // and how long a transaction may sit idle. The server's only: migrations and scripts are not limited.
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default('ChairNotes <no-reply@chairnotes.co.uk>'),
    SALES_EMAIL: z.string().default('sales@chairnotes.co.uk'),
    NOTE_APP_URL: optionalText.pipe(z.url().optional()),
    // The note app as an OpenID Connect client (docs/architecture.md#note-app-sign-in, docs/note-app-integration.md).
    // Without an id and secret there is no client; /oidc still serves discovery.
    NOTE_APP_CLIENT_ID: optionalText,
    NOTE_APP_CLIENT_SECRET: optionalText.pipe(
      z.string().min(32, 'at least 32 characters (openssl rand -base64 32)').optional(),
    ),
    NOTE_APP_REDIRECT_URIS: urlList,
    NOTE_APP_POST_LOGOUT_REDIRECT_URIS: urlList,
    NOTE_APP_BACKCHANNEL_LOGOUT_URI: optionalText.pipe(z.url().optional()),
    // Sign in with Microsoft (docs/architecture.md#microsoft-sign-in, docs/deploy.md): the application
    // registered in Entra ID. Without an id and secret there is no button and its routes answer 404. The
    // authority is the multi-tenant one by default; a tenant's own for a single-tenant set-up.
    MICROSOFT_CLIENT_ID: optionalText,
    MICROSOFT_CLIENT_SECRET: optionalText,
    MICROSOFT_AUTHORITY: z.url().default('https://login.microsoftonline.com/organizations/v2.0'),
    // Where https://login.microsoftonline.com is reached instead: the tests' stand-in Microsoft, on this
    // machine only (like STRIPE_API_URL and the fake Stripe).
    MICROSOFT_LOGIN_URL: optionalText.pipe(
      z
        .url()
        .refine(isLoopback, 'a stand-in on this machine (127.0.0.1, localhost or [::1]) only')
        .optional(),
    ),
    // Members a practice may have, owner and pending invitations included (docs/architecture.md#practices).
    PRACTICE_SEATS: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PRACTICE_SEATS),
    // Days the audit trails keep an event: six years by default, one at least, which the database holds
    // too (docs/decisions/090-practice-and-admin-audit-trails.md).
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(365).max(36_500).default(2190),
    // How long the note app's reports of finished notes are kept (docs/note-app-integration.md#reports).
    NOTE_REPORT_RETENTION_DAYS: z.coerce.number().int().min(90).max(36_500).default(730),
    ADMIN_USERNAME: optionalText,
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText,
    // Sign-in, registration and password attempts allowed per address per 10 minutes. Tests that log in
    // or register many times raise it.
    LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    // Newsletter sign-ups and contact messages allowed per address per 10 minutes (each sends mail).
    FORM_RATE_LIMIT: z.coerce.number().int().positive().default(5),
    // Batches of note reports per note-app client per minute (docs/note-app-integration.md#reports).
    NOTE_REPORTS_RATE_LIMIT: z.coerce.number().int().positive().default(60),
    // Rate-limit counters shared by every instance (docs/deploy.md); without it each instance counts alone.
    REDIS_URL: optionalText.pipe(z.url().optional()),
    TRUST_PROXY: trustProxy,
    SECRETS_KEY: secretsKey,
    // The bearer token a Prometheus scraper sends for GET /metrics; unset, /metrics answers 404.
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, 'at least 16 characters (openssl rand -base64 32)').optional(),
    ),
    // On SIGTERM, how long /api/health/ready answers 503 while requests are still served, before the
    // server stops accepting: the load balancer's time to notice and stop sending here.
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    // /.well-known/security.txt (RFC 9116): where to report a vulnerability, a mailto: or https: address,
    // and until when that holds (an ISO 8601 date; unset, 180 days after the server starts, so a forgotten
    // file still expires). docs/decisions/081-security-page-and-security-txt.md.
    SECURITY_CONTACT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: or https: address')
      .default('mailto:security@chairnotes.co.uk'),
    SECURITY_TXT_EXPIRES: optionalText.pipe(z.iso.datetime({ offset: true }).or(z.iso.date()).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The samples of content/samples/ stand in for the operator's texts missing from content/: for npm run
    // start:local and the tests only, never for customers (docs/decisions/103-operator-content-shown-only-when-supplied.md).
    SAMPLE_CONTENT: z
      .enum(['true', 'false'], { error: 'true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, ctx) => {
    const standinProblem = stripeJsStandinProblem(env);
    if (standinProblem)
      ctx.addIssue({ code: 'custom', path: ['STRIPE_JS_STANDIN_URL'], message: standinProblem });
    if (!env.NOTE_APP_CLIENT_ID !== !env.NOTE_APP_CLIENT_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['NOTE_APP_CLIENT_SECRET'],
        message: 'NOTE_APP_CLIENT_ID and NOTE_APP_CLIENT_SECRET go together',
      });
    if (!env.MICROSOFT_CLIENT_ID !== !env.MICROSOFT_CLIENT_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['MICROSOFT_CLIENT_SECRET'],
        message: 'MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET go together',
      });
    if (env.NOTE_APP_CLIENT_ID && env.NOTE_APP_REDIRECT_URIS.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['NOTE_APP_REDIRECT_URIS'],
        message: 'the note app needs at least one redirect URI',
      });
  })
  .transform((env) => ({
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SECURITY_TXT_EXPIRES: env.SECURITY_TXT_EXPIRES
      ? new Date(env.SECURITY_TXT_EXPIRES)
      : new Date(Date.now() + SECURITY_TXT_DEFAULT_DAYS * 24 * 60 * 60 * 1000),
  }));

export type Config = z.output<typeof envSchema>;

/** Reads the environment once, at start; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
