/**
 * Helpers for the tests that walk every route of the real app (fuzz, access matrix):
 *
 *   const recorder = routeRecorder();
 *   const t = await stripeApp({}, { onRoute: recorder.onRoute });
 *   recorder.routes; // [{ method: 'POST', url: '/api/register', body: zodSchema, ... }]
 *
 * plus a checksum of every table (a refused request must change nothing), fresh sessions without a
 * password hash per call, and a way to wait for the mail the app sends in the background.
 */
import { sql } from 'drizzle-orm';
import * as fc from 'fast-check';
import type { FastifyInstance, onResponseHookHandler, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { secondFactorMethods } from '../../src/server/auth/second-factors';
import type { Mail } from '../../src/server/mail/mailer';
import type { TestApp } from './app';

export type RouteInfo = {
  method: string;
  url: string;
  /** The zod schemas the route validates, when it has them. */
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** The route's own body limit, when it has one (the app's is 64 KiB). */
  bodyLimit?: number;
};

/**
 * Records the routes an app registers, in order: hand `onRoute` to buildApp (through createTestApp).
 * It records the statuses each route answers with too (`statuses`, by routeKey), for
 * undocumentedStatuses.
 */
export function routeRecorder() {
  const routes: RouteInfo[] = [];
  const statuses = new Map<string, Set<number>>();
  const record: onResponseHookHandler = (request, reply, done) => {
    const key = routeKey({ method: request.method, url: request.routeOptions.url ?? '' });
    if (!statuses.has(key)) statuses.set(key, new Set());
    statuses.get(key)!.add(reply.statusCode);
    done();
  };
  return {
    routes,
    statuses,
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema ?? {}) as Pick<RouteInfo, 'body' | 'querystring' | 'params'>;
      route.onResponse = [...[route.onResponse ?? []].flat(), record];
      for (const method of methods) {
        // Fastify adds a HEAD route beside each GET by itself; it answers as the GET does.
        if (method === 'HEAD') continue;
        const { body, querystring, params } = schema;
        routes.push({ method, url: route.url, body, querystring, params, bodyLimit: route.bodyLimit });
      }
    },
  };
}

type ApiDocument = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

/** The statuses /api/openapi.json names for each operation, by routeKey (`default` left out). */
export function documentedStatuses(app: FastifyInstance): Map<string, Set<number>> {
  const doc = app.swagger() as unknown as ApiDocument;
  const documented = new Map<string, Set<number>>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const codes = Object.keys(op.responses).filter((code) => /^\d+$/.test(code));
      documented.set(routeKey({ method: method.toUpperCase(), url }), new Set(codes.map(Number)));
    }
  }
  return documented;
}

/**
 * The answers a test's requests got that the API document does not name for their operation, as
 * 'POST /api/login 409': each must be in it (docs/decisions/073-the-api-document-names-its-errors.md).
 * The OpenID Provider is left out: OpenID Connect describes it.
 */
export function undocumentedStatuses(app: FastifyInstance, statuses: Map<string, Set<number>>): string[] {
  const documented = documentedStatuses(app);
  return [...statuses]
    .filter(([key]) => !key.startsWith('HEAD ') && !key.includes(' /oidc'))
    .flatMap(([key, seen]) =>
      [...seen].filter((status) => !documented.get(key)?.has(status)).map((status) => `${key} ${status}`),
    )
    .sort();
}

/** WebAuthn answers of the right shape that prove nothing. */
export const MADE_UP_REGISTRATION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
  clientExtensionResults: {},
};
export const MADE_UP_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};

/** Bodies whose rules random values rarely meet (two fields that must match, WebAuthn's shapes). */
const KNOWN: Record<string, Record<string, unknown>> = {
  'POST /api/user/change-password body': {
    currentPassword: 'the old password',
    newPassword: 'a new long password',
    confirmPassword: 'a new long password',
  },
  'POST /api/user/passkeys/registration body': { name: 'Laptop', response: MADE_UP_REGISTRATION },
  'POST /api/admin/passkeys/registration body': { name: 'Laptop', response: MADE_UP_REGISTRATION },
  'POST /api/login/passkey body': { response: MADE_UP_ASSERTION },
  'POST /api/billing/card/confirm body': { setupIntentId: 'seti_openapi' },
  'PUT /api/billing/details body': {
    name: 'Open Dental',
    line1: '1 High Street',
    city: 'Leeds',
    postcode: 'LS1 4AP',
    vatNumber: '',
  },
  'POST /api/admin/login/passkey body': { response: MADE_UP_ASSERTION },
};

/** A value the schema accepts (so that a request gets past validation to the route's guard). */
function validValue(schema: z.ZodType, what: string): Record<string, unknown> {
  if (KNOWN[what]) return KNOWN[what];
  const value = fc
    .sample(arbitraryFor(schema), { numRuns: 300, seed: 19 })
    .find((v) => schema.safeParse(v).success);
  if (value === undefined) throw new Error(`${what}: no value the schema accepts in 300 samples`);
  return value as Record<string, unknown>;
}

/** A path whose parameters the route accepts: a number, or a session id. */
function pathFor(url: string, params: z.ZodType | undefined): string {
  const candidate = ['1', '0'.repeat(64)].find(
    (value) =>
      !params ||
      params.safeParse(Object.fromEntries([...url.matchAll(/:(\w+)/g)].map((m) => [m[1], value]))).success,
  );
  return url.replace(/:\w+/g, candidate ?? '1');
}

/** A request the route's schemas accept (path, query and body), for app.inject: what comes after is the guards' and the handler's. */
export function acceptedRequest(route: RouteInfo) {
  const key = routeKey(route);
  return {
    method: route.method as 'GET',
    url: pathFor(route.url, route.params),
    query: route.querystring ? (validValue(route.querystring, `${key} query`) as Record<string, string>) : {},
    ...(route.body ? { payload: validValue(route.body, `${key} body`) } : {}),
  };
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * A fingerprint of every row of every table, one md5 per table, so a failing comparison names the
 * table. Cheap at fuzz scale (hundreds of rows).
 */
export async function tableChecksums(t: Pick<TestApp, 'db'>): Promise<Record<string, string>> {
  let query = checksumQueries.get(t.db);
  if (!query) {
    const tables = (
      await t.db.execute<{ name: string }>(
        sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
      )
    ).rows.map((r) => r.name);
    // A session's 'last seen' and its sliding expiry move on their own schedule as it is used (an
    // admin's expiry every minute), refusal or not: a long fuzz run sees them move.
    const moving = (name: string) =>
      name.endsWith('_sessions') ? " - 'last_seen_at' - 'expires_at'" : " - 'last_seen_at'";
    const parts = tables.map(
      (name) =>
        `(select count(*) || ':' || coalesce(sum(hashtext((to_jsonb(t)${moving(name)})::text)::bigint), 0) from "${name}" t) as "${name}"`,
    );
    query = sql.raw(`select ${parts.join(', ')}`);
    checksumQueries.set(t.db, query);
  }
  const rows = await t.db.execute<Record<string, string>>(query);
  return rows.rows[0]!;
}
const checksumQueries = new WeakMap<object, ReturnType<typeof sql.raw>>();

/**
 * A new session for a user or an admin, straight from the session store (no password hashing), as a
 * full sign-in would give it: an admin's is enrolled only when the admin has a second factor (enrol
 * one through the API first: support/two-factor.ts).
 */
export async function mintSession(app: FastifyInstance, kind: 'user' | 'admin', id: number): Promise<string> {
  const methods = await secondFactorMethods(app.ctx.database.db, { kind, id });
  return (
    await app.ctx.sessions[kind].create(id, null, { amr: methods.length > 0 ? ['pwd', 'otp'] : ['pwd'] })
  ).token;
}

/**
 * Makes the app's background mail awaitable: `idle()` resolves once every mail handed to
 * sendInBackground is in the outbox, so a checksum taken after it does not race a late insert.
 */
export function trackBackgroundMail(app: FastifyInstance): { idle(): Promise<void> } {
  const mailer = app.ctx.mailer;
  const pending = new Set<Promise<void>>();
  mailer.sendInBackground = (mail: Mail) => {
    const job: Promise<void> = mailer
      .enqueue(app.ctx.database.db, mail)
      .then((queued) => mailer.deliver(queued))
      .catch(() => {})
      .finally(() => pending.delete(job));
    pending.add(job);
  };
  return {
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries that follow a zod schema, for the kinds our request schemas use.

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  element?: z.ZodType;
  valueType?: z.ZodType;
  format?: string;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; format?: string } } }[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

type StringRules = { min: number; max: number; email: boolean };

function stringRules(schemas: z.ZodType[]): StringRules {
  const rules: StringRules = { min: 0, max: Number.POSITIVE_INFINITY, email: false };
  for (const s of schemas) {
    const def = defOf(s);
    if (def.format === 'email') rules.email = true;
    for (const check of def.checks ?? []) {
      const c = check._zod.def;
      if (c.check === 'min_length') rules.min = Math.max(rules.min, c.minimum ?? 0);
      if (c.check === 'max_length') rules.max = Math.min(rules.max, c.maximum ?? rules.max);
      if (c.check === 'length_equals') rules.min = rules.max = c.minimum ?? 0;
      if (c.check === 'string_format' && c.format === 'email') rules.email = true;
    }
  }
  return rules;
}

const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
const word = (max: number) => fc.string({ unit: lower, minLength: 1, maxLength: max });

/** Addresses zod accepts, plus a few it may not (upper case, spaces around): the server decides. */
export const emailArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(word(12), word(10)).map(([u, d]) => `${u}@${d}.co.uk`) },
  { weight: 1, arbitrary: fc.tuple(word(12), word(10)).map(([u, d]) => ` ${u.toUpperCase()}@${d}.COM `) },
  { weight: 1, arbitrary: fc.emailAddress({ size: 'small' }) },
);

function stringArb(rules: StringRules): fc.Arbitrary<string> {
  if (rules.email) return emailArb.filter((e) => e.trim().length <= rules.max);
  const max = Math.min(rules.max, rules.min + 40);
  const edges = [rules.min, Math.min(rules.max, 200)].filter((n) => Number.isFinite(n));
  return fc.oneof(
    { weight: 5, arbitrary: fc.string({ minLength: rules.min, maxLength: max }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: rules.min, maxLength: max }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges).map((n) => 'x'.repeat(n)) },
    { weight: 1, arbitrary: fc.string({ minLength: rules.min, maxLength: max }).map((s) => `  ${s}\t`) },
  );
}

/** Numbers within the schema's bounds mostly (a count of seats, 2 to 200), and any number sometimes. */
function numberArb(schema: z.ZodType): fc.Arbitrary<number> {
  let min = -(2 ** 31);
  let max = 2 ** 31 - 1;
  for (const check of defOf(schema).checks ?? []) {
    const c = check._zod.def as { check: string; value?: number; inclusive?: boolean };
    if (c.check === 'greater_than' && c.value !== undefined) min = Math.ceil(c.value + (c.inclusive ? 0 : 1));
    if (c.check === 'less_than' && c.value !== undefined) max = Math.floor(c.value - (c.inclusive ? 0 : 1));
  }
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  );
}

/** Values shaped by the schema: mostly valid, sometimes just outside a rule (trimmed too short...). */
export function arbitraryFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const model = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, arbitraryFor(s)]));
      const requiredKeys = Object.entries(shape)
        .filter(([, s]) => !['optional', 'default'].includes(defOf(s).type))
        .map(([k]) => k);
      return fc.record(model, { requiredKeys });
    }
    case 'optional':
    case 'default':
      return arbitraryFor(def.innerType!);
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType!), { nil: null });
    case 'pipe': {
      const parts = [def.in!, def.out!];
      if (parts.every((p) => defOf(p).type === 'string')) return stringArb(stringRules(parts));
      return arbitraryFor(def.in!);
    }
    case 'string':
      return stringArb(stringRules([schema]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'boolean':
      return fc.boolean();
    case 'number':
      return numberArb(schema);
    case 'array':
      return fc.array(arbitraryFor(def.element!), { maxLength: 5 });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), arbitraryFor(def.valueType!), { maxKeys: 5 });
    // What a schema takes as it comes (each report of a batch, read on its own): any JSON.
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      // A new kind of schema in a request: teach this function about it rather than fuzz blind.
      throw new Error(`arbitraryFor: no arbitrary for zod type '${def.type}'`);
  }
}

/** The keys of an object schema (for the mutations: drop one, give one the wrong type...). */
export function keysOf(schema: z.ZodType): string[] {
  let def = defOf(schema);
  while (def.type === 'pipe' || def.innerType) def = defOf(def.type === 'pipe' ? def.in! : def.innerType!);
  return Object.keys(def.shape ?? {});
}
