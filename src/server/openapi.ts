import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  type FastifyPluginAsyncZod,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { version } from '../../package.json';
import { PRODUCT_NAME } from '../shared/brand';
import { sessionCookieName } from './auth/session-cookies';
import type { Config } from './config';

const OPENAPI_PATH = '/api/openapi.json';

/** The OpenID Provider's endpoints: another protocol, described by its own discovery document. */
const OIDC_PREFIX = '/oidc';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Schemas that describe a route in the document without Fastify applying them: for a body read
     * as raw bytes (the Stripe webhook), or an answer too large to validate each time (the admin lists).
     */
    openapi?: { body?: z.ZodType; headers?: z.ZodType; response?: Record<number, z.ZodType> };
  }
}

/** An operation's `security`: the session cookie it needs (the route's guard answers 401 without it). */
export const USER_SESSION = [{ userSession: [] }];
export const ADMIN_SESSION = [{ adminSession: [] }];

/** Every error answer's shape (the error handler's: security/error-handler.ts). */
const errorBodySchema = z.object({
  message: z.string().describe('For a person to read; a 400 names the field first'),
});
/**
 * A 403's: a flag may say what the client should do. Declared, so the serializer keeps them (it
 * drops what a response schema does not name).
 */
const forbiddenBodySchema = errorBodySchema.extend({
  reauthRequired: z
    .literal(true)
    .optional()
    .describe('Prove it is you again (POST /api/user/reauth or /api/admin/reauth), then try again'),
  enrolmentRequired: z.literal(true).optional().describe('The admin must set up a second factor first'),
  microsoftRequired: z
    .literal(true)
    .optional()
    .describe("The person's practice signs its team in with Microsoft: offer 'Sign in with Microsoft'"),
});
type ErrorBody = z.infer<typeof forbiddenBodySchema>;
const errorBody = (status: number, what: string): z.ZodType<ErrorBody> =>
  (status === 403 ? forbiddenBodySchema : errorBodySchema).describe(what);

/** One status's two meanings, when two refusals give it. */
const oneOrBoth = (first: string | undefined, second: string) => (first ? `${first}; or: ${second}` : second);

/** What each error status means, unless the route says more (errors() below). */
const ERROR_STATUSES = {
  400: 'The request is refused: the message says why',
  401: 'Not signed in, or the proof given is wrong',
  402: 'The payment did not go through: the card was declined, or the bank did not confirm it',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Not possible as things are now: the message says why',
  410: 'Gone: used, withdrawn or expired',
  413: 'The request body is larger than 64 KiB',
  415: 'Unsupported content type: send application/json',
  429: 'Too many attempts: wait, then try again',
  502: 'The payment provider did not answer as expected: nothing was charged; try again',
  503: 'Payments are not available right now: try again later',
  504: 'The payment provider is too slow to answer: nothing was charged; try again in a minute',
} as const;
type ErrorStatus = keyof typeof ERROR_STATUSES;

/** The 403 of a sensitive action: the session must have proved who it is in the last 10 minutes. */
export const REAUTH = { 403: 'Prove it is you again first (`reauthRequired`), then try again' } as const;
/** The 403 of the admin area before the admin has a second factor. */
export const ENROLMENT = { 403: 'Set up a second factor first (`enrolmentRequired`)' } as const;

/** Refusals users' and admins' routes share (their second factors and sign-ins). */
export const SIGN_IN_STEP = {
  401: 'No sign-in is waiting for this step (it timed out), or the proof is not right',
} as const;
export const REAUTH_PROOF = {
  400: 'Neither a password nor a code was given',
  401: 'The password or the code is not right',
} as const;
export const SETUP_CODE = { 400: 'No setup was started, or the code is not right' } as const;
export const TOTP_ALREADY_ON = { 409: 'Two-factor sign-in is already on' } as const;
export const PASSKEY_REGISTRATION = {
  400: 'This browser asked for no registration options, or the passkey could not be verified',
  409: 'That passkey is already registered',
} as const;
export const PASSKEY_SIGN_IN = {
  400: 'This browser asked for no sign-in options, or they expired',
  401: 'The passkey is not recognised, or not the one of the sign-in under way',
} as const;

/** A CSV file to save (RFC 4180, UTF-8 with a byte order mark), as `text/csv`. */
export const CSV_FILE = {
  description: 'A CSV file to save',
  content: { 'text/csv': { schema: z.string() } },
};

/** A call to Stripe that failed (502) or did not answer in time (504): billing/stripe-call.ts. */
export const STRIPE_FAILURES = [502, 504] as const;

/**
 * A route's own refusals, for its `response` schema: `errors(404, { 409: 'The name is taken' })`.
 * Each is the one error shape; a description given replaces the status's usual one. The refusals
 * every route of a kind gives (a schema's 400, a guard's 401...) are added by errorAnswers below.
 */
export function errors(
  ...refusals: (ErrorStatus | Partial<Record<ErrorStatus, string>>)[]
): Record<number, z.ZodType<ErrorBody>> {
  const described = new Map<string, string>();
  for (const refusal of refusals) {
    const entries: [string, string][] =
      typeof refusal === 'number'
        ? [[String(refusal), ERROR_STATUSES[refusal]]]
        : Object.entries(refusal).filter((entry): entry is [string, string] => entry[1] !== undefined);
    for (const [status, what] of entries) described.set(status, oneOrBoth(described.get(status), what));
  }
  return Object.fromEntries(
    [...described].map(([status, what]) => [status, errorBody(Number(status), what)]),
  );
}

type RouteSchema = FastifySchema & Record<string, unknown> & { response?: Record<string, unknown> };
type Operation = {
  method: string | string[];
  url: string;
  schema?: RouteSchema;
  config?: { rateLimit?: unknown; openapi?: RouteSchema };
};

/**
 * The error answers the app's one error handler and its guards give (security/error-handler.ts,
 * security/guards.ts), added to each operation from what the route declares: they come from those,
 * not from the handler, so they are described here once. A handler's own refusals are the route's
 * errors(...); where both name a status, the document says both.
 */
function errorAnswers(route: Operation, schema: RouteSchema, originExempt: string[]) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  // Fastify reads a body on these (whatever the route's schema), so refuses what it cannot read.
  const readsBody = methods.some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m));
  const mutating = readsBody && !originExempt.includes(route.url);
  const answers: Partial<Record<ErrorStatus, string>> = {};
  if (schema.body || schema.querystring || schema.params || readsBody)
    answers[400] =
      'The request does not match the schema (the message names the field), or its body is not JSON';
  if (schema.security) answers[401] = 'Not authenticated: no valid session cookie';
  if (mutating) answers[403] = "Cross-origin request refused: the Origin header is not the app's";
  if (readsBody) {
    answers[413] = ERROR_STATUSES[413];
    answers[415] = ERROR_STATUSES[415];
  }
  if (route.config?.rateLimit) answers[429] = ERROR_STATUSES[429];
  return answers;
}

/** The route's response schemas with the common error answers added (both descriptions where both say one). */
function withErrorAnswers(
  route: Operation,
  schema: RouteSchema,
  originExempt: string[],
): Record<string, unknown> {
  const response: Record<string, unknown> = { ...schema.response };
  for (const [status, what] of Object.entries(errorAnswers(route, schema, originExempt))) {
    const own = (response[status] as z.ZodType | undefined)?.description;
    response[status] = errorBody(Number(status), oneOrBoth(own, what));
  }
  response.default = errorBody(
    500,
    'Something failed on our side: a 500 with its request id, or a 503 while the database is unavailable (Retry-After)',
  );
  return response;
}

/**
 * Tags each route with its area's name (an area is one routes plugin), so the document groups the
 * operations as the code does.
 */
export function area(name: Area, routes: FastifyPluginAsync | FastifyPluginAsyncZod): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      route.schema = { ...route.schema, tags: [name] } as RouteOptions['schema'];
    });
    await scope.register(routes as FastifyPluginAsync);
  };
}

const AREAS = [
  ['Public', 'Health, the deployment’s public settings, the plans, and this document'],
  ['Sign-in', 'Registration, sign-in and sign-out, and the account’s profile and password'],
  ['Two-factor', 'Authenticator-app second factors and recovery codes'],
  ['Account', 'Email verification, devices, security events, data export, deleting the account'],
  ['Passkeys', 'Passkeys: enrolment, and signing in with one'],
  ['Password reset', 'Forgotten passwords'],
  [
    'Sign in with Microsoft',
    'Microsoft Entra ID (NHSmail, Microsoft 365): signing in, and linking an account (404 when not configured)',
  ],
  ['Admin sign-in', 'The admin’s sign-in and second factors'],
  ['Admin', 'The admin area’s data, and ending a user’s sessions'],
  ['Marketing', 'Newsletter and contact forms'],
  ['Billing', 'Subscriptions, plan changes, cards, invoices and billing details (Stripe)'],
  ['Referrals', 'Referral codes and invitations'],
  ['Practices', 'Practices: members, invitations and roles'],
  ['Stripe', 'Stripe’s webhook'],
  [
    'Note app',
    'The note app’s server: its reports of finished notes (a client-credentials bearer token), and the record-keeping criteria they are audited against',
  ],
  [
    'Operations',
    'Prometheus metrics, for the operator only (METRICS_TOKEN as a bearer token; 404 without one)',
  ],
] as const;
export type Area = (typeof AREAS)[number][0];

/**
 * The OpenAPI 3.1 document of the API, generated from the routes' zod schemas (@fastify/swagger with
 * the type provider's transform). Registered before the routes, so it sees each one as it is added.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  config: Config,
  opts: { originExempt: string[] },
): Promise<void> {
  const secure = config.APP_URL.startsWith('https:');
  const transform = createJsonSchemaTransform({});
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: PRODUCT_NAME,
        version,
        description:
          `The JSON API of ${PRODUCT_NAME}'s web product. Requests and answers are JSON; every error answer is ` +
          '`{ "message": string }` (a 403 may add a flag saying what to do), and each operation names its own. ' +
          'A request that changes something (POST, PUT, PATCH, DELETE) must carry an ' +
          '`Origin` header equal to the server below (the Stripe webhook and one-click unsubscribe excepted). ' +
          `Sessions are HttpOnly cookies set by the sign-in operations. The OpenID Provider under ${OIDC_PREFIX} ` +
          `is not described here: it is OpenID Connect, described by ${OIDC_PREFIX}/.well-known/openid-configuration.`,
      },
      servers: [{ url: new URL(config.APP_URL).origin }],
      tags: AREAS.map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          userSession: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName('user', { secure }),
            description: 'A user’s session, set by POST /api/register, /api/login and their second steps',
          },
          adminSession: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName('admin', { secure }),
            description: 'An admin’s session, set by POST /api/admin/login and its second step',
          },
        },
      },
    },
    transform: (input) => {
      if (input.url.startsWith(OIDC_PREFIX)) return { schema: { hide: true }, url: input.url };
      const route = input.route as unknown as Operation;
      const described = route.config?.openapi;
      const merged: RouteSchema = {
        ...input.schema,
        ...described,
        response: { ...(input.schema as RouteSchema | undefined)?.response, ...described?.response },
      };
      merged.response = withErrorAnswers(route, merged, opts.originExempt);
      return transform({ ...input, schema: merged });
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /api/openapi.json: public (it holds no secret), and cacheable for a while: it changes only with the code. */
export const openApiRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document',
        response: { 200: z.looseObject({ openapi: z.string() }).describe('The OpenAPI 3.1 document') },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      // @fastify/swagger builds it once and keeps it.
      return app.swagger() as { openapi: string };
    },
  );
};
