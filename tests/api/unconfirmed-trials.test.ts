// @module-tag database-differences: a moved process clock, which PGlite's clock follows and PostgreSQL's does not (vitest.config.ts).
/**
 * Access and revenue begin with a confirmed card (docs/decisions/063-a-trial-starts-with-its-card.md): a trial whose SetupIntent never
 * succeeded gives nothing (no plan, no note app, no place in the admin's figures), is picked up when
 * the person comes back, is cancelled by us after a day and by Stripe at the trial's end.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CARD_WAIT_MS, cancelUnconfirmedTrials } from '../../src/server/billing/unconfirmed-trials';
import { signedInUser, startStripeApp, stripeApp } from '../support/app';
import { enrolledAdmin } from '../support/two-factor';

const t = await stripeApp();
const { fake, deliverAll } = t;

type Signed = Awaited<ReturnType<typeof signedInUser>>;

/** The subscribe page opened: the subscription is made, and its SetupIntent waits for the card. */
async function openSubscribePage(u: Signed, planId = 'pro') {
  const res = await u.client.post('/api/create-subscription', { planId });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { clientSecret: string; trialEndsAt: string | null };
  return { ...body, setupIntent: body.clientSecret.split('_secret_')[0]! };
}

async function subscriptionOf(userId: number) {
  const rows = await t.db.execute<{ sub: string }>(
    sql`select stripe_subscription_id as sub from users where id = ${userId}`,
  );
  return fake.state.subscriptions.get(rows.rows[0]!.sub)!;
}

/** The sweep every instance runs, as if its clock read `later` ms from now. */
const sweep = (later = CARD_WAIT_MS + 60_000) =>
  cancelUnconfirmedTrials(t.app.ctx, t.app.ctx.billing!, t.app.log, new Date(Date.now() + later));

const NO_ACCESS = { plan: 'free', subscriptionStatus: 'inactive', noteAppAccess: false };

describe('a trial whose card was never confirmed', () => {
  it('gives no plan, no access and shows no trial; the admin counts neither a subscription nor revenue, then a trial, then a paying one', async () => {
    const { client: admin } = await enrolledAdmin(t, {
      username: 'cardboss',
      email: 'cardboss@example.com',
      password: 'card boss password',
    });
    const before = (await admin.get('/api/admin/stats')).json();

    const u = await signedInUser(t.app);
    const started = await openSubscribePage(u);
    expect(started.trialEndsAt).not.toBeNull();
    expect((await u.client.get('/api/user')).json()).toMatchObject(NO_ACCESS);
    expect((await u.client.get('/api/subscription')).json()).toMatchObject({
      plan: 'free',
      status: 'inactive',
      trialEndsAt: null,
      currentPeriodEnd: null,
    });
    // Nothing can be done to a subscription that has not started.
    expect((await u.client.post('/api/subscription/freeze')).statusCode).toBe(400);

    const stats = (await admin.get('/api/admin/stats')).json();
    expect(stats.activeSubscriptions).toBe(before.activeSubscriptions);
    expect(stats.estimatedMonthlyRevenue).toBe(before.estimatedMonthlyRevenue);
    expect(stats.usersByPlan.pro).toBe(before.usersByPlan.pro);
    expect(stats.usersByStatus.inactive).toBe(before.usersByStatus.inactive + 1);
    const listed = (await admin.get('/api/admin/users')).json().find((r: { id: number }) => r.id === u.id);
    expect(listed).toMatchObject({ plan: 'free', subscriptionStatus: 'inactive' });

    // The card confirmed: the trial begins, and is counted.
    await deliverAll(fake.confirmSetupIntent(started.setupIntent));
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      plan: 'pro',
      subscriptionStatus: 'active',
      noteAppAccess: true,
    });
    expect((await u.client.get('/api/subscription')).json().trialEndsAt).toBe(started.trialEndsAt);
    // A trial is its own figure: nobody has paid yet, so it is neither a paying subscription nor revenue.
    const inTrial = (await admin.get('/api/admin/stats')).json();
    expect(inTrial.trialSubscriptions).toBe(before.trialSubscriptions + 1);
    expect(inTrial.activeSubscriptions).toBe(before.activeSubscriptions);
    expect(inTrial.estimatedMonthlyRevenue).toBe(before.estimatedMonthlyRevenue);
    // The users list carries the trial's end, so it says 'Free trial', not 'Active'.
    const listedInTrial = (await admin.get('/api/admin/users'))
      .json()
      .find((r: { id: number }) => r.id === u.id);
    expect(new Date(listedInTrial.trialEndsAt).toISOString()).toBe(started.trialEndsAt);

    // The trial ends with a payment: now it pays, and counts.
    await deliverAll(fake.endTrial((await subscriptionOf(u.id)).id));
    const after = (await admin.get('/api/admin/stats')).json();
    expect(after.trialSubscriptions).toBe(before.trialSubscriptions);
    expect(after.activeSubscriptions).toBe(before.activeSubscriptions + 1);
    expect(after.estimatedMonthlyRevenue).toBeCloseTo(before.estimatedMonthlyRevenue + 99.8, 2);
  });

  it('late or repeated events change nothing: the state is read from Stripe each time', async () => {
    const u = await signedInUser(t.app);
    const started = await openSubscribePage(u);
    const sub = await subscriptionOf(u.id);
    const created = fake.events.find(
      (e) => e.type === 'customer.subscription.created' && (e.data.object as { id: string }).id === sub.id,
    )!;
    // The creation arriving before the card: still nothing.
    await deliverAll([created]);
    expect((await u.client.get('/api/user')).json()).toMatchObject(NO_ACCESS);
    const confirmed = fake.confirmSetupIntent(started.setupIntent);
    expect(confirmed.map((e) => e.type)).toContain('setup_intent.succeeded');
    // Only the SetupIntent's own event reaches us: enough to begin the trial.
    await deliverAll(confirmed.filter((e) => e.type === 'setup_intent.succeeded'));
    expect((await u.client.get('/api/user')).json()).toMatchObject({ plan: 'pro', noteAppAccess: true });
    // The creation again, late, and everything twice: the trial stays.
    await deliverAll([{ ...created, id: `${created.id}_late` }, ...confirmed]);
    expect((await u.client.get('/api/user')).json()).toMatchObject({ plan: 'pro', noteAppAccess: true });
  });

  it('a referral code can still be applied before the card is confirmed', async () => {
    const referrer = await signedInUser(t.app);
    const code = (await referrer.client.get('/api/user')).json().referralCode as string;
    const u = await signedInUser(t.app);
    await openSubscribePage(u);
    const applied = await u.client.post('/api/subscription/referral', { code });
    expect(applied.statusCode, applied.body).toBe(201);
    expect((await subscriptionOf(u.id)).discounts).toHaveLength(1);
  });

  it('is cancelled by us after a day, with its SetupIntent; coming back starts a new trial', async () => {
    const u = await signedInUser(t.app);
    const started = await openSubscribePage(u);
    const sub = await subscriptionOf(u.id);

    // Not before the day is out.
    expect(await sweep(CARD_WAIT_MS - 60_000)).toBe(0);
    expect(sub.status).toBe('trialing');

    // Two instances sweeping at once cancel it once.
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(sub.status).toBe('canceled');
    expect(fake.state.setupIntents.get(started.setupIntent)?.status).toBe('canceled');
    const cancels = fake.requests.filter((r) => r.method === 'DELETE' && r.path.endsWith(sub.id));
    expect(cancels).toHaveLength(1);
    expect((await u.client.get('/api/user')).json()).toMatchObject(NO_ACCESS);
    expect(await sweep()).toBe(0);

    // A page left open cannot save a card to it any more.
    expect(() => fake.confirmSetupIntent(started.setupIntent)).toThrow(/canceled/);

    // Coming back: a new subscription, with the trial they never had.
    const again = await openSubscribePage(u);
    expect(again.setupIntent).not.toBe(started.setupIntent);
    expect(again.trialEndsAt).not.toBeNull();
    await deliverAll(fake.confirmSetupIntent(again.setupIntent));
    expect((await u.client.get('/api/user')).json()).toMatchObject({ plan: 'pro', noteAppAccess: true });
  });

  it('leaves confirmed trials, and the ones still within their day, alone', async () => {
    const confirmed = await signedInUser(t.app);
    await deliverAll(fake.confirmSetupIntent((await openSubscribePage(confirmed)).setupIntent));
    const waiting = await signedInUser(t.app);
    await openSubscribePage(waiting);
    // A day on, the waiting one is cancelled; the confirmed one is not even looked at.
    const retrieved = () => fake.requests.filter((r) => r.method === 'GET').length;
    await sweep();
    expect((await subscriptionOf(confirmed.id)).status).toBe('trialing');
    expect((await subscriptionOf(waiting.id)).status).toBe('canceled');
    const reads = retrieved();
    await sweep();
    expect(retrieved()).toBe(reads);
  });

  it('one picked up after its day is replaced, not resumed: the sweep is about to end it', async () => {
    const u = await signedInUser(t.app);
    const first = await openSubscribePage(u);
    const old = await subscriptionOf(u.id);
    // As if made a day ago (the fake Stripe's record is the truth the app reads).
    old.created -= CARD_WAIT_MS / 1000 + 60;
    const again = await openSubscribePage(u);
    expect(again.setupIntent).not.toBe(first.setupIntent);
    expect(old.status).toBe('canceled');
    expect((await subscriptionOf(u.id)).id).not.toBe(old.id);
  });

  it("is ended by Stripe at the trial's end (missing_payment_method: cancel): nothing charged, no access", async () => {
    const u = await signedInUser(t.app);
    await openSubscribePage(u);
    const sub = await subscriptionOf(u.id);
    const events = fake.endTrial(sub.id);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    await deliverAll(events);
    expect(sub.status).toBe('canceled');
    expect((await u.client.get('/api/user')).json()).toMatchObject(NO_ACCESS);
    expect((await u.client.get('/api/subscription')).json()).toMatchObject({ status: 'inactive' });
  });

  it("leaves no £0 invoice in the person's billing history or the admin's user detail, however it ended", async () => {
    const { client: admin } = await enrolledAdmin(t, {
      username: 'invoiceboss',
      email: 'invoiceboss@example.com',
      password: 'invoice boss password',
    });
    const invoicesSeen = async (u: Signed) => {
      const own = await u.client.get('/api/billing/invoices');
      expect(own.statusCode, own.body).toBe(200);
      const detail = await admin.get(`/api/admin/users/${u.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      return { own: own.json() as unknown[], admin: detail.json().invoices.items as unknown[] };
    };

    // Cancelled by our sweep a day on, and by Stripe at the trial's end: each leaves Stripe's £0 invoice.
    const swept = await signedInUser(t.app);
    await openSubscribePage(swept);
    // A day on by Stripe's clock, which the tests before may have moved past ours.
    await sweep(CARD_WAIT_MS + 60_000 + Math.max(0, fake.now() * 1000 - Date.now()));
    const endedByStripe = await signedInUser(t.app);
    await openSubscribePage(endedByStripe);
    await deliverAll(fake.endTrial((await subscriptionOf(endedByStripe.id)).id));
    for (const u of [swept, endedByStripe]) {
      const sub = await subscriptionOf(u.id);
      expect(sub.status).toBe('canceled');
      const atStripe = [...fake.state.invoices.values()].filter((i) => i.subscription === sub.id);
      expect(atStripe.map((i) => [i.total, i.status])).toEqual([[0, 'paid']]);
      expect(await invoicesSeen(u)).toEqual({ own: [], admin: [] });
    }

    // A trial whose card was confirmed keeps its £0 invoice: it began, and the person may want the record.
    const confirmed = await signedInUser(t.app);
    await deliverAll(fake.confirmSetupIntent((await openSubscribePage(confirmed)).setupIntent));
    const seen = await invoicesSeen(confirmed);
    expect(seen.own).toMatchObject([{ total: 0, status: 'paid' }]);
    expect(seen.admin).toEqual(seen.own);
  });

  it("is found by the webhook queue's poll of every instance, with nobody asking", async () => {
    // Only the interval is faked, in an app of its own: the database and Stripe keep their real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const own = await startStripeApp();
    try {
      const u = await signedInUser(own.app);
      expect((await u.client.post('/api/create-subscription', { planId: 'pro' })).statusCode).toBe(200);
      const [sub] = own.fake.state.subscriptions.values();
      // Made a day and a minute ago, at Stripe and as stored.
      sub!.created -= CARD_WAIT_MS / 1000 + 60;
      await own.db.execute(
        sql`update users set awaiting_card_since = ${new Date(sub!.created * 1000).toISOString()} where id = ${u.id}`,
      );
      vi.advanceTimersByTime(30_000);
      await vi.waitFor(() => expect(sub!.status).toBe('canceled'), { timeout: 10_000, interval: 50 });
      await vi.waitFor(async () => expect((await u.client.get('/api/user')).json()).toMatchObject(NO_ACCESS));
    } finally {
      await own.close();
      vi.useRealTimers();
    }
  });
});
