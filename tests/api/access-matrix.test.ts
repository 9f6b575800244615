/**
 * Who may call what. Every route the app registers (enumerated from the app itself) must have a row
 * in ROUTES below, so a new route cannot be forgotten; each is then called with no session, a user
 * session, an admin session, and the two crossed (a user's token in the admin cookie and the
 * reverse), and must answer as its class allows:
 *
 *   public  the same answer for everyone
 *   user    401 without a user cookie (an admin cookie alone, or in the user cookie's place, is not one)
 *   admin   401 without an admin cookie (a user cookie, or a user token in the admin cookie, is not one)
 *   stripe  the webhook: sessions mean nothing, the signature decides
 *   signIn  the note app's sign-in at the provider: without a user cookie the browser is sent to sign
 *           in (303 to /auth); with one, the flow goes on
 *
 * A row whose allowed answer is a refusal names its message, compared too. The guards run before
 * validation (docs/decisions/083-guards-declared-per-route.md): every guarded route that validates
 * anything, called with a bad request, answers 401 to a caller without a session and the validation's
 * 400 to one it allows.
 *
 * No user route takes a user id (each acts on the session's user), so "another user's data" is
 * checked by calling every user route as user B and finding none of user A's identifiers in the answers.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { APP_URL, newUser, signedInUser, stripeApp, WEBHOOK_SECRET } from '../support/app';
import {
  MADE_UP_ASSERTION,
  MADE_UP_REGISTRATION,
  mintSession,
  routeKey,
  routeRecorder,
  undocumentedStatuses,
} from '../support/routes';
import { enrolledAdmin } from '../support/two-factor';

const { routes, onRoute, statuses } = routeRecorder();
const METRICS_TOKEN = 'matrix-scraper-token-0123456789';
const t = await stripeApp(
  { LOGIN_RATE_LIMIT: '100000', FORM_RATE_LIMIT: '100000', METRICS_TOKEN },
  { onRoute },
);

const ADMIN = { username: 'matrixboss', email: 'matrixboss@example.com', password: 'matrix admin secret' };
// Enrolled by TOTP through the API: admins must have a second factor (docs/architecture.md#safety).
const { admin } = await enrolledAdmin(t, ADMIN);
// A user that anyone may sign in as (the login route is public).
const loginable = await signedInUser(t.app);

type Caller = Awaited<ReturnType<typeof signedInUser>>;
/** `path` fills in the route's parameters. */
type Call = {
  path?: string;
  body?: Record<string, unknown>;
  query?: string;
  headers?: Record<string, string>;
};
type Row = {
  access: 'public' | 'user' | 'admin' | 'stripe' | 'signIn';
  /** The request; `as` is the user whose session goes with it (a fresh one for each call). */
  call?: (as: Caller) => Call;
  /** The answer a caller the route allows gets. */
  allowed: number;
  /** Its message, where `allowed` is a refusal (the handler's own, so the request got that far). */
  message?: string;
  /** The OpenID Provider's endpoints answer errors as OAuth does ({error, error_description}). */
  oauth?: true;
};

/** The admin lists' CSV files (admin/routes.ts). */
const ADMIN_CSV = ['users', 'subscriptions', 'referrals', 'subscribers', 'practices'].map(
  (list) => `/api/admin/${list}.csv`,
);

const MICROSOFT_OFF = 'Sign in with Microsoft is not set up here.';

let counter = 0;
const fresh = (what: string) => `${what}${Date.now().toString(36)}${++counter}@example.com`;

const ROUTES: Record<string, Row> = {
  'GET /api/health': { access: 'public', allowed: 200 },
  'GET /api/health/ready': { access: 'public', allowed: 200 },
  // Prometheus's: the bearer token decides, whoever's cookies come with it (metrics.test.ts: 401
  // without it, 404 when no token is configured).
  'GET /metrics': {
    access: 'public',
    call: () => ({ headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
    allowed: 200,
  },
  'GET /api/config': { access: 'public', allowed: 200 },
  'GET /api/subscription-plans': { access: 'public', allowed: 200 },
  'GET /.well-known/security.txt': { access: 'public', allowed: 200 },
  'GET /api/openapi.json': { access: 'public', allowed: 200 },
  'POST /api/register': { access: 'public', call: () => ({ body: newUser() }), allowed: 201 },
  'POST /api/login': {
    access: 'public',
    call: () => ({ body: { username: loginable.username, password: loginable.password } }),
    allowed: 200,
  },
  'POST /api/logout': { access: 'public', allowed: 200 },
  'POST /api/password-reset/request': {
    access: 'public',
    call: () => ({ body: { email: fresh('reset') } }),
    allowed: 200,
  },
  'POST /api/password-reset/confirm': {
    access: 'public',
    call: () => ({ body: { token: 'not-a-real-token-at-all', password: 'long enough password' } }),
    allowed: 400,
    message: 'This reset link is invalid or has expired. Please request a new one.',
  },
  'POST /api/admin/login': {
    access: 'public',
    call: () => ({ body: { username: ADMIN.username, password: ADMIN.password } }),
    allowed: 200,
  },
  'POST /api/admin/logout': { access: 'public', allowed: 200 },
  // The second step of a sign-in: without a pending one (the cn_2fa cookie) 401 for everyone.
  'POST /api/login/2fa': {
    access: 'public',
    call: () => ({ body: { code: '123456' } }),
    allowed: 401,
    message: 'Your sign-in timed out. Please sign in again.',
  },
  'POST /api/admin/login/2fa': {
    access: 'public',
    call: () => ({ body: { code: '123456' } }),
    allowed: 401,
    message: 'Your sign-in timed out. Please sign in again.',
  },
  'POST /api/newsletter': {
    access: 'public',
    call: () => ({ body: { email: fresh('news') } }),
    allowed: 201,
  },
  'GET /api/newsletter/unsubscribe': {
    access: 'public',
    call: () => ({ query: '?token=unknown' }),
    allowed: 303,
  },
  'POST /api/newsletter/unsubscribe': {
    access: 'public',
    call: () => ({ body: { token: 'unknown' } }),
    allowed: 404,
    message: 'This unsubscribe link is not valid or has already been used.',
  },
  'POST /api/contact': {
    access: 'public',
    call: () => ({
      body: { kind: 'demo', name: 'Dr Matrix', email: fresh('contact'), message: 'Please show me a demo.' },
    }),
    allowed: 201,
  },

  'GET /api/user': { access: 'user', allowed: 200 },
  'PATCH /api/user': {
    access: 'user',
    call: (u) => ({ body: { username: u.username, email: u.email } }),
    allowed: 200,
  },
  'POST /api/user/change-password': {
    access: 'user',
    call: (u) => ({
      body: { currentPassword: u.password, newPassword: u.password, confirmPassword: u.password },
    }),
    allowed: 200,
  },
  // Open to visitors (the link may be opened on another device): a made-up link is refused alike.
  'POST /api/user/verify-email': {
    access: 'public',
    call: () => ({ body: { token: 'not-a-real-token-at-all' } }),
    allowed: 400,
    message: 'This link is invalid or has expired. Please ask for a new one from your account.',
  },
  'POST /api/user/verify-email/resend': { access: 'user', allowed: 200 },
  'POST /api/user/sign-out-others': { access: 'user', allowed: 200 },
  'GET /api/user/export': { access: 'user', allowed: 200 },
  'GET /api/user/security': { access: 'user', allowed: 200 },
  'GET /api/user/2fa': { access: 'user', allowed: 200 },
  'POST /api/user/2fa/totp/setup': { access: 'user', allowed: 200 },
  // A new user has no pending setup, and no TOTP on: 400 from the handler.
  'POST /api/user/2fa/totp/enable': {
    access: 'user',
    call: () => ({ body: { code: '123456' } }),
    allowed: 400,
    message: 'Start again: set up two-factor sign-in first.',
  },
  'POST /api/user/2fa/totp/disable': {
    access: 'user',
    call: () => ({ body: { code: '123456' } }),
    allowed: 400,
    message: 'Two-factor sign-in is not on.',
  },
  'POST /api/user/2fa/recovery-codes': {
    access: 'user',
    allowed: 400,
    message: 'Two-factor sign-in is not on.',
  },
  'POST /api/user/reauth': {
    access: 'user',
    call: (u) => ({ body: { password: u.password } }),
    allowed: 200,
  },
  // A well-formed id of no session of theirs: the 404 comes from the handler.
  'DELETE /api/user/sessions/:id': {
    access: 'user',
    call: () => ({ path: `/api/user/sessions/${'0'.repeat(64)}` }),
    allowed: 404,
    message: 'That session has already ended.',
  },
  // The handler asks for the password again: a wrong one proves the request got that far.
  'DELETE /api/user': {
    access: 'user',
    call: () => ({ body: { password: 'not my password' } }),
    allowed: 400,
    message: 'Password is incorrect',
  },
  'POST /api/create-subscription': {
    access: 'user',
    call: () => ({ body: { planId: 'pro' } }),
    allowed: 200,
  },
  'POST /api/subscription/sync': { access: 'user', allowed: 200 },
  'GET /api/subscription': { access: 'user', allowed: 200 },
  // A new user has no subscription: 400 'You have no active subscription.' comes from the handler.
  'POST /api/subscription/freeze': {
    access: 'user',
    allowed: 400,
    message: 'You have no active subscription.',
  },
  'POST /api/subscription/discount': {
    access: 'user',
    allowed: 400,
    message: 'You have no active subscription.',
  },
  'POST /api/subscription/cancel': {
    access: 'user',
    allowed: 400,
    message: 'You have no active subscription.',
  },
  'POST /api/subscription/keep': {
    access: 'user',
    allowed: 400,
    message: 'You have no active subscription.',
  },
  'GET /api/billing/invoices': { access: 'user', allowed: 200 },
  'GET /api/billing/payment-method': { access: 'user', allowed: 200 },
  'POST /api/billing/portal': { access: 'user', allowed: 400, message: 'You have no billing account yet.' },
  'GET /api/billing/details': { access: 'user', allowed: 200 },
  // A new user has no subscription: 400 'You have no active subscription.' comes from the handler.
  'POST /api/billing/card': { access: 'user', allowed: 400, message: 'You have no active subscription.' },
  'POST /api/billing/card/confirm': {
    access: 'user',
    call: () => ({ body: { setupIntentId: 'seti_matrix' } }),
    allowed: 400,
    message: 'You have no active subscription.',
  },
  // Saved on the Stripe customer (made for the person if they have none yet).
  'PUT /api/billing/details': {
    access: 'user',
    call: () => ({
      body: {
        name: 'Matrix Dental',
        line1: '1 High Street',
        city: 'Leeds',
        postcode: 'LS1 4AP',
        vatNumber: '',
      },
    }),
    allowed: 200,
  },
  'GET /api/referrals/code': { access: 'user', allowed: 200 },
  'GET /api/referrals/stats': { access: 'user', allowed: 200 },
  'GET /api/referrals': { access: 'user', allowed: 200 },
  'POST /api/referrals': {
    access: 'user',
    call: () => ({ body: { friendEmail: fresh('friend') } }),
    allowed: 201,
  },
  'POST /api/validate-referral-code': {
    access: 'user',
    call: () => ({ body: { code: 'NOSUCHCODE' } }),
    allowed: 200,
  },
  'POST /api/subscription/referral': {
    access: 'user',
    call: () => ({ body: { code: 'NOSUCHCODE' } }),
    allowed: 400,
    message: 'This referral code does not exist.',
  },
  // No caller here has a referral code applied: 404.
  'DELETE /api/subscription/referral': {
    access: 'user',
    allowed: 404,
    message: 'No referral code is applied to a subscription being set up.',
  },

  // Every caller here has no subscription: 400 'You have no active subscription.'
  'GET /api/subscription/change-plan/preview': {
    access: 'user',
    call: () => ({ query: '?planId=clinic' }),
    allowed: 400,
    message: 'You have no active subscription.',
  },
  'POST /api/subscription/change-plan': {
    access: 'user',
    call: () => ({ body: { planId: 'clinic' } }),
    allowed: 400,
    message: 'You have no active subscription.',
  },
  'POST /api/subscription/change-plan/complete': {
    access: 'user',
    call: () => ({ body: { planId: 'clinic' } }),
    allowed: 400,
    message: 'You have no active subscription.',
  },

  // A user in no practice (every caller here) finds none to act on: 404, never another's.
  'GET /api/practice': { access: 'user', allowed: 404, message: 'You are not in a practice.' },
  'PATCH /api/practice': {
    access: 'user',
    call: () => ({ body: { name: 'Matrix Dental' } }),
    allowed: 404,
    message: 'You are not in a practice.',
  },
  'POST /api/practice/invitations': {
    access: 'user',
    call: () => ({ body: { email: fresh('invitee'), role: 'clinician' } }),
    allowed: 404,
    message: 'You are not in a practice.',
  },
  'DELETE /api/practice/invitations/:id': {
    access: 'user',
    call: () => ({ path: '/api/practice/invitations/1' }),
    allowed: 404,
    message: 'You are not in a practice.',
  },
  'POST /api/practice/invitations/:id/resend': {
    access: 'user',
    call: () => ({ path: '/api/practice/invitations/1/resend' }),
    allowed: 404,
    message: 'You are not in a practice.',
  },
  // Open to visitors: the join page shows an invitation before the person signs in.
  'POST /api/practice/invitations/preview': {
    access: 'public',
    call: () => ({ body: { token: 'not-a-real-token-at-all' } }),
    allowed: 404,
    message: 'This invitation link is invalid.',
  },
  'POST /api/practice/join': {
    access: 'user',
    call: () => ({ body: { token: 'not-a-real-token-at-all' } }),
    allowed: 404,
    message: 'This invitation link is invalid.',
  },
  'PATCH /api/practice/members/:userId': {
    access: 'user',
    call: () => ({ path: '/api/practice/members/1', body: { role: 'admin' } }),
    allowed: 404,
    message: 'You are not in a practice.',
  },
  'DELETE /api/practice/members/:userId': {
    access: 'user',
    call: () => ({ path: '/api/practice/members/1' }),
    allowed: 404,
    message: 'You are not in a practice.',
  },
  'POST /api/practice/leave': { access: 'user', allowed: 404, message: 'You are not in a practice.' },
  'GET /api/practice/audit': { access: 'user', allowed: 404, message: 'You are not in a practice.' },
  'GET /api/practice/audit.csv': { access: 'user', allowed: 404, message: 'You are not in a practice.' },
  'POST /api/practice/transfer': {
    access: 'user',
    call: () => ({ body: { userId: 1 } }),
    allowed: 404,
    message: 'You are not in a practice.',
  },
  // Governance (tests/api/practice-governance.test.ts: the owner and admins yes, a clinician 403).
  'PATCH /api/practice/policy': {
    access: 'user',
    call: () => ({ body: { retentionDays: 7 } }),
    allowed: 404,
    message: 'You are not in a practice.',
  },
  'GET /api/practice/members': { access: 'user', allowed: 404, message: 'You are not in a practice.' },
  'POST /api/practice/members/reviewed': {
    access: 'user',
    allowed: 404,
    message: 'You are not in a practice.',
  },
  'GET /api/practice/members.csv': { access: 'user', allowed: 404, message: 'You are not in a practice.' },
  'GET /api/practice/agreements': { access: 'user', allowed: 404, message: 'You are not in a practice.' },
  'POST /api/practice/agreements': {
    access: 'user',
    call: () => ({ body: { version: 'a'.repeat(64) } }),
    allowed: 404,
    message: 'You are not in a practice.',
  },
  'POST /api/practice/seat-request': {
    access: 'user',
    call: () => ({ body: { seats: 12 } }),
    allowed: 404,
    message: 'You are not in a practice.',
  },

  'GET /api/user/passkeys': { access: 'user', allowed: 200 },
  'POST /api/user/passkeys/registration-options': { access: 'user', allowed: 200 },
  // Well formed, but this browser asked for no options: 400 'try adding the passkey again' from the handler.
  'POST /api/user/passkeys/registration': {
    access: 'user',
    call: () => ({ body: { name: 'Laptop', response: MADE_UP_REGISTRATION } }),
    allowed: 400,
    message: 'That took too long. Please try adding the passkey again.',
  },
  // An id of no passkey of theirs: the 404 comes from the handler.
  'PATCH /api/user/passkeys/:id': {
    access: 'user',
    call: () => ({ path: '/api/user/passkeys/999999', body: { name: 'Laptop' } }),
    allowed: 404,
    message: 'You have no passkey with that id.',
  },
  'DELETE /api/user/passkeys/:id': {
    access: 'user',
    call: () => ({ path: '/api/user/passkeys/999999' }),
    allowed: 404,
    message: 'You have no passkey with that id.',
  },
  'POST /api/login/passkey/options': { access: 'public', allowed: 200 },
  // Sign in with Microsoft is not configured here: each route answers its own 404 (microsoft-sign-in.test.ts
  // calls them configured, with the stand-in Microsoft).
  'POST /api/auth/microsoft/start': {
    access: 'public',
    call: () => ({ body: { intent: 'sign-in' } }),
    allowed: 404,
    message: MICROSOFT_OFF,
  },
  'GET /api/auth/microsoft/callback': { access: 'public', allowed: 404, message: MICROSOFT_OFF },
  'POST /api/auth/microsoft/sign-in': { access: 'public', allowed: 404, message: MICROSOFT_OFF },
  'POST /api/auth/microsoft/join': { access: 'public', allowed: 404, message: MICROSOFT_OFF },
  'GET /api/user/microsoft': { access: 'user', allowed: 404, message: MICROSOFT_OFF },
  'POST /api/user/microsoft': { access: 'user', allowed: 404, message: MICROSOFT_OFF },
  'DELETE /api/user/microsoft': { access: 'user', allowed: 404, message: MICROSOFT_OFF },
  'POST /api/user/reauth/microsoft': { access: 'user', allowed: 404, message: MICROSOFT_OFF },
  // No options were asked for: 400 for everyone, signed in or not.
  'POST /api/login/passkey': {
    access: 'public',
    call: () => ({ body: { response: MADE_UP_ASSERTION } }),
    allowed: 400,
    message: 'That took too long. Please try signing in with your passkey again.',
  },

  // Without a pending admin sign-in (a right password first): 401 'timed out' for everyone.
  'POST /api/admin/login/passkey/options': {
    access: 'public',
    allowed: 401,
    message: 'Your sign-in timed out. Please sign in again.',
  },
  'POST /api/admin/login/passkey': {
    access: 'public',
    call: () => ({ body: { response: MADE_UP_ASSERTION } }),
    allowed: 401,
    message: 'Your sign-in timed out. Please sign in again.',
  },

  'GET /api/admin/user': { access: 'admin', allowed: 200 },
  'POST /api/admin/passkeys/registration-options': { access: 'admin', allowed: 200 },
  // Well formed, but this browser asked for no options: 400 from the handler.
  'POST /api/admin/passkeys/registration': {
    access: 'admin',
    call: () => ({ body: { name: 'Laptop', response: MADE_UP_REGISTRATION } }),
    allowed: 400,
    message: 'That took too long. Please try adding the passkey again.',
  },
  // The matrix's admin has enrolled already: 409 'Two-factor sign-in is already on.' from the handler.
  'POST /api/admin/2fa/totp/setup': {
    access: 'admin',
    allowed: 409,
    message: 'Two-factor sign-in is already on.',
  },
  'POST /api/admin/2fa/totp/enable': {
    access: 'admin',
    call: () => ({ body: { code: '123456' } }),
    allowed: 409,
    message: 'Two-factor sign-in is already on.',
  },
  'POST /api/admin/reauth': {
    access: 'admin',
    call: () => ({ body: { password: ADMIN.password } }),
    allowed: 200,
  },
  'GET /api/admin/stats': { access: 'admin', allowed: 200 },
  'GET /api/admin/users': { access: 'admin', allowed: 200 },
  'GET /api/admin/users/:id': {
    access: 'admin',
    call: (as) => ({ path: `/api/admin/users/${as.id}` }),
    allowed: 200,
  },
  'GET /api/admin/subscribers': { access: 'admin', allowed: 200 },
  'GET /api/admin/referrals': { access: 'admin', allowed: 200 },
  'GET /api/admin/practices': { access: 'admin', allowed: 200 },
  'POST /api/admin/users/:id/end-sessions': {
    access: 'admin',
    call: (as) => ({ path: `/api/admin/users/${as.id}/end-sessions` }),
    allowed: 200,
  },
  // The lists as CSV, made by the server and recorded as each is given.
  'GET /api/admin/users.csv': { access: 'admin', allowed: 200 },
  'GET /api/admin/subscriptions.csv': { access: 'admin', allowed: 200 },
  'GET /api/admin/referrals.csv': { access: 'admin', allowed: 200 },
  'GET /api/admin/subscribers.csv': { access: 'admin', allowed: 200 },
  'GET /api/admin/practices.csv': { access: 'admin', allowed: 200 },
  'GET /api/admin/audit': { access: 'admin', allowed: 200 },
  'GET /api/admin/audit.csv': { access: 'admin', allowed: 200 },

  // Without a valid signature 400 for everyone; a signed event 200 for everyone (below).
  'GET /api/audit-criteria': { access: 'public', allowed: 200 },
  // The note app's server, by its client-credentials token: a cookie, a user's or an admin's, is no token.
  'POST /api/note-app/reports': {
    access: 'public',
    call: () => ({ body: { reports: [{}] } }),
    allowed: 401,
    message: 'A note-app access token is required: client credentials from /oidc/token, as a Bearer token.',
  },
  'POST /api/stripe/webhook': { access: 'stripe', allowed: 400, message: 'Invalid Stripe signature' },
  // The OpenID Provider (docs/architecture.md#note-app-sign-in): its documents are public; its endpoints authenticate
  // the client, not a session; its sign-in step needs the user's session.
  'GET /oidc/*': {
    access: 'public',
    call: () => ({ path: '/oidc/.well-known/openid-configuration' }),
    allowed: 200,
  },
  'POST /oidc/*': {
    access: 'public',
    call: () => ({ path: '/oidc/token', body: {} }),
    allowed: 400,
    message: 'invalid_request',
    oauth: true,
  },
  // With a session but no interaction cookie (no flow under way): the 'sign-in expired' page.
  'GET /oidc/interaction/:uid': {
    access: 'signIn',
    call: () => ({ path: '/oidc/interaction/made-up-interaction' }),
    allowed: 400,
  },
};

type Cookies = { cn_session?: string; cn_admin_session?: string };

async function call(key: string, row: Row, as: Caller, cookies: Cookies) {
  const [method, url] = key.split(' ') as ['GET', string];
  const req = row.call?.(as) ?? {};
  return t.app.inject({
    method,
    url: `${req.path ?? url}${req.query ?? ''}`,
    headers: { ...(method === 'GET' ? {} : { origin: APP_URL }), ...req.headers },
    cookies,
    ...(req.body ? { payload: req.body } : {}),
  });
}

describe('the access table', () => {
  it('classifies every route the app serves, and lists no route it does not serve', () => {
    const served = routes.map(routeKey).sort();
    expect(
      served.filter((k) => !(k in ROUTES)),
      'routes missing from ROUTES',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((k) => !served.includes(k)),
      'rows for routes the app lacks',
    ).toEqual([]);
  });
});

describe('every route answers only the callers its class allows', () => {
  for (const route of routes) {
    const key = routeKey(route);
    const row = ROUTES[key];
    if (!row) continue; // reported by the test above
    it(`${key} (${row.access})`, async () => {
      // The callers the route may allow are new users, so no call sees the effects of another
      // (a subscription already made, a session already ended).
      const u1 = await signedInUser(t.app);
      const u2 = await signedInUser(t.app);
      const token = (u: Caller) => u.client.jar.get('cn_session')!;
      const adminToken = () => mintSession(t.app, 'admin', admin.id);
      const answers = {
        nobody: await call(key, row, u1, {}),
        user: await call(key, row, u1, { cn_session: token(u1) }),
        admin: await call(key, row, u1, { cn_admin_session: await adminToken() }),
        adminTokenAsUser: await call(key, row, u1, { cn_session: await adminToken() }),
        userTokenAsAdmin: await call(key, row, u1, {
          cn_admin_session: await mintSession(t.app, 'user', u1.id),
        }),
        both: await call(key, row, u2, { cn_session: token(u2), cn_admin_session: await adminToken() }),
        madeUp: await call(key, row, u1, {
          cn_session: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA',
          cn_admin_session: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA',
        }),
      };
      const statuses = Object.fromEntries(Object.entries(answers).map(([who, res]) => [who, res.statusCode]));
      const expected = {
        public: {
          nobody: 'ok',
          user: 'ok',
          admin: 'ok',
          adminTokenAsUser: 'ok',
          userTokenAsAdmin: 'ok',
          both: 'ok',
          madeUp: 'ok',
        },
        stripe: {
          nobody: 'ok',
          user: 'ok',
          admin: 'ok',
          adminTokenAsUser: 'ok',
          userTokenAsAdmin: 'ok',
          both: 'ok',
          madeUp: 'ok',
        },
        user: {
          nobody: 401,
          user: 'ok',
          admin: 401,
          adminTokenAsUser: 401,
          userTokenAsAdmin: 401,
          both: 'ok',
          madeUp: 401,
        },
        admin: {
          nobody: 401,
          user: 401,
          admin: 'ok',
          adminTokenAsUser: 401,
          userTokenAsAdmin: 401,
          both: 'ok',
          madeUp: 401,
        },
        signIn: {
          nobody: 303,
          user: 'ok',
          admin: 303,
          adminTokenAsUser: 303,
          userTokenAsAdmin: 303,
          both: 'ok',
          madeUp: 303,
        },
      }[row.access];
      const want = Object.fromEntries(
        Object.entries(expected).map(([who, status]) => [who, status === 'ok' ? row.allowed : status]),
      );
      expect(statuses, key).toEqual(want);
      const allowedAnswers = Object.entries(answers).filter(
        ([who]) => expected[who as keyof typeof expected] === 'ok',
      );
      if (row.allowed >= 400 && row.access !== 'signIn')
        for (const [, res] of allowedAnswers) {
          const { message, error } = res.json();
          expect(row.oauth ? error : message, key).toBe(row.message);
        }
      for (const res of Object.values(answers)) {
        // A public route's own 401 (a pending sign-in missing) says so; a guard's says 'Not authenticated'.
        if (res.statusCode === 401 && row.access !== 'public')
          expect(res.json()).toEqual({ message: 'Not authenticated' });
        if (res.statusCode >= 400 && row.oauth) expect(typeof res.json().error).toBe('string');
        else if (res.statusCode >= 400 && row.access !== 'signIn')
          expect(typeof res.json().message).toBe('string');
      }
    });
  }

  it('the webhook ignores sessions: a signed event is accepted whoever else is signed in', async () => {
    const u = await signedInUser(t.app);
    const results = [];
    const cookieSets: Record<string, string>[] = [
      {},
      { cn_session: u.client.jar.get('cn_session')! },
      { cn_admin_session: await mintSession(t.app, 'admin', admin.id) },
    ];
    for (const cookies of cookieSets) {
      const payload = JSON.stringify({
        id: fresh('evt_matrix_'),
        object: 'event',
        type: 'ping',
        data: { object: {} },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        cookies,
        payload,
      });
      results.push(res.statusCode);
    }
    expect(results).toEqual([200, 200, 200]);
  });
});

describe('a guard answers before the request is validated', () => {
  // Each route that validates a body, query or parameters, called with all three wrong: the caller
  // it allows gets the validation's 400, and a caller without a session the guard's 401.
  const validated = routes.filter(
    (r) =>
      (r.body || r.querystring || r.params) && ['user', 'admin'].includes(ROUTES[routeKey(r)]?.access ?? ''),
  );
  // Parameters are validated first, then the body (an array where an object is wanted).
  const NOT_AN_OBJECT = 'Invalid input: expected object, received array';
  const NOT_A_NUMBER = (param: string) => `${param}: Invalid input: expected number, received NaN`;
  const refusal: Record<string, string> = {
    'DELETE /api/practice/invitations/:id': NOT_A_NUMBER('id'),
    'POST /api/practice/invitations/:id/resend': NOT_A_NUMBER('id'),
    'PATCH /api/practice/members/:userId': NOT_A_NUMBER('userId'),
    'DELETE /api/practice/members/:userId': NOT_A_NUMBER('userId'),
    'PATCH /api/user/passkeys/:id': 'id: Unknown passkey',
    'DELETE /api/user/passkeys/:id': 'id: Unknown passkey',
    'DELETE /api/user/sessions/:id': 'id: Unknown session',
    'GET /api/admin/users/:id': 'id: User id must be a number',
    'POST /api/admin/users/:id/end-sessions': 'id: User id must be a number',
    'GET /api/subscription/change-plan/preview': 'planId: Choose the Plus or Practice plan',
    'GET /api/practice/audit': 'limit: Must be at least 1',
    'GET /api/admin/audit': 'limit: Must be at least 1',
    ...Object.fromEntries(ADMIN_CSV.map((url) => [`GET ${url}`, 'q: Search must be at most 320 characters'])),
  };
  // A query whose fields are all optional is made wrong by a value.
  const badQuery: Record<string, string> = {
    'GET /api/practice/audit': '?limit=0',
    'GET /api/admin/audit': '?limit=0',
    ...Object.fromEntries(ADMIN_CSV.map((url) => [`GET ${url}`, `?q=${'x'.repeat(321)}`])),
  };
  it('there are such routes', () => {
    expect(validated.length).toBeGreaterThan(20);
  });
  for (const route of validated) {
    const key = routeKey(route);
    it(`${key}: 401 before 400`, async () => {
      const row = ROUTES[key]!;
      const bad = (cookies: Cookies) =>
        t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:\w+/g, 'not-an-id') + (badQuery[key] ?? ''),
          headers: route.method === 'GET' ? {} : { origin: APP_URL },
          cookies,
          ...(route.body ? { payload: [] } : {}),
        });
      const allowed =
        row.access === 'user'
          ? { cn_session: (await signedInUser(t.app)).client.jar.get('cn_session')! }
          : { cn_admin_session: await mintSession(t.app, 'admin', admin.id) };
      const answer = async (cookies: Cookies) => {
        const res = await bad(cookies);
        return { status: res.statusCode, message: res.json().message };
      };
      expect(await answer(allowed)).toEqual({ status: 400, message: refusal[key] ?? NOT_AN_OBJECT });
      expect(await answer({})).toEqual({ status: 401, message: 'Not authenticated' });
    });
  }
});

describe("no user route answers with another user's data", () => {
  it("user B's calls to every user route carry B's identity and none of A's", async () => {
    const a = await signedInUser(t.app, { username: 'matrixalice', email: 'matrix.alice@example.com' });
    const b = await signedInUser(t.app, { username: 'matrixbob', email: 'matrix.bob@example.com' });
    const codeOf = async (u: Caller) =>
      (await u.client.get('/api/referrals/code')).json().referralCode as string;
    const aCode = await codeOf(a);
    const bCode = await codeOf(b);
    expect(aCode).not.toBe(bCode);
    // A has something to leak: a subscription, an invitation, a contact in Stripe.
    expect((await a.client.post('/api/create-subscription', { planId: 'clinic' })).statusCode).toBe(200);
    expect(
      (await a.client.post('/api/referrals', { friendEmail: 'matrix.friend@example.com' })).statusCode,
    ).toBe(201);
    const exportOf = async (u: Caller) => {
      const { exportedAt: _, ...data } = (await u.client.get('/api/user/export')).json();
      return data;
    };
    const aBefore = await exportOf(a);

    const userRoutes = routes.filter((r) => ROUTES[routeKey(r)]?.access === 'user');
    expect(userRoutes.length).toBeGreaterThan(20);
    for (const route of userRoutes) {
      const key = routeKey(route);
      // B's own token each time: a route that signs B out must not make the next one answer 401.
      const token = await mintSession(t.app, 'user', b.id);
      const res = await call(key, ROUTES[key]!, b, { cn_session: token });
      expect(res.statusCode, `${key}: ${res.body}`).not.toBe(401);
      for (const secret of [a.username, a.email, aCode]) {
        expect(res.body, `${key} leaked ${secret}`).not.toContain(secret);
      }
      // Numbers are everywhere in a body, so A's id is looked for where an id is said.
      const json = res.body.startsWith('{') ? (res.json() as { id?: unknown }) : {};
      if ('id' in json) expect(json.id, key).toBe(b.id);
    }

    // B's first session was ended by sign-out-others along the way: ask with a new one.
    const bToken = await mintSession(t.app, 'user', b.id);
    const asB = (url: string) => t.app.inject({ method: 'GET', url, cookies: { cn_session: bToken } });
    const me = (await asB('/api/user')).json();
    expect(me).toMatchObject({ id: b.id, username: 'matrixbob', email: 'matrix.bob@example.com' });
    expect((await asB('/api/referrals/code')).json()).toEqual({ referralCode: bCode });
    const exported = (await asB('/api/user/export')).body;
    expect(exported).toContain('matrix.bob@example.com');
    expect(exported).not.toContain('matrix.alice@example.com');
    expect(exported).not.toContain('matrix.friend@example.com');
    // And nothing B did changed A.
    expect(await exportOf(a)).toEqual(aBefore);
  });
});

describe('the API document', () => {
  it('names every status these requests got, for their operation', () => {
    expect(undocumentedStatuses(t.app, statuses)).toEqual([]);
  });
});
