import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

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
    // How long one Stripe request may take before it is abandoned (and retried, twice, with the same
    // idempotency key). A person waits on it, so it is well under the SDK's 80 s default.
    STRIPE_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default('ChairNotes <no-reply@chairnotes.co.uk>'),
    SALES_EMAIL: z.string().default('sales@chairnotes.co.uk'),
    NOTE_APP_URL: optionalText.pipe(z.url().optional()),
    ADMIN_USERNAME: optionalText,
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText,
    // Sign-in, registration and password attempts allowed per address per 10 minutes. Tests that log in
    // or register many times raise it.
    LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    // Newsletter sign-ups and contact messages allowed per address per 10 minutes (each sends mail).
    FORM_RATE_LIMIT: z.coerce.number().int().positive().default(5),
    // Rate-limit counters shared by every instance (docs/deploy.md); without it each instance counts alone.
    REDIS_URL: optionalText.pipe(z.url().optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env) => ({
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
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
