/**
 * GET /api/openapi.json: the OpenAPI 3.1 document generated from the routes' zod schemas. Every route
 * the app registers (enumerated from the app itself, so a new route cannot be left out) is in it with
 * its method, the document is valid OpenAPI 3.1 by an independent validator, and the operations carry
 * their request and answer shapes.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { APP_URL, createTestApp } from '../support/app';
import { acceptedRequest, routeKey, routeRecorder } from '../support/routes';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  $ref?: string;
};
type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

const recorder = routeRecorder();
const t = await createTestApp({}, { onRoute: recorder.onRoute });
afterAll(() => t.close());
const { routes } = recorder;
const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
const doc = res.json() as Document;

/** Fastify's `:id` is OpenAPI's `{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operation = (method: string, url: string) => doc.paths[openApiPath(url)]?.[method.toLowerCase()];
const jsonSchema = (answer: { content?: Record<string, { schema: Schema }> } | undefined) =>
  answer?.content?.['application/json']?.schema;

describe('GET /api/openapi.json', () => {
  it('answers the document as JSON, public, briefly cacheable, with the security headers', () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('ChairNotes');
    expect(doc.info.version).toBe(packageJson.version);
    expect(doc.servers).toEqual([{ url: APP_URL }]);
    // The OpenID Provider is another protocol, with its own discovery document: the description says so.
    expect(doc.info.description).toContain('/oidc/.well-known/openid-configuration');
  });

  it('has every route the app serves, with its method, except the OpenID Provider', () => {
    const served = routes.filter((r) => !r.url.startsWith('/oidc'));
    expect(served.length).toBeGreaterThan(70);
    const missing = served.filter((r) => !operation(r.method, r.url)).map(routeKey);
    expect(missing, 'routes missing from the document').toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const servedKeys = served.map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(
      documented.filter((k) => !servedKeys.includes(k)),
      'operations the app does not serve',
    ).toEqual([]);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/oidc'))).toEqual([]);
  });

  it('is valid OpenAPI 3.1, and every $ref resolves', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], 'validation errors').toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Resolved, the document keeps every path it had (resolveRefs throws on a $ref that leads nowhere).
    expect(Object.keys(validator.resolveRefs().paths ?? {})).toEqual(Object.keys(doc.paths));
  });

  it('every operation has a tag, a success answer and the error shape', () => {
    const tags = doc.tags.map((tag) => tag.name);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${path}`;
        expect(op.tags?.length, `${key}: tags`).toBe(1);
        expect(tags, `${key}: its tag is declared`).toContain(op.tags?.[0]);
        expect(
          Object.keys(op.responses).filter((code) => /^[23]/.test(code)),
          `${key}: a success answer`,
        ).not.toEqual([]);
        expect(jsonSchema(op.responses.default), `${key}: the error shape`).toMatchObject({
          type: 'object',
          properties: { message: { type: 'string' } },
          required: ['message'],
        });
      }
    }
  });

  it('names the session cookies as the server does, and the session each operation needs as it enforces it', async () => {
    expect(doc.components.securitySchemes).toEqual({
      userSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'cn_session' }),
      adminSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'cn_admin_session' }),
    });
    const needs = (op: Operation) => Object.keys(op.security?.[0] ?? {})[0] ?? 'none';
    const found: Record<string, string> = {};
    const wanted: Record<string, string> = {};
    for (const route of routes.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/stripe/webhook')) {
      const key = routeKey(route);
      // A request the route's schemas accept, with our Origin and no cookie: the guard alone refuses it.
      const answer = await t.app.inject({ ...acceptedRequest(route), headers: { origin: APP_URL } });
      const refused = answer.statusCode === 401 && answer.json().message === 'Not authenticated';
      const declared = needs(operation(route.method, route.url)!);
      wanted[key] = refused ? 'a session' : 'none';
      found[key] = declared === 'none' ? 'none' : 'a session';
      if (declared !== 'none')
        expect(declared, key).toBe(route.url.startsWith('/api/admin/') ? 'adminSession' : 'userSession');
    }
    expect(found).toEqual(wanted);
    expect(Object.values(found).filter((v) => v === 'a session').length).toBeGreaterThan(40);
  });

  it('describes requests and answers from the routes’ schemas', () => {
    const register = operation('POST', '/api/register')!;
    const body = jsonSchema(register.requestBody);
    expect(Object.keys(body?.properties ?? {})).toEqual(
      expect.arrayContaining(['username', 'email', 'password']),
    );
    expect(body?.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
    const user = jsonSchema(register.responses['201']);
    expect(Object.keys(user?.properties ?? {})).toEqual(expect.arrayContaining(['id', 'username', 'email']));
    // No answer describes a password or its hash.
    expect(JSON.stringify(doc.paths)).not.toMatch(/passwordHash|password_hash/);
    // A bad request names the field; a refused Origin and the rate limit are said where they apply.
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['400', '403', '415', '429']));

    const preview = operation('GET', '/api/subscription/change-plan/preview')!;
    expect(preview.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'planId' }));
    const endSession = operation('DELETE', '/api/user/sessions/:id')!;
    expect(endSession.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    );
    const invoices = jsonSchema(operation('GET', '/api/billing/invoices')!.responses['200']);
    expect(invoices?.type).toBe('array');
    // Described though not validated: the admin lists (too large to check each time), the webhook (raw bytes).
    expect(
      jsonSchema(operation('GET', '/api/admin/users')!.responses['200'])?.items?.properties,
    ).toHaveProperty('email');
    const webhook = operation('POST', '/api/stripe/webhook')!;
    expect(Object.keys(jsonSchema(webhook.requestBody)?.properties ?? {})).toEqual(['id', 'type', 'data']);
    expect(webhook.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'stripe-signature' }),
    );
    expect(webhook.responses['403'], 'the webhook is exempt from the Origin check').toBeUndefined();
  });
});
