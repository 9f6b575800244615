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

const errorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'For a person to read; a 400 names the field first' },
    reauthRequired: { type: 'boolean', description: 'A 403: prove it is you again (POST /api/user/reauth)' },
    enrolmentRequired: { type: 'boolean', description: 'A 403: an admin must set up a second factor first' },
  },
  required: ['message'],
};
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

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
 * not from the handler, so they are described here once. A handler's own refusals (404, 409...) are
 * the `default` answer, with the same shape.
 */
function errorAnswers(
  route: Operation,
  schema: RouteSchema,
  originExempt: string[],
): Record<string, unknown> {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const mutating =
    !originExempt.includes(route.url) && methods.some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m));
  const answers: Record<string, unknown> = {};
  if (schema.body || schema.querystring || schema.params)
    answers[400] = error('The request does not match the schema; the message names the field');
  if (schema.security) answers[401] = error('Not authenticated: no valid session cookie');
  if (mutating) answers[403] = error("Cross-origin request refused: the Origin header is not the app's");
  if (schema.body) answers[415] = error('Unsupported content type: send application/json');
  if (route.config?.rateLimit) answers[429] = error('Too many attempts: wait, then try again');
  answers[503] = error('The database is unavailable: try again shortly (Retry-After)');
  answers.default = error('Any other refusal (404, 409...) or a 500, with its request id');
  return answers;
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
  ['Admin sign-in', 'The admin’s sign-in and second factors'],
  ['Admin', 'The admin area’s data, and ending a user’s sessions'],
  ['Marketing', 'Newsletter and contact forms'],
  ['Billing', 'Subscriptions, plan changes, cards, invoices and billing details (Stripe)'],
  ['Referrals', 'Referral codes and invitations'],
  ['Practices', 'Practices: members, invitations and roles'],
  ['Stripe', 'Stripe’s webhook'],
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
          '`{ "message": string }`. A request that changes something (POST, PUT, PATCH, DELETE) must carry an ' +
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
      const out = transform({ ...input, schema: merged });
      const schema = out.schema as RouteSchema;
      return {
        url: out.url,
        schema: {
          ...schema,
          response: { ...errorAnswers(route, merged, opts.originExempt), ...schema.response },
        },
      };
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
