/**
 * Fuzzes every route of the real app (enumerated from it, so a new route is fuzzed too): values
 * that follow the route's zod schema and values that break it (wrong types, missing and unknown
 * fields, prototype keys, huge strings and bodies, bad JSON, wrong content types, no Origin...).
 *
 * Whatever arrives: never a 5xx; every 4xx is JSON with a string `message`; a request the schema
 * refuses gets 400; and a refused request (any 4xx) changes no row of any table.
 *
 * FUZZ_RUNS (default 200) cases per route, from a fixed seed (FUZZ_SEED) so a failure replays.
 *
 * The routes are shared among the files tests/api/fuzz-*.test.ts, each with an app of its own, so that
 * the test runner's workers share the work (one file took a quarter of the whole API suite's time).
 */

import { eq, sql } from 'drizzle-orm';
import * as fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '../../src/server/db/schema';
import { NOTE_APP_ORIGIN_EXEMPT } from '../../src/server/note-reports/routes';
import { APP_URL, signedInUser, stripeApp, subscribeWithCard, WEBHOOK_SECRET } from './app';
import { MICROSOFT_CLIENT, startMicrosoft } from './microsoft';
import {
  arbitraryFor,
  emailArb,
  keysOf,
  mintSession,
  type RouteInfo,
  routeKey,
  routeRecorder,
  tableChecksums,
  trackBackgroundMail,
  undocumentedStatuses,
} from './routes';
import { enrolledAdmin } from './two-factor';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 7_2024);
const BODY_LIMIT = 64 * 1024;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Routes a mail provider calls (RFC 8058 one-click unsubscribe): no Origin of ours (the token
 * decides), and a form body is read.
 */
const ONE_CLICK = new Set(['/api/newsletter/unsubscribe']);
/** Routes the note app's server calls with its client-credentials token (the fuzz sends one): no Origin of ours. */
const NOTE_APP_ROUTES: ReadonlySet<string> = new Set(NOTE_APP_ORIGIN_EXEMPT);
const FORM = 'application/x-www-form-urlencoded';
/** Content types Fastify has no parser for in this app: a body in one of them is refused with 415. */
const FOREIGN_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'text/html',
  'application/octet-stream',
];
/** Odd spellings whose outcome we leave to Fastify; only "no 5xx, a JSON message" is asserted. */
const ODD_TYPES = [
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json-patch+json',
  'application/json, text/plain',
  'application/',
  ';;;',
  'application/json; charset=',
];

/** Fuzzes the routes of shard `shard` (1 to `of`): every `of`-th route of the app, in the order it registers them. */
export async function fuzzEveryRoute({ shard, of }: { shard: number; of: number }) {
  const { routes, onRoute, statuses } = routeRecorder();
  // The note app is configured, so the OpenID Provider's endpoints are fuzzed with a real client too.
  const NOTE_APP = {
    id: 'note-app',
    secret: 'fuzz-note-app-secret-of-32-characters-or-more',
    redirect: 'https://notes.example.test/callback',
  };
  // Sign in with Microsoft is set up (against the stand-in), so its routes are fuzzed past "not set up".
  const microsoft = await startMicrosoft({ redirectUris: [`${APP_URL}/api/auth/microsoft/callback`] });
  afterAll(() => microsoft.close());
  const t = await stripeApp(
    {
      LOGIN_RATE_LIMIT: '100000',
      FORM_RATE_LIMIT: '100000',
      NOTE_REPORTS_RATE_LIMIT: '100000',
      NOTE_APP_CLIENT_ID: NOTE_APP.id,
      NOTE_APP_CLIENT_SECRET: NOTE_APP.secret,
      NOTE_APP_REDIRECT_URIS: NOTE_APP.redirect,
      MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
      MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
      MICROSOFT_LOGIN_URL: microsoft.url,
    },
    { onRoute },
  );
  const mail = trackBackgroundMail(t.app);

  // The fuzzing user (its cookie goes with every request), a second user whose name, email and
  // referral code the hints use, and an admin. The fuzzing user owns a practice (a verified address, the
  // Practice plan's trial with its card), so the practice's routes are fuzzed past "in no practice".
  const me = await signedInUser(t.app);
  await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, me.id));
  await subscribeWithCard(t, me, 'clinic');
  const other = await signedInUser(t.app);
  const otherCode = (await other.client.get('/api/referrals/code')).json().referralCode as string;
  const ADMIN = { username: 'fuzzboss', email: 'fuzzboss@example.com', password: 'admin fuzz secret' };
  // Enrolled by TOTP through the API, so the admin routes are fuzzed past the enrolment gate.
  const { admin } = await enrolledAdmin(t, ADMIN);
  /** POST .../reauth: the right password, a wrong one, or a code. */
  const reauthProof = (password: string) =>
    fc.record(
      {
        password: fc.oneof(fc.constant(password), fc.string({ minLength: 1, maxLength: 20 })),
        code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constant('ABCDE-FGHJK')),
      },
      { requiredKeys: [] },
    );
  const tokens = {
    user: me.client.jar.get('cn_session')!,
    admin: await mintSession(t.app, 'admin', admin.id),
    // The note app's server's, for its own routes.
    noteApp: (
      await t.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: {
          authorization: `Basic ${Buffer.from(`${NOTE_APP.id}:${NOTE_APP.secret}`).toString('base64')}`,
          'content-type': FORM,
        },
        payload: 'grant_type=client_credentials&scope=notes:report',
      })
    ).json().access_token as string,
  };

  afterAll(() => mail.idle());

  /**
   * Values the schema alone would rarely produce, so the fuzz reaches past validation: real names,
   * real codes, the right password (for a change that changes nothing).
   */
  const hints: Record<string, fc.Arbitrary<unknown>> = {
    'POST /api/login': fc.record({
      username: fc.constantFrom(other.username, other.email, other.username.toUpperCase(), 'nobody'),
      password: fc.oneof(fc.constant(other.password), fc.string({ minLength: 1, maxLength: 20 })),
    }),
    'POST /api/admin/login': fc.record({
      username: fc.constantFrom(ADMIN.username, ADMIN.email, 'nobody'),
      password: fc.oneof(fc.constant(ADMIN.password), fc.string({ minLength: 1, maxLength: 20 })),
    }),
    'PATCH /api/user': fc.record({
      username: fc.constantFrom(other.username, other.username.toUpperCase(), me.username),
      email: fc.constantFrom(other.email, other.email.toUpperCase(), me.email, 'fuzz.new@example.com'),
      currentPassword: fc.option(fc.constantFrom(me.password, other.password), { nil: undefined }),
    }),
    'POST /api/user/change-password': fc.constant({
      currentPassword: me.password,
      newPassword: me.password,
      confirmPassword: me.password,
    }),
    'POST /api/password-reset/request': fc.record({ email: fc.constantFrom(me.email, other.email) }),
    'POST /api/user/reauth': reauthProof(me.password),
    'POST /api/admin/reauth': reauthProof(ADMIN.password),
    'POST /api/billing/card/confirm': fc.record({
      setupIntentId: fc.stringMatching(/^seti_[A-Za-z0-9_]{1,30}$/),
    }),
    'PUT /api/billing/details': fc.record({
      name: fc.string({ minLength: 1, maxLength: 40 }),
      line1: fc.string({ minLength: 1, maxLength: 40 }),
      line2: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
      city: fc.string({ minLength: 1, maxLength: 20 }),
      postcode: fc.constantFrom('SW1A 1AA', 'ls14ap', 'M1 1AE', 'GIR 0AA', '75001'),
      vatNumber: fc.option(fc.constantFrom('GB123456789', '123 4567 89', 'GBGD001', '', 'FR1'), {
        nil: undefined,
      }),
    }),
    'POST /api/referrals': fc.record({
      friendEmail: fc.oneof(fc.constantFrom(me.email, other.email), emailArb),
    }),
    'POST /api/validate-referral-code': fc.record({
      code: fc.constantFrom(otherCode, ` ${otherCode.toLowerCase()} `, 'NOSUCHCODE'),
    }),
    'POST /api/subscription/referral': fc.record({
      code: fc.constantFrom(otherCode, ` ${otherCode.toLowerCase()} `, 'NOSUCHCODE'),
    }),
    'POST /api/subscription/change-plan': fc.record(
      {
        planId: fc.constantFrom('pro', 'clinic'),
        interval: fc.constantFrom('month', 'year'),
        quote: fc.stringMatching(/^v1\.[\w.-]{1,40}$/),
      },
      { requiredKeys: ['planId'] },
    ),
    'POST /api/auth/microsoft/start': fc.record(
      {
        intent: fc.constantFrom('sign-in', 'link', 'join'),
        returnTo: fc.constantFrom('/account', '/practice', '/auth?next=/account'),
        invitation: fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/),
      },
      { requiredKeys: ['intent'] },
    ),
  };

  // WebAuthn answers of the right shape (base64url everywhere) that prove nothing.
  const b64url = fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/);
  const credential = {
    id: b64url,
    rawId: b64url,
    type: fc.constant('public-key'),
    clientExtensionResults: fc.constant({}),
  };
  const registration = fc.record({
    name: fc.string({ minLength: 1, maxLength: 60 }),
    response: fc.record({
      ...credential,
      response: fc.record({ clientDataJSON: b64url, attestationObject: b64url }),
    }),
  });
  const assertion = fc.record({
    response: fc.record({
      ...credential,
      response: fc.record({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url }),
    }),
  });
  hints['POST /api/user/passkeys/registration'] = registration;
  hints['POST /api/admin/passkeys/registration'] = registration;
  hints['POST /api/login/passkey'] = assertion;
  hints['POST /api/admin/login/passkey'] = assertion;

  const wrongValue = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  );
  const strangeKey = fc.oneof(
    fc.constantFrom(
      'role',
      'id',
      'isAdmin',
      'plan',
      'referralCredits',
      'constructor',
      'toString',
      'hasOwnProperty',
    ),
    fc.string({ maxLength: 12 }),
  );
  const hugeText = fc.constantFrom(1_000, 20_000, 60_000, 100_000).map((n) => 'y'.repeat(n));

  /** A JSON value built from the route's schema: valid, or broken in one of the usual ways. */
  function bodyValue(route: RouteInfo): fc.Arbitrary<unknown> {
    if (!route.body) return fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }));
    const valid = hints[routeKey(route)]
      ? fc.oneof(hints[routeKey(route)]!, arbitraryFor(route.body))
      : arbitraryFor(route.body);
    const keys = keysOf(route.body);
    const key = fc.constantFrom(...keys);
    const asObject = (v: unknown) => ({ ...(v as Record<string, unknown>) });
    return fc.oneof(
      { weight: 6, arbitrary: valid },
      {
        weight: 2,
        arbitrary: fc.tuple(valid, key).map(([v, k]) => {
          const o = asObject(v);
          delete o[k];
          return o;
        }),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(valid, key, wrongValue).map(([v, k, w]) => ({ ...asObject(v), [k]: w })),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(valid, fc.dictionary(strangeKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }))
          .map(([v, extra]) => ({ ...extra, ...asObject(v) })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(valid, key, hugeText).map(([v, k, s]) => ({ ...asObject(v), [k]: s })),
      },
      { weight: 1, arbitrary: valid.map((v) => [v]) },
      { weight: 1, arbitrary: fc.constantFrom(null, {}, [], '', 0, true, 'text') },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    );
  }

  /** JSON text that Fastify must refuse with 400: broken, or carrying prototype-pollution keys. */
  const badJsonText = fc.oneof(
    fc.constantFrom(
      '{"__proto__":{"fuzzPolluted":true}}',
      '{"username":{"__proto__":{"fuzzPolluted":true}},"password":"x"}',
      '{"constructor":{"prototype":{"fuzzPolluted":true}}}',
      '{"email":"a@b.co","constructor":{"prototype":{"fuzzPolluted":1}}}',
      '{"username": ',
      '{',
      '}',
      '[1,2',
      "{'a':1}",
      '{"a":1,}',
      'NaN',
      'undefined',
      '\u0000',
      '{"a":"\\ud800"',
      '   ',
    ),
    fc.string({ maxLength: 50 }).map((s) => `{${s}`),
    fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1) || '{'),
  );

  type Req = {
    payload?: string;
    contentType?: string;
    /** What the body was built from, when it is JSON the route would parse. */
    value?: unknown;
    kind: 'json' | 'bad-json' | 'foreign-type' | 'odd-type' | 'none' | 'too-large';
    query: string;
    origin: boolean;
  };

  const queryArb = fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    {
      weight: 3,
      arbitrary: fc
        .dictionary(
          fc.oneof(strangeKey, fc.constant('token')),
          fc.oneof(
            fc.string(),
            hugeText.map((s) => s.slice(0, 3000)),
          ),
          {
            maxKeys: 3,
          },
        )
        .map((d) => `?${new URLSearchParams(d)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?token=a&token=b',
        '?token=%',
        '?token=%zz%E0%A4%A',
        '?__proto__[fuzzPolluted]=1',
        '?constructor.prototype.fuzzPolluted=1',
        '?&&&==',
        `?token=${'t'.repeat(201)}`,
      ),
    },
  );

  /**
   * The query a route is sent: for a route whose query has a schema, often one the schema accepts (so
   * that requests reach its handler), else the odd ones above.
   */
  function routeQueryArb(route: RouteInfo): fc.Arbitrary<string> {
    if (!route.querystring) return queryArb;
    const valid = arbitraryFor(route.querystring).map(
      (value) => `?${new URLSearchParams(value as Record<string, string>)}`,
    );
    return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: queryArb });
  }

  function requestArb(route: RouteInfo): fc.Arbitrary<Req> {
    const json = bodyValue(route).map(
      (value): Omit<Req, 'query' | 'origin'> => ({
        kind: value === undefined ? 'none' : 'json',
        value,
        payload: value === undefined ? undefined : JSON.stringify(value),
        contentType: value === undefined ? undefined : 'application/json',
      }),
    );
    const body = fc.oneof(
      { weight: 12, arbitrary: json },
      {
        weight: 2,
        arbitrary: badJsonText.map((payload) => ({
          kind: 'bad-json' as const,
          payload,
          contentType: 'application/json',
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...FOREIGN_TYPES),
            fc.oneof(fc.constant('a=1&b=2'), fc.string({ minLength: 1 })),
          )
          .map(([contentType, payload]) => ({ kind: 'foreign-type' as const, contentType, payload })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...ODD_TYPES), json).map(([contentType, j]) => ({
          kind: 'odd-type' as const,
          contentType,
          payload: j.payload ?? '{}',
        })),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(BODY_LIMIT + 1, 100_000, 300_000).map((n) => ({
          kind: 'too-large' as const,
          contentType: 'application/json',
          payload: JSON.stringify({ filler: 'z'.repeat(n) }),
        })),
      },
    );
    return fc
      .record({
        body,
        query: routeQueryArb(route),
        origin: fc.oneof({ weight: 19, arbitrary: fc.constant(true) }, fc.constant(false)),
      })
      .map(({ body, query, origin }) => ({ ...body, query, origin }));
  }

  // ---------------------------------------------------------------------------------------------
  // The webhook: bodies signed with the right secret, a wrong one, stale, garbled, or not at all.

  const SYNC_TYPES = [
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'customer.subscription.trial_will_end',
    'invoice.paid',
    'invoice.payment_failed',
    'invoice.payment_action_required',
  ];

  type Hook = {
    payload?: string;
    contentType?: string;
    signature?: string;
    valid: 'signed' | 'bad-signature' | 'other';
  };

  function webhookArb(): fc.Arbitrary<Hook> {
    const customer = fc.oneof(
      fc.constant('cus_missing'),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 1 }),
      fc.record({ id: fc.oneof(fc.string(), fc.integer()) }),
    );
    const eventLike = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          id: fc.oneof(
            fc.string({ minLength: 1 }).map((s) => `evt_fuzz_${s}`),
            wrongValue,
          ),
          object: fc.constant('event'),
          type: fc.oneof(fc.constantFrom(...SYNC_TYPES, 'charge.refunded', 'ping'), fc.string(), wrongValue),
          data: fc.oneof(
            fc.record({ object: fc.oneof(fc.record({ id: fc.string(), customer }), wrongValue) }),
            wrongValue,
          ),
        }),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    );
    const text = fc.oneof(
      { weight: 5, arbitrary: eventLike.map((e) => JSON.stringify(e)) },
      { weight: 1, arbitrary: badJsonText },
      { weight: 1, arbitrary: fc.string() },
    );
    const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    return fc.oneof(
      {
        weight: 6,
        arbitrary: text.map((payload) => ({ payload, signature: sign(payload), valid: 'signed' as const })),
      },
      {
        weight: 4,
        arbitrary: fc
          .tuple(
            text,
            fc.oneof(
              fc.constant(undefined),
              fc.string(),
              fc.constant('t=1,v1=deadbeef'),
              fc.constant('whsec_wrong').map((s) => `wrong:${s}`),
              fc.constant('stale'),
            ),
          )
          .map(([payload, how]) => {
            const signature =
              how === 'wrong:whsec_wrong'
                ? sign(payload, 'whsec_wrong')
                : how === 'stale'
                  ? sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)
                  : how;
            return { payload, signature, valid: 'bad-signature' as const };
          }),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...FOREIGN_TYPES).map((contentType) => ({
          payload: '{"id":"evt_1"}',
          contentType,
          signature: sign('{"id":"evt_1"}'),
          valid: 'other' as const,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.constant(0).map(() => {
          const payload = JSON.stringify({ id: 'evt_big', data: 'z'.repeat(BODY_LIMIT) });
          return { payload, signature: sign(payload), valid: 'other' as const };
        }),
      },
    );
  }

  /** A well-formed event: the only signed payload the webhook may accept. */
  function isEventShaped(payload: string): boolean {
    try {
      const e = JSON.parse(payload) as { id?: unknown; type?: unknown; data?: { object?: unknown } };
      return (
        typeof e === 'object' &&
        e !== null &&
        typeof e.id === 'string' &&
        typeof e.type === 'string' &&
        typeof e.data === 'object' &&
        e.data !== null &&
        typeof e.data.object === 'object' &&
        e.data.object !== null
      );
    } catch {
      return false;
    }
  }

  // ---------------------------------------------------------------------------------------------

  /** The tables as they were before the request in flight; null when a write may have happened since. */
  let before: Record<string, string> | null = null;

  /**
   * Keeps the fuzzing sessions alive: a sign-in or a sign-out by the fuzz may have ended them. Before each
   * route's run (no answer given), their proof of who it is is made fresh too, so the sensitive routes
   * (docs/architecture.md#safety) are fuzzed past "Please confirm it is you", however long the run so far.
   */
  async function keepSessions(res?: LightMyRequestResponse) {
    if (!res) {
      await t.db.execute(sql`update user_sessions set reauthenticated_at = now() where user_id = ${me.id}`);
      await t.db.execute(
        sql`update admin_sessions set reauthenticated_at = now() where admin_id = ${admin.id}`,
      );
      before = null;
    }
    if (res && !res.headers['set-cookie']) return;
    if (!(await t.app.ctx.sessions.user.validate(tokens.user))) {
      tokens.user = await mintSession(t.app, 'user', me.id);
      before = null;
    }
    if (!(await t.app.ctx.sessions.admin.validate(tokens.admin))) {
      tokens.admin = await mintSession(t.app, 'admin', admin.id);
      before = null;
    }
  }

  async function send(
    route: RouteInfo,
    req: {
      payload?: string;
      contentType?: string;
      query?: string;
      headers?: Record<string, string>;
      url?: string;
    },
  ) {
    before ??= await tableChecksums(t);
    return t.app.inject({
      method: route.method as 'GET',
      url: `${req.url ?? route.url}${req.query ?? ''}`,
      headers: {
        ...(req.contentType ? { 'content-type': req.contentType } : {}),
        ...(NOTE_APP_ROUTES.has(route.url) ? { authorization: `Bearer ${tokens.noteApp}` } : {}),
        ...req.headers,
      },
      cookies: { cn_session: tokens.user, cn_admin_session: tokens.admin },
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });
  }

  /** The ids of the recorded Stripe events, as one checksum (their queue columns left out). */
  async function eventIds(): Promise<string> {
    const rows = await t.db.execute<{ ids: string }>(
      sql`select count(*) || ':' || coalesce(sum(hashtext(id)::bigint), 0) as ids from stripe_events`,
    );
    return rows.rows[0]!.ids;
  }

  const SIGN_IN_ROUTES = new Set([
    'POST /api/login',
    'POST /api/admin/login',
    'POST /api/login/2fa',
    'POST /api/admin/login/2fa',
  ]);

  /** What every answer must satisfy, and what a refused one must leave alone. */
  async function checkAnswer(
    res: LightMyRequestResponse,
    context: string,
    ignore: string[] = [],
    refusalType = /^application\/json/,
  ) {
    expect(res.statusCode, context).toBeLessThan(500);
    expect(({} as Record<string, unknown>).fuzzPolluted, 'Object.prototype was polluted').toBeUndefined();
    await mail.idle();
    if (res.statusCode >= 400) {
      expect(res.headers['content-type'], context).toMatch(refusalType);
      // Ours carry a message; the provider's, OAuth's error code (or its error page).
      if (refusalType.test('text/html') && String(res.headers['content-type']).startsWith('text/html'))
        expect(res.body, context).toContain('<main');
      else if (res.json().error !== undefined) expect(typeof res.json().error, context).toBe('string');
      else expect(typeof res.json().message, context).toBe('string');
      // The checksum after a refusal is the one before the next request.
      const after = await tableChecksums(t);
      const changed = Object.keys(after).filter(
        (table) => !ignore.includes(table) && after[table] !== before?.[table],
      );
      expect(changed, `${context}: a refused request changed these tables`).toEqual([]);
      before = after;
    } else {
      before = null;
    }
    await keepSessions(res);
  }

  const POISON = /"__proto__"\s*:|"constructor"\s*:\s*\{[^{}]*"prototype"\s*:/;

  /** The status Fastify and our guards must give this request, when it is decided before the handler. */
  function expectedStatus(route: RouteInfo, req: Req): number | undefined {
    const mutating = MUTATING.has(route.method);
    const oneClick = ONE_CLICK.has(route.url);
    if (mutating && !req.origin && !oneClick && !NOTE_APP_ROUTES.has(route.url)) return 403;
    // Only single-valued queries are judged here; Fastify turns repeated keys into arrays.
    const badQuery =
      route.querystring &&
      !route.querystring.safeParse(Object.fromEntries(new URLSearchParams(req.query))).success &&
      !/([?&])(\w+)=.*&\2=/.test(req.query);
    // Fastify reads the body (415, 413, unreadable JSON) before it validates the query and the body.
    const validated = (bodyOk: boolean) => (badQuery || !bodyOk ? 400 : undefined);
    if (!mutating) return validated(true);
    const hasBody = req.payload !== undefined && req.payload !== '';
    const bodyOk = (value: unknown) => !route.body || route.body.safeParse(value).success;
    if (req.kind === 'foreign-type' && hasBody) {
      if (!(oneClick && req.contentType === FORM)) return 415;
      return validated(bodyOk(Object.fromEntries(new URLSearchParams(req.payload))));
    }
    const json = req.contentType === 'application/json';
    const limit = route.bodyLimit ?? BODY_LIMIT;
    if (json && req.payload !== undefined && Buffer.byteLength(req.payload) > limit) return 413;
    if (req.kind === 'bad-json') {
      // Some cut JSON is still JSON ('12' from '123'): only text that is not, or that carries a
      // prototype key, must be refused before the route sees it.
      if (POISON.test(req.payload ?? '')) return 400;
      try {
        return validated(bodyOk(JSON.parse(req.payload ?? '')));
      } catch {
        return 400;
      }
    }
    // Judged as the server reads it: JSON has no NaN or Infinity (they are sent as null).
    if (req.kind === 'json') return validated(bodyOk(JSON.parse(req.payload ?? 'null')));
    if (req.kind === 'none') return validated(bodyOk(undefined));
    return validated(true);
  }

  const OIDC_PATHS = [
    '/oidc/auth',
    '/oidc/token',
    '/oidc/me',
    '/oidc/token/revocation',
    '/oidc/request',
    '/oidc/session/end',
    '/oidc/session/end/confirm',
    '/oidc/jwks',
    '/oidc/.well-known/openid-configuration',
    '/oidc/auth/not-a-uid',
    '/oidc/nowhere',
  ];
  const OAUTH_KEYS = [
    'client_id',
    'client_secret',
    'redirect_uri',
    'response_type',
    'scope',
    'state',
    'nonce',
    'code',
    'code_verifier',
    'code_challenge',
    'code_challenge_method',
    'grant_type',
    'refresh_token',
    'token',
    'id_token_hint',
    'post_logout_redirect_uri',
    'prompt',
    'max_age',
    'logout',
    'xsrf',
  ];

  /** A request to one of the provider's endpoints: OAuth's parameters, some right, most not. */
  function oauthRequestArb(method: string) {
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(NOTE_APP.id, NOTE_APP.secret, NOTE_APP.redirect, 'code', 'openid email', 'S256'),
      fc.constantFrom(
        'authorization_code',
        'refresh_token',
        'client_credentials',
        'password',
        'login',
        'none',
      ),
    );
    const params = fc.dictionary(fc.constantFrom(...OAUTH_KEYS), value, { maxKeys: 8 });
    const encode = (p: Record<string, string>) => new URLSearchParams(p).toString();
    return fc.record({
      path: fc.constantFrom(...OIDC_PATHS),
      query: params.map((p) => (Object.keys(p).length ? `?${encode(p)}` : '')),
      payload:
        method === 'POST'
          ? fc.oneof(params.map(encode), fc.string({ maxLength: 80 }))
          : fc.constant(undefined),
      contentType:
        method === 'POST' ? fc.constantFrom(FORM, 'application/json', 'text/plain') : fc.constant(undefined),
      basicAuth: fc.oneof(
        fc.constant(undefined),
        fc.constant(`Basic ${Buffer.from(`${NOTE_APP.id}:${NOTE_APP.secret}`).toString('base64')}`),
        fc.string({ maxLength: 30 }).map((s) => `Basic ${s}`),
      ),
    });
  }

  /** Runs the property from the fixed seed; a failure reports a counterexample cut to a readable size. */
  async function fuzz<T>(property: fc.IAsyncProperty<T>) {
    // No shrinking: the app keeps state between runs, so a replayed case would not fail the same way.
    const details = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
    if (!details.failed) return;
    const cut = (s: string) => (s.length > 1500 ? `${s.slice(0, 1500)}… (${s.length} characters)` : s);
    const error =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `Property failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath})\n` +
        `Counterexample: ${cut(fc.stringify(details.counterexample))}\n${cut(error)}`,
    );
  }

  /** This file's share of the routes. */
  const ours = routes.filter((_, i) => i % of === shard - 1);

  describe('fuzzing every route', () => {
    it('found the routes to fuzz', () => {
      expect(routes.length).toBeGreaterThan(30);
      expect(routes.filter((r) => r.body).length).toBeGreaterThan(10);
      expect(ours.length, 'routes in this share').toBeGreaterThan(0);
    });

    for (const route of ours) {
      const key = routeKey(route);
      if (route.url === '/api/stripe/webhook') {
        it(`${key}: ${RUNS} deliveries, signed and not; bad signatures get 400, nothing 5xx`, {
          timeout: 120_000,
        }, async () => {
          before = null;
          await keepSessions();
          await fuzz(
            fc.asyncProperty(webhookArb(), async (hook) => {
              const idsBefore = await eventIds();
              const res = await send(route, {
                payload: hook.payload,
                contentType: hook.contentType ?? 'application/json',
                headers: hook.signature === undefined ? {} : { 'stripe-signature': hook.signature },
              });
              const context = `${key} ${hook.valid} ${hook.payload?.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
              if (hook.valid === 'bad-signature') {
                expect(res.statusCode, context).toBe(400);
                expect(res.json(), context).toEqual({ message: 'Invalid Stripe signature' });
              }
              if (hook.valid === 'signed')
                expect(res.statusCode, context).toBe(isEventShaped(hook.payload!) ? 200 : 400);
              // Events accepted earlier are processed in the background, and a failed attempt is retried
              // later, changing their queue columns at any moment: so stripe_events is judged by its ids.
              await checkAnswer(res, context, ['stripe_events']);
              if (res.statusCode >= 400) expect(await eventIds(), `${context}: recorded`).toBe(idsBefore);
            }),
          );
        });
        continue;
      }
      if (route.url === '/oidc/*') {
        it(`${key}: ${RUNS} OAuth requests to the provider's endpoints, never a 5xx, refusals change nothing`, {
          timeout: 120_000,
        }, async () => {
          before = null;
          await keepSessions();
          await fuzz(
            fc.asyncProperty(oauthRequestArb(route.method), async (req) => {
              const res = await send(route, {
                ...req,
                url: req.path,
                headers: { origin: APP_URL, ...(req.basicAuth ? { authorization: req.basicAuth } : {}) },
              });
              const context = `${key} ${req.path}${req.query} ${req.payload?.slice(0, 200) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
              // The provider answers in OAuth's words: a JSON error for an API, an error page for a browser.
              await checkAnswer(res, context, [], /^(application\/json|text\/html)/);
            }),
          );
        });
        continue;
      }
      it(`${key}: ${RUNS} requests, never a 5xx, refusals change nothing`, { timeout: 120_000 }, async () => {
        before = null;
        await keepSessions();
        let reached = 0;
        await fuzz(
          fc.asyncProperty(requestArb(route), async (req) => {
            const res = await send(route, {
              payload: req.payload,
              contentType: req.contentType,
              query: req.query,
              headers: req.origin ? { origin: APP_URL } : {},
            });
            const context = `${key} [${req.kind}] ${req.contentType ?? ''} ${req.query.slice(0, 80)} ${
              req.payload?.slice(0, 200) ?? '(no body)'
            } -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            const expected = expectedStatus(route, req);
            if (expected) expect(res.statusCode, context).toBe(expected);
            else if (req.origin && (req.kind === 'json' || req.kind === 'none')) reached++;
            // A refused sign-in is itself an event of the account's history (docs/architecture.md#safety),
            // and of its practice's trail (docs/decisions/090-practice-and-admin-audit-trails.md).
            await checkAnswer(
              res,
              context,
              SIGN_IN_ROUTES.has(key) ? ['security_events', 'practice_events'] : [],
            );
          }),
        );
        // The generators must get past the parser and the schema often enough to exercise the handler.
        expect(reached, 'requests that reached the handler').toBeGreaterThanOrEqual(RUNS / 10);
      });
    }
  });

  // PostgreSQL cannot store a NUL character in text: a value holding one must be refused by the schema
  // (400 naming the field) before a query fails on it (500).
  describe('a NUL character in any text field', () => {
    const withNul = (s: string) => (s.length < 2 ? '\u0000' : `${s[0]}\u0000${s.slice(2)}`);
    /** A value the schema accepts, so that the only fault in the request is the one we put in. */
    const validValue = (route: RouteInfo, schema: z.ZodType) => {
      const arb =
        hints[routeKey(route)] && schema === route.body ? hints[routeKey(route)]! : arbitraryFor(schema);
      const [value] = fc.sample(
        arb.filter((v) => schema.safeParse(v).success),
        { numRuns: 1, seed: SEED },
      );
      return { ...(value as Record<string, unknown>) };
    };

    for (const route of ours.filter((r) => r.body || r.querystring)) {
      const key = routeKey(route);
      it(`${key}: every text field refuses it with a 400 naming the field`, async () => {
        before = null;
        await keepSessions();
        for (const [where, schema] of [
          ['body', route.body],
          ['query', route.querystring],
        ] as const) {
          if (!schema) continue;
          const valid = validValue(route, schema);
          for (const field of keysOf(schema)) {
            const value = valid[field] ?? '';
            if (typeof value !== 'string') continue;
            const broken = { ...valid, [field]: withNul(value) };
            // A well-formed id in the path (params are checked first), so the field is what is judged.
            const res = await send(
              { ...route, url: route.url.replace(/:\w+/g, '1') },
              where === 'body'
                ? {
                    payload: JSON.stringify(broken),
                    contentType: 'application/json',
                    headers: { origin: APP_URL },
                  }
                : {
                    query: `?${new URLSearchParams(broken as Record<string, string>)}`,
                    headers: { origin: APP_URL },
                  },
            );
            const context = `${key} ${where}.${field} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, context).toBe(400);
            expect(res.json().message, context).toMatch(new RegExp(`^${field}: `));
            await checkAnswer(res, context);
          }
        }
      });
    }
  });

  describe('the API document', () => {
    it('names every status these requests got, for their operation', () => {
      expect(undocumentedStatuses(t.app, statuses)).toEqual([]);
    });
  });
}
