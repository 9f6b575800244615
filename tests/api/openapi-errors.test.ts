/**
 * The API document names only refusals its operations give (docs/decisions/073-the-api-document-names-its-errors.md):
 * every error status /api/openapi.json names for an operation is answered here by that operation. The
 * refusals of the parser and the guards (a body that is not JSON, no session, a foreign Origin, a body
 * too large, a foreign content type, too many attempts) are asked of every operation alike; each
 * operation's own refusals by the requests below, made for them. The other half, that every status an
 * operation gives is in the document, is held over the requests of access-matrix.test.ts and
 * tests/support/fuzz-every-route.ts (undocumentedStatuses).
 */

import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { adminsRepo } from '../../src/server/auth/admins-repo';
import { hashPassword } from '../../src/server/auth/password';
import { NOTE_APP_ORIGIN_EXEMPT } from '../../src/server/note-reports/routes';
import {
  APP_URL,
  client,
  createTestApp,
  newUser,
  type StripeTestApp,
  stripeApp,
  subscribeWithCard,
} from '../support/app';
import { ALWAYS_AUTHENTICATES, DECLINING_CARD } from '../support/fake-stripe/billing';
import { MICROSOFT_CLIENT, signInAtMicrosoft, startMicrosoft } from '../support/microsoft';
import { NOTE_APP } from '../support/oidc';
import { softwarePasskey } from '../support/passkey-authenticator';
import { proofGoesStale } from '../support/recent-auth';
import {
  acceptedRequest,
  documentedStatuses,
  MADE_UP_ASSERTION,
  MADE_UP_REGISTRATION,
  mintSession,
  type RouteInfo,
  routeKey,
  routeRecorder,
} from '../support/routes';
import { startSmtpCatcher } from '../support/smtp';
import { enrolledAdmin, enrolTotp } from '../support/two-factor';

// Low limits, so that the 429s come soon; each person below asks from an address of their own.
const LIMITS = { LOGIN_RATE_LIMIT: '3', FORM_RATE_LIMIT: '1' };
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

/** Records the routes and their answers, and each route's rate limit. */
function recording() {
  const recorder = routeRecorder();
  const limits = new Map<string, number>();
  return {
    ...recorder,
    limits,
    onRoute(route: RouteOptions) {
      recorder.onRoute(route);
      const max = (route.config as { rateLimit?: { max?: number } } | undefined)?.rateLimit?.max;
      for (const method of [route.method].flat()) if (max) limits.set(`${method} ${route.url}`, max);
    },
  };
}
const main = recording();
// Sign in with Microsoft on, against the stand-in Microsoft (off in `off` below: its 404s).
const microsoft = await startMicrosoft({ redirectUris: [`${APP_URL}/api/auth/microsoft/callback`] });
afterAll(() => microsoft.close());
const t = await stripeApp(
  {
    ...LIMITS,
    SMTP_URL: smtp.url,
    METRICS_TOKEN: 'errors-scraper-token-0123456789',
    MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
    MICROSOFT_LOGIN_URL: microsoft.url,
    // The note app, whose server reports notes with a token of its own.
    NOTE_APP_CLIENT_ID: NOTE_APP.clientId,
    NOTE_APP_CLIENT_SECRET: NOTE_APP.clientSecret,
    NOTE_APP_REDIRECT_URIS: 'http://127.0.0.1:9/note-app/callback',
  },
  { onRoute: main.onRoute },
);
// Payments off (no Stripe keys), metrics off (no token): the 503s and the 404 that say so.
const bare = recording();
const off = await createTestApp(LIMITS, { onRoute: bare.onRoute });
afterAll(() => off.close());

let addresses = 0;
/** An address of its own for each person, so that one's attempts never meet another's limit. */
const nextIp = () => `10.7.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
type Person = Awaited<ReturnType<typeof person>>;
async function person(s: Pick<StripeTestApp, 'app'> = t) {
  const who = newUser();
  const c = client(s.app, nextIp());
  const res = await c.post('/api/register', who);
  expect(res.statusCode, res.body).toBe(201);
  return { ...who, client: c, id: res.json().id as number };
}

type Client = ReturnType<typeof client>;
/** The person's session from another address (a limit per address met, the next request is not). */
function elsewhere(u: Person): Client {
  const c = client(t.app, nextIp());
  for (const [name, value] of u.client.jar) c.jar.set(name, value);
  return c;
}

/** A request by method name, as the page makes it. */
function call(c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: Record<string, unknown>) {
  if (method === 'GET') return c.get(url);
  return method === 'PUT' ? c.put(url, body) : c.post(url, body);
}

function answered(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

const REAUTH_BODY = { reauthRequired: true };
const DETAILS = {
  name: 'Errors Dental',
  line1: '1 High Street',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  vatNumber: '',
};

async function subscriptionOf(userId: number): Promise<string> {
  const rows = await t.db.execute<{ sub: string }>(
    sql`select stripe_subscription_id as sub from users where id = ${userId}`,
  );
  return rows.rows[0]!.sub;
}

/** A subscriber whose trial is over and first month paid (or, with a declining card, past due). */
async function paying(card: { last4?: string } = {}) {
  const u = await person();
  const res = answered(await u.client.post('/api/create-subscription', { planId: 'pro' }), 200);
  await t.deliverAll(t.fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]!, card));
  await t.deliverAll(t.fake.endTrial(await subscriptionOf(u.id)));
  return u;
}

/** Stripe failing (502) and not answering in time (504) under `send`: the request's next call to Stripe fails. */
async function stripeFails(send: () => Promise<LightMyRequestResponse>) {
  t.fake.failNext('*', '/v1/', { status: 500, message: 'Stripe is down' });
  answered(await send(), 502);
  t.fake.failNext('*', '/v1/', { status: 409, code: 'idempotency_key_in_use' });
  answered(await send(), 504);
}

describe('the refusals of the parser and the guards, asked of every operation', () => {
  const documented = documentedStatuses(t.app);
  // A guard answers before validation (docs/decisions/083-guards-declared-per-route.md): a broken path
  // or query reaches it with the session the route asks for.
  let adminId: Promise<number> | undefined;
  const enrolled = async () => {
    const who = {
      username: 'validationboss',
      email: 'validation.boss@example.com',
      password: 'validation admin secret',
    };
    const { admin } = await adminsRepo(t.db).upsert({
      ...who,
      passwordHash: await hashPassword(who.password),
    });
    const c = client(t.app, nextIp());
    answered(await c.post('/api/admin/login', { username: who.username, password: who.password }), 200);
    await enrolTotp(c, '/api/admin');
    return admin.id;
  };
  const enrolledOnce = () => {
    adminId = adminId ?? enrolled();
    return adminId;
  };
  const sessionFor = async (url: string) =>
    url.startsWith('/api/admin/')
      ? { cn_admin_session: await mintSession(t.app, 'admin', await enrolledOnce()) }
      : { cn_session: await mintSession(t.app, 'user', (await person()).id) };
  for (const route of main.routes.filter((r) => !r.url.startsWith('/oidc'))) {
    const key = routeKey(route);
    it(key, async () => {
      const codes = documented.get(key) ?? new Set<number>();
      const accepted = acceptedRequest(route);

      const send = (extra: Record<string, unknown>) =>
        t.app.inject({ ...accepted, remoteAddress: nextIp(), headers: { origin: APP_URL }, ...extra });
      // The note app's server's own routes: the parser's refusals as everywhere, then its token; its body
      // limit and its rate limit are the client's, asked below with a token ("the note app's reports").
      if (BEARER_ROUTES.has(key)) {
        answered(await send({}), 401);
        answered(await send({ payload: '{', headers: jsonFrom(APP_URL) }), 400);
        answered(await send({ payload: 'x=1', headers: { 'content-type': 'text/plain' } }), 415);
        return;
      }
      // No session (the routes that need none refuse the accepted values their own way, or not at all).
      if (codes.has(401)) await send({});
      const readsBody = route.method !== 'GET';
      if (codes.has(400)) {
        if (readsBody) answered(await send({ payload: '{', headers: jsonFrom(APP_URL) }), 400);
        else {
          const cookies = codes.has(401) ? await sessionFor(route.url) : {};
          answered(await send({ url: brokenPath(route), query: brokenQuery(route), cookies }), 400);
        }
      }
      if (codes.has(403) && readsBody) answered(await send({ headers: {} }), 403);
      if (codes.has(413))
        answered(
          await send({ payload: JSON.stringify({ filler: 'z'.repeat(70_000) }), headers: jsonFrom(APP_URL) }),
          413,
        );
      if (codes.has(415))
        answered(
          await send({ payload: 'x=1', headers: { origin: APP_URL, 'content-type': 'text/plain' } }),
          415,
        );
      if (codes.has(429)) {
        const limit = main.limits.get(key)!;
        const from = nextIp();
        const statuses = [];
        for (let i = 0; i <= limit; i++)
          statuses.push(
            (await t.app.inject({ method: route.method as 'GET', url: accepted.url, remoteAddress: from }))
              .statusCode,
          );
        expect(statuses.at(-1), `${key}: ${statuses}`).toBe(429);
      }
    });
  }
});

/** Routes the note app's server calls with a client-credentials token, not a session. */
const BEARER_ROUTES = new Set(NOTE_APP_ORIGIN_EXEMPT.map((path) => `POST ${path}`));

const jsonFrom = (origin: string) => ({ origin, 'content-type': 'application/json' });
/** The path with a parameter no schema accepts. */
const brokenPath = (route: RouteInfo) => route.url.replace(/:\w+/g, 'not-an-id');
/** A query whose every field is too long, or not one of its values. */
const brokenQuery = (route: RouteInfo) =>
  route.querystring
    ? { planId: 'no-such-plan', token: 't'.repeat(201), limit: '0', q: 'q'.repeat(321) }
    : undefined;

describe("each operation's own refusals", () => {
  it("the note app's reports", async () => {
    const token = async (scope: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: {
          authorization: `Basic ${Buffer.from(`${NOTE_APP.clientId}:${NOTE_APP.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          ...(scope ? { scope } : {}),
        }).toString(),
      });
      return answered(res, 200).json().access_token as string;
    };
    const reports = async (bearer: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/note-app/reports',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        payload,
      });
    const client = await token('notes:report');
    answered(await reports(client, '{'), 400);
    answered(await reports(client, JSON.stringify({ reports: [] })), 400);
    answered(await reports(await token(''), JSON.stringify({ reports: [{}] })), 403);
    answered(await reports(client, JSON.stringify({ reports: [{ noteId: 'z'.repeat(1_100_000) }] })), 413);
    // The client's limit: refused reports count as much as accepted ones.
    const statuses: number[] = [];
    for (let i = 0; i <= main.limits.get('POST /api/note-app/reports')!; i++)
      statuses.push((await reports(client, JSON.stringify({ reports: [{}] }))).statusCode);
    expect(statuses.at(-1), String(statuses)).toBe(429);
  });

  it('sign-up, sign-in and the profile', async () => {
    const a = await person();
    const b = await person();
    answered(
      await client(t.app, nextIp()).post('/api/register', { ...newUser(), username: a.username }),
      409,
    );
    answered(
      await client(t.app, nextIp()).post('/api/login', { username: a.username, password: 'not it at all' }),
      401,
    );
    answered(await a.client.patch('/api/user', { username: a.username, email: `new.${a.email}` }), 400);
    answered(await a.client.patch('/api/user', { username: b.username, email: a.email }), 409);
    const password = 'another long password';
    answered(
      await a.client.post('/api/user/change-password', {
        currentPassword: 'not the password',
        newPassword: password,
        confirmPassword: password,
      }),
      400,
    );
    answered(await a.client.post('/api/user/verify-email', { token: 'not-a-real-token-at-all' }), 400);
    answered(
      await a.client.post('/api/password-reset/confirm', { token: 'not-a-real-token-at-all', password }),
      400,
    );
    answered(await a.client.delete(`/api/user/sessions/${'0'.repeat(64)}`), 404);
    answered(await a.client.delete('/api/user', { password: 'not my password' }), 400);
    answered(await a.client.post('/api/newsletter/unsubscribe', {}), 400);
    answered(await a.client.post('/api/newsletter/unsubscribe', { token: 'unknown' }), 404);
    answered(
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer no' } }),
      401,
    );
    answered(
      await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
        payload: '{}',
      }),
      400,
    );
  });

  it('sensitive actions without a recent proof: 403 with reauthRequired', async () => {
    const u = await person();
    await proofGoesStale(t.db, 'user', u.id);
    const refused = [
      await u.client.post('/api/user/2fa/totp/setup'),
      await u.client.post('/api/user/2fa/totp/enable', { code: '123456' }),
      await u.client.post('/api/user/2fa/recovery-codes'),
      await u.client.post('/api/user/passkeys/registration-options'),
      await u.client.post('/api/user/passkeys/registration', {
        name: 'Laptop',
        response: MADE_UP_REGISTRATION,
      }),
      await u.client.delete('/api/user/passkeys/1'),
      await u.client.get('/api/user/export'),
      await u.client.post('/api/practice/transfer', { userId: 1 }),
    ];
    // The flag is the client's cue to ask for the proof: the answer's schema must keep it.
    for (const res of refused) expect(answered(res, 403).json()).toMatchObject(REAUTH_BODY);
  });

  it('second factors and passkeys', async () => {
    const u = await person();
    answered(await u.client.post('/api/user/2fa/totp/enable', { code: '123456' }), 400);
    answered(await u.client.post('/api/user/2fa/totp/disable', { code: '123456' }), 400);
    answered(await u.client.post('/api/user/2fa/recovery-codes'), 400);
    answered(await u.client.post('/api/user/reauth', {}), 400);
    answered(await u.client.post('/api/user/reauth', { password: 'not the password' }), 401);
    answered(await client(t.app, nextIp()).post('/api/login/2fa', { code: '123456' }), 401);
    answered(
      await u.client.post('/api/user/passkeys/registration', {
        name: 'Laptop',
        response: MADE_UP_REGISTRATION,
      }),
      400,
    );
    answered(await u.client.patch('/api/user/passkeys/999999', { name: 'Laptop' }), 404);
    answered(await u.client.delete('/api/user/passkeys/999999'), 404);
    const key = softwarePasskey({ origin: APP_URL });
    for (const status of [201, 409]) {
      const options = answered(await u.client.post('/api/user/passkeys/registration-options'), 200);
      answered(
        await u.client.post('/api/user/passkeys/registration', {
          name: 'Laptop',
          response: key.register(options.json()),
        }),
        status,
      );
    }
    const visitor = client(t.app, nextIp());
    answered(await visitor.post('/api/login/passkey', { response: MADE_UP_ASSERTION }), 400);
    answered(await visitor.post('/api/login/passkey/options'), 200);
    answered(await visitor.post('/api/login/passkey', { response: MADE_UP_ASSERTION }), 401);
    await enrolTotp(u.client, '/api/user');
    answered(await u.client.post('/api/user/2fa/totp/setup'), 409);
    answered(await u.client.post('/api/user/2fa/totp/enable', { code: '123456' }), 409);
  });

  it('the admin: sign-in, enrolment, and the area', async () => {
    const boss = { username: 'errorsboss', email: 'errorsboss@example.com', password: 'errors admin secret' };
    const enrolled = await enrolledAdmin(t, boss);
    const fresh = {
      username: 'errorsnew',
      email: 'errorsnew@example.com',
      password: 'errors admin secret 2',
    };
    await adminsRepo(t.db).upsert({ ...fresh, passwordHash: await hashPassword(fresh.password) });
    const newcomer = client(t.app, nextIp());
    answered(
      await newcomer.post('/api/admin/login', { username: fresh.username, password: 'wrong wrong' }),
      401,
    );
    answered(await newcomer.post('/api/admin/login', fresh), 200);
    // Not enrolled yet: the area is closed, with the flag that says why.
    for (const url of [
      '/api/admin/stats',
      '/api/admin/users',
      '/api/admin/users/1',
      '/api/admin/subscribers',
      '/api/admin/referrals',
      '/api/admin/practices',
      '/api/admin/audit',
      '/api/admin/audit.csv',
      '/api/admin/users.csv',
      '/api/admin/subscriptions.csv',
      '/api/admin/referrals.csv',
      '/api/admin/subscribers.csv',
      '/api/admin/practices.csv',
    ])
      expect(answered(await newcomer.get(url), 403).json()).toMatchObject({ enrolmentRequired: true });
    answered(await newcomer.post('/api/admin/users/1/end-sessions'), 403);
    answered(await newcomer.post('/api/admin/2fa/totp/enable', { code: '123456' }), 400);
    answered(
      await newcomer.post('/api/admin/passkeys/registration', {
        name: 'Laptop',
        response: MADE_UP_REGISTRATION,
      }),
      400,
    );
    answered(await newcomer.post('/api/admin/reauth', {}), 400);
    answered(await newcomer.post('/api/admin/reauth', { password: 'not it at all' }), 401);
    const key = softwarePasskey({ origin: APP_URL });
    for (const status of [201, 409]) {
      const options = answered(await newcomer.post('/api/admin/passkeys/registration-options'), 200);
      answered(
        await newcomer.post('/api/admin/passkeys/registration', {
          name: 'Laptop',
          response: key.register(options.json()),
        }),
        status,
      );
    }
    answered(await enrolled.client.post('/api/admin/2fa/totp/setup'), 409);
    answered(await enrolled.client.post('/api/admin/2fa/totp/enable', { code: '123456' }), 409);
    answered(await enrolled.client.get('/api/admin/users/999999'), 404);
    answered(await enrolled.client.post('/api/admin/users/999999/end-sessions'), 404);
    await proofGoesStale(t.db, 'admin', enrolled.admin.id);
    for (const res of [
      await enrolled.client.post('/api/admin/2fa/totp/setup'),
      await enrolled.client.post('/api/admin/2fa/totp/enable', { code: '123456' }),
      await enrolled.client.post('/api/admin/passkeys/registration-options'),
      await enrolled.client.post('/api/admin/passkeys/registration', {
        name: 'Laptop',
        response: MADE_UP_REGISTRATION,
      }),
    ])
      expect(answered(res, 403).json()).toMatchObject(REAUTH_BODY);
    // The second step without a first, and with one but no passkey options asked for.
    const stranger = client(t.app, nextIp());
    answered(await stranger.post('/api/admin/login/2fa', { code: '123456' }), 401);
    answered(await stranger.post('/api/admin/login/passkey/options'), 401);
    answered(await stranger.post('/api/admin/login/passkey', { response: MADE_UP_ASSERTION }), 401);
    answered(await stranger.post('/api/admin/login', boss), 200);
    answered(await stranger.post('/api/admin/login/passkey', { response: MADE_UP_ASSERTION }), 400);
  });

  it('practices', async () => {
    const invitationMails = (email: string) =>
      smtp.mails.filter(
        (m) => m.to.includes(email) && m.subject.startsWith('You are invited to join a practice'),
      );
    async function invite(by: Person, email: string) {
      const before = invitationMails(email).length;
      const res = answered(
        await by.client.post('/api/practice/invitations', { email, role: 'clinician' }),
        201,
      );
      const mail = await vi.waitFor(() => {
        const found = invitationMails(email)[before];
        if (!found) throw new Error(`no invitation mail to ${email}`);
        return found;
      });
      const invitation = (res.json() as { invitations: { id: number; email: string }[] }).invitations.find(
        (i) => i.email === email,
      )!;
      return { token: /\/practice\/join\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!, id: invitation.id };
    }
    const owner = await person();
    await subscribeWithCard(t, owner, 'clinic');
    const member = await person();
    answered(
      await member.client.post('/api/practice/join', { token: (await invite(owner, member.email)).token }),
      200,
    );
    const outsider = await person();

    answered(await outsider.client.get('/api/practice'), 404);
    answered(
      await outsider.client.post('/api/practice/invitations', { email: 'x@example.com', role: 'clinician' }),
      404,
    );
    answered(await outsider.client.patch('/api/practice', { name: 'Elsewhere' }), 404);
    answered(await member.client.patch('/api/practice', { name: 'Mine now' }), 403);
    answered(
      await member.client.post('/api/practice/invitations', { email: 'x@example.com', role: 'clinician' }),
      403,
    );
    answered(
      await owner.client.post('/api/practice/invitations', { email: member.email, role: 'clinician' }),
      409,
    );
    answered(await owner.client.delete('/api/practice/invitations/999999'), 404);
    answered(await member.client.delete('/api/practice/invitations/1'), 403);
    answered(await owner.client.post('/api/practice/invitations/999999/resend'), 404);
    answered(await member.client.post('/api/practice/invitations/1/resend'), 403);
    answered(await owner.client.patch(`/api/practice/members/${owner.id}`, { role: 'admin' }), 409);
    answered(await member.client.patch(`/api/practice/members/${owner.id}`, { role: 'admin' }), 403);
    answered(await owner.client.patch('/api/practice/members/999999', { role: 'admin' }), 404);
    answered(await owner.client.delete(`/api/practice/members/${owner.id}`), 409);
    answered(await member.client.delete(`/api/practice/members/${owner.id}`), 403);
    answered(await owner.client.delete('/api/practice/members/999999'), 404);
    answered(await owner.client.post('/api/practice/leave'), 409);
    answered(await owner.client.delete('/api/user', { password: owner.password }), 409);
    answered(await outsider.client.post('/api/practice/leave'), 404);
    answered(await owner.client.post('/api/practice/transfer', { userId: owner.id }), 409);
    answered(await member.client.post('/api/practice/transfer', { userId: owner.id }), 403);
    answered(await owner.client.post('/api/practice/transfer', { userId: 999999 }), 404);
    // The audit trail: its owner's and admins', never a clinician's; nobody's outside the practice.
    for (const url of ['/api/practice/audit', '/api/practice/audit.csv']) {
      answered(await member.client.get(url), 403);
      answered(await outsider.client.get(url), 404);
    }

    // Governance: the policy, the access review and its CSV, the terms.
    answered(await outsider.client.patch('/api/practice/policy', { retentionDays: 7 }), 404);
    answered(await member.client.patch('/api/practice/policy', { retentionDays: 7 }), 403);
    answered(await owner.client.patch('/api/practice/policy', { requireTwoFactor: true }), 409);
    answered(await owner.client.patch('/api/practice/policy', { retentionDays: 7 }), 200);
    for (const path of ['/api/practice/members', '/api/practice/members.csv', '/api/practice/agreements']) {
      answered(await outsider.client.get(path), 404);
      answered(await member.client.get(path), 403);
      answered(await owner.client.get(path), 200);
    }
    answered(await outsider.client.post('/api/practice/members/reviewed'), 404);
    answered(await member.client.post('/api/practice/members/reviewed'), 403);
    answered(await owner.client.post('/api/practice/members/reviewed'), 200);
    answered(await outsider.client.post('/api/practice/agreements', { version: 'x' }), 404);
    answered(await member.client.post('/api/practice/agreements', { version: 'x' }), 403);
    answered(await owner.client.post('/api/practice/agreements', { version: 'x' }), 409);
    answered(await outsider.client.post('/api/practice/seat-request', { seats: 12 }), 404);
    answered(await member.client.post('/api/practice/seat-request', { seats: 12 }), 403);
    answered(await owner.client.post('/api/practice/seat-request', { seats: 1 }), 400);

    // Links: not one, withdrawn, for another address, for someone in a practice already.
    answered(
      await outsider.client.post('/api/practice/invitations/preview', { token: 'not-a-real-token-at-all' }),
      404,
    );
    answered(await outsider.client.post('/api/practice/join', { token: 'not-a-real-token-at-all' }), 404);
    const withdrawn = await invite(owner, `withdrawn.${outsider.email}`);
    answered(await owner.client.delete(`/api/practice/invitations/${withdrawn.id}`), 200);
    answered(
      await outsider.client.post('/api/practice/invitations/preview', { token: withdrawn.token }),
      410,
    );
    answered(await outsider.client.post('/api/practice/join', { token: withdrawn.token }), 410);
    const someoneElse = await invite(owner, `someone.else.${outsider.email}`);
    answered(await outsider.client.post('/api/practice/join', { token: someoneElse.token }), 403);
    const otherOwner = await person();
    await subscribeWithCard(t, otherOwner, 'clinic');
    answered(
      await member.client.post('/api/practice/join', {
        token: (await invite(otherOwner, member.email)).token,
      }),
      409,
    );

    // Accepting with Microsoft: a practice without its organisation, an invitation withdrawn; then, once
    // the practice has its organisation, an address that has an account, and an invitation withdrawn
    // while the person was at Microsoft.
    const visitor = client(t.app, nextIp());
    answered(
      await visitor.post('/api/auth/microsoft/start', { intent: 'join', invitation: someoneElse.token }),
      409,
    );
    answered(
      await visitor.post('/api/auth/microsoft/start', { intent: 'join', invitation: withdrawn.token }),
      410,
    );
    const tenant = '3c0f7e43-0c1b-4a2e-9f55-0000000e7702';
    const work = (n: number) => ({
      tid: tenant,
      oid: `errors-practice-oid-${n}`,
      preferredUsername: `errors.practice${n}@nhs.net`,
      amr: ['pwd', 'mfa'],
    });
    const ownerHere = elsewhere(otherOwner);
    await signInAtMicrosoft(ownerHere, microsoft, APP_URL, work(1), { intent: 'link' });
    answered(await ownerHere.post('/api/user/microsoft'), 201);
    answered(await ownerHere.patch('/api/practice/policy', { microsoftTenant: tenant }), 200);
    const hasAccount = client(t.app, nextIp());
    await signInAtMicrosoft(hasAccount, microsoft, APP_URL, work(2), {
      intent: 'join',
      invitation: (await invite(otherOwner, outsider.email)).token,
    });
    answered(await hasAccount.post('/api/auth/microsoft/join'), 409);
    const late = await invite(otherOwner, `late.${outsider.email}`);
    const away = client(t.app, nextIp());
    await signInAtMicrosoft(away, microsoft, APP_URL, work(3), { intent: 'join', invitation: late.token });
    answered(await otherOwner.client.delete(`/api/practice/invitations/${late.id}`), 200);
    answered(await away.post('/api/auth/microsoft/join'), 410);
    // Once the practice requires Microsoft, only Microsoft confirms it is them.
    answered(await ownerHere.patch('/api/practice/policy', { requireMicrosoft: true }), 200);
    answered(await elsewhere(otherOwner).post('/api/user/reauth', { password: otherOwner.password }), 403);
  });

  it('sign in with Microsoft', async () => {
    const tenant = '3c0f7e43-0c1b-4a2e-9f55-0000000e7701';
    const account = { tid: tenant, oid: 'errors-oid-1', preferredUsername: 'errors@nhs.net', amr: ['pwd'] };
    const visitor = client(t.app, nextIp());
    answered(await visitor.post('/api/auth/microsoft/start', { intent: 'link' }), 401);
    answered(await visitor.post('/api/auth/microsoft/sign-in'), 401);
    const first = await person();
    const [a, b] = [first.client, (await person()).client];
    answered(await a.delete('/api/user/microsoft'), 404);
    await signInAtMicrosoft(a, microsoft, APP_URL, account, { intent: 'link' });
    answered(await a.post('/api/user/microsoft'), 201);
    await signInAtMicrosoft(b, microsoft, APP_URL, account, { intent: 'link' });
    answered(await b.post('/api/user/microsoft'), 409);
    // 'Confirm it's you' with Microsoft: none begun, the linked account, another of the same name.
    answered(await a.post('/api/user/reauth/microsoft'), 401);
    answered(await b.post('/api/auth/microsoft/start', { intent: 'reauth' }), 404);
    await signInAtMicrosoft(a, microsoft, APP_URL, account, { intent: 'reauth' });
    answered(await a.post('/api/user/reauth/microsoft'), 200);
    await signInAtMicrosoft(a, microsoft, APP_URL, { ...account, oid: 'errors-oid-2' }, { intent: 'reauth' });
    answered(await a.post('/api/user/reauth/microsoft'), 403);
    await t.db.execute(sql`update users set password = '' where id = ${first.id}`);
    answered(await a.delete('/api/user/microsoft'), 409);
    // Not configured: every route says so.
    const { client: unset } = await person(off);
    answered(await unset.get('/api/user/microsoft'), 404);
    answered(await unset.post('/api/user/microsoft'), 404);
    answered(await unset.post('/api/user/reauth/microsoft'), 404);
    answered(await unset.delete('/api/user/microsoft'), 404);
    answered(await unset.post('/api/auth/microsoft/start', { intent: 'sign-in' }), 404);
    answered(await unset.post('/api/auth/microsoft/sign-in'), 404);
    answered(await unset.post('/api/auth/microsoft/join'), 404);
    answered(await unset.get('/api/auth/microsoft/callback?code=a&state=b'), 404);
  });

  it('referrals', async () => {
    const referrer = await person();
    const code = (await referrer.client.get('/api/referrals/code')).json().referralCode as string;
    answered(await referrer.client.post('/api/referrals', { friendEmail: referrer.email }), 400);
    const invite = (c: Client) => c.post('/api/referrals', { friendEmail: 'errors.friend@example.com' });
    answered(await invite(elsewhere(referrer)), 201);
    answered(await invite(elsewhere(referrer)), 409);
    answered(await referrer.client.post('/api/subscription/referral', { code: 'NOSUCHCODE' }), 400);
    answered(await referrer.client.delete('/api/subscription/referral'), 404);

    // Applied to a subscription being set up: Stripe failing either way, then applied twice.
    const friend = await person();
    answered(await friend.client.post('/api/create-subscription', { planId: 'pro' }), 200);
    await stripeFails(() => friend.client.post('/api/subscription/referral', { code }));
    answered(await friend.client.post('/api/subscription/referral', { code }), 201);
    answered(await friend.client.post('/api/subscription/referral', { code }), 409);
    await stripeFails(() => friend.client.delete('/api/subscription/referral'));
  });

  it('subscriptions and billing', async () => {
    const fresh = await person();
    const noSubscription: [method: 'GET' | 'POST', url: string, body?: Record<string, unknown>][] = [
      ['POST', '/api/subscription/freeze'],
      ['POST', '/api/subscription/discount'],
      ['GET', '/api/subscription/change-plan/preview?planId=clinic'],
      ['POST', '/api/subscription/change-plan', { planId: 'clinic' }],
      ['POST', '/api/subscription/change-plan/complete', { planId: 'clinic' }],
      ['POST', '/api/subscription/cancel', {}],
      ['POST', '/api/subscription/keep'],
      ['POST', '/api/billing/card'],
      ['POST', '/api/billing/card/confirm', { setupIntentId: 'seti_errors' }],
      ['POST', '/api/billing/portal'],
    ];
    for (const [method, url, body] of noSubscription)
      answered(await call(fresh.client, method, url, body), 400);
    await stripeFails(() => fresh.client.post('/api/create-subscription', { planId: 'pro' }));

    const u = await paying();
    answered(await u.client.post('/api/create-subscription', { planId: 'pro' }), 409);
    answered(await u.client.get('/api/subscription/change-plan/preview?planId=pro'), 409);
    answered(await u.client.post('/api/subscription/change-plan', { planId: 'pro' }), 409);
    await stripeFails(() => u.client.post('/api/subscription/sync'));
    await stripeFails(() => u.client.post('/api/subscription/freeze'));
    await stripeFails(() => u.client.post('/api/subscription/discount'));
    await stripeFails(() => u.client.get('/api/subscription/change-plan/preview?planId=clinic'));
    await stripeFails(() => u.client.post('/api/subscription/change-plan', { planId: 'clinic' }));
    await stripeFails(() => u.client.post('/api/subscription/change-plan/complete', { planId: 'clinic' }));
    await stripeFails(() => u.client.post('/api/subscription/cancel', {}));
    await stripeFails(() => u.client.post('/api/subscription/keep'));
    await stripeFails(() => u.client.get('/api/billing/invoices'));
    await stripeFails(() => u.client.get('/api/billing/payment-method'));
    await stripeFails(() => u.client.post('/api/billing/card'));
    await stripeFails(() => u.client.post('/api/billing/card/confirm', { setupIntentId: 'seti_errors' }));
    await stripeFails(() => u.client.put('/api/billing/details', DETAILS));
    await stripeFails(() => u.client.post('/api/billing/portal'));
    await stripeFails(() => u.client.delete('/api/user', { password: u.password }));
    answered(await u.client.post('/api/subscription/discount'), 200);
    answered(await u.client.post('/api/subscription/discount'), 409);

    // Declined: a switch that charges, and an unpaid renewal charged to a new card.
    const declining = await paying({ last4: DECLINING_CARD });
    answered(await declining.client.post('/api/subscription/change-plan', { planId: 'clinic' }), 402);
    const pastDue = await paying({ last4: DECLINING_CARD });
    const card = answered(await pastDue.client.post('/api/billing/card'), 200);
    const setupIntentId = card.json().clientSecret.split('_secret_')[0]!;
    await t.deliverAll(t.fake.confirmSetupIntent(setupIntentId, { last4: DECLINING_CARD }));
    answered(await pastDue.client.post('/api/billing/card/confirm', { setupIntentId }), 402);
    // The bank's check in the page, failed: the switch is called off.
    const asked = await paying({ last4: ALWAYS_AUTHENTICATES });
    const record = t.fake.state.subscriptions.get(await subscriptionOf(asked.id))!;
    if (record.status === 'past_due')
      await t.deliverAll(t.fake.confirmRequiredAction(record.latest_invoice!));
    answered(await asked.client.post('/api/subscription/change-plan', { planId: 'clinic' }), 202);
    const intent = t.fake.state.invoices.get(record.latest_invoice!)!.payment_intent!;
    await t.deliverAll(t.fake.authenticate(intent, false));
    answered(await asked.client.post('/api/subscription/change-plan/complete', { planId: 'clinic' }), 402);
  });

  it('without payments or metrics configured', async () => {
    const u = await person(off);
    const needPayments: [method: 'GET' | 'POST' | 'PUT', url: string, body?: Record<string, unknown>][] = [
      ['POST', '/api/create-subscription', { planId: 'pro' }],
      ['GET', '/api/subscription/change-plan/preview?planId=clinic'],
      ['POST', '/api/subscription/change-plan', { planId: 'clinic' }],
      ['POST', '/api/subscription/change-plan/complete', { planId: 'clinic' }],
      ['POST', '/api/billing/card'],
      ['POST', '/api/billing/card/confirm', { setupIntentId: 'seti_errors' }],
      ['PUT', '/api/billing/details', DETAILS],
      ['POST', '/api/billing/portal'],
    ];
    for (const [method, url, body] of needPayments) answered(await call(u.client, method, url, body), 503);
    answered(
      await off.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      }),
      503,
    );
    answered(await off.app.inject({ method: 'GET', url: '/metrics' }), 404);
    // That 404 is the not-found handler's (callNotFound), outside the route's own hooks.
    bare.statuses.set('GET /metrics', new Set([404]));
    off.app.ctx.lifecycle.shuttingDown = true;
    answered(await off.app.inject({ method: 'GET', url: '/api/health/ready' }), 503);
    off.app.ctx.lifecycle.shuttingDown = false;
  });
});

describe('the API document', () => {
  it('names for each operation only error statuses it gave above', () => {
    const given = (key: string) =>
      new Set([...(main.statuses.get(key) ?? []), ...(bare.statuses.get(key) ?? [])]);
    const never = [...documentedStatuses(t.app)].flatMap(([key, codes]) =>
      [...codes].filter((code) => code >= 400 && !given(key).has(code)).map((code) => `${key} ${code}`),
    );
    expect(never).toEqual([]);
  });
});
