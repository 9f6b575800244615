import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInUser, stripeApp } from '../support/app';

// Every money event is a mail, once, in words that match the money; a failed renewal keeps access 7 days
// (docs/decisions/066-failed-renewal-grace-and-money-mails.md).

const t = await stripeApp();
const { fake, deliver, deliverAll } = t;
const DAY = 86_400_000;

type Signed = Awaited<ReturnType<typeof signedInUser>>;

const longDate = (date: Date | number) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(date);

/** The mails `u` received whose subject contains `words`, oldest first. */
async function mails(u: Signed, words: string) {
  const rows = await t.db.execute<{ subject: string; text: string }>(
    sql`select subject, text from outbox where "to" = ${u.email} and subject like ${`%${words}%`} order by id`,
  );
  return rows.rows;
}

async function subscriptionOf(u: Signed): Promise<string> {
  const rows = await t.db.execute<{ sub: string }>(
    sql`select stripe_subscription_id as sub from users where id = ${u.id}`,
  );
  return rows.rows[0]!.sub;
}

/** A trial whose card is saved (the browser confirmed its SetupIntent), every event delivered. */
async function trialing(u: Signed, planId = 'pro') {
  const from = fake.events.length;
  const res = await u.client.post('/api/create-subscription', { planId });
  expect(res.statusCode, res.body).toBe(200);
  const created = fake.events.slice(from);
  await deliverAll(created);
  const confirmation = fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]);
  await deliverAll(confirmation);
  return { sub: await subscriptionOf(u), created, confirmation };
}

/** Delivers each event a second time (Stripe retries when it missed our answer) and late. */
async function deliverAgain(events: Stripe.Event[]) {
  for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('mails about money, each once', () => {
  it('the trial started: sent when the card is confirmed, with its end date and the price after it', async () => {
    const u = await signedInUser(t.app);
    const from = fake.events.length;
    const res = await u.client.post('/api/create-subscription', { planId: 'pro' });
    await deliverAll(fake.events.slice(from));
    // Not on creation: no card yet.
    expect(await mails(u, 'free trial has started')).toHaveLength(0);

    const confirmation = fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]);
    await deliverAll(confirmation);
    await deliverAgain(confirmation);
    const sent = await mails(u, 'free trial has started');
    expect(sent).toHaveLength(1);
    const trialEnd = fake.state.subscriptions.get(await subscriptionOf(u))!.trial_end! * 1000;
    expect(sent[0]!.text).toContain(`until it ends on ${longDate(trialEnd)}`);
    expect(sent[0]!.text).toContain('after that your card is charged £99.80/month inc. VAT');

    // Another card confirmed during the trial (a card update) starts no trial.
    const update = (await u.client.post('/api/billing/card')).json().clientSecret.split('_secret_')[0];
    await deliverAll(fake.confirmSetupIntent(update));
    expect(await mails(u, 'free trial has started')).toHaveLength(1);
  });

  it('a payment received: the amount, its VAT and the invoice, once for an invoice however many events', async () => {
    const u = await signedInUser(t.app);
    const { sub } = await trialing(u);
    const events = fake.endTrial(sub);
    await deliverAll(events);
    await deliverAgain(events.filter((e) => e.type.startsWith('invoice.')));
    // The same invoice paid, told again under another event id: still one mail.
    const paid = events.find((e) => e.type === 'invoice.paid')!;
    await deliver({ ...paid, id: `${paid.id}_again` });

    const sent = await mails(u, 'Payment received');
    expect(sent).toHaveLength(1);
    const invoice = paid.data.object as Stripe.Invoice;
    expect(sent[0]!.subject).toBe('Payment received: £99.80 for ChairNotes');
    expect(sent[0]!.text).toContain(`we received your payment of £99.80 for invoice ${invoice.number}`);
    expect(sent[0]!.text).toContain('Invoice total £99.80: £83.17 plus £16.63 VAT.');
    expect(sent[0]!.text).toContain(invoice.hosted_invoice_url!);
  });

  it('a failed renewal: mailed once with the date the note app closes, however often the failure is told', async () => {
    const u = await signedInUser(t.app);
    const { sub } = await trialing(u);
    const events = fake.endTrial(sub, { paymentFails: true });
    await deliverAll(events);
    await deliverAgain(events);
    const failed = events.find((e) => e.type === 'invoice.payment_failed')!;
    await deliver({ ...failed, id: `${failed.id}_retry` });

    const sent = await mails(u, 'payment failed');
    expect(sent).toHaveLength(1);
    const until = (await u.client.get('/api/subscription')).json().pastDueAccessUntil;
    expect(sent[0]!.text).toContain(`The note app stays open to you until ${longDate(Date.parse(until))}`);
    expect(sent[0]!.text).toContain('/account?tab=subscription');
  });

  it('a renewal the bank wants confirmed: the link to pay, and until when access stays, once', async () => {
    const u = await signedInUser(t.app);
    const { sub } = await trialing(u);
    const events = fake.endTrial(sub, { requiresAction: true });
    await deliverAll(events);
    await deliverAgain(events);
    const invoice = events.find((e) => e.type === 'invoice.payment_action_required')!.data
      .object as Stripe.Invoice;
    const sent = await mails(u, 'confirm your ChairNotes payment');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(invoice.hosted_invoice_url!);
    expect(sent[0]!.text).toMatch(/stays open to you until \d{1,2} \w+ \d{4}/);
  });

  it('a cancellation is confirmed with the date access ends; keeping and cancelling again confirms again', async () => {
    const u = await signedInUser(t.app);
    await trialing(u);
    const from = fake.events.length;
    expect((await u.client.post('/api/subscription/cancel')).statusCode).toBe(200);
    const cancelled = fake.events.slice(from);
    await deliverAll(cancelled);
    await deliverAgain(cancelled);
    let sent = await mails(u, 'subscription is cancelled');
    expect(sent).toHaveLength(1);
    const ends = longDate(Date.parse((await u.client.get('/api/subscription')).json().currentPeriodEnd));
    expect(sent[0]!.subject).toBe(`Your ChairNotes subscription is cancelled: it ends on ${ends}`);
    expect(sent[0]!.text).toContain(`You keep full access until ${ends}, and you will not be charged again.`);

    // Keeping it says so, once however often its event is told, and nothing of a cancellation; a second
    // cancel is confirmed again.
    const keptFrom = fake.events.length;
    await u.client.post('/api/subscription/keep');
    const kept = fake.events.slice(keptFrom);
    await deliverAll(kept);
    await deliverAgain(kept);
    expect(await mails(u, 'subscription is cancelled')).toHaveLength(1);
    const continues = await mails(u, 'subscription continues');
    expect(continues).toHaveLength(1);
    expect(continues[0]!.subject).toBe('Your ChairNotes subscription continues');
    expect(continues[0]!.text).toContain(`it goes on as before, and renews on ${ends}.`);
    const againFrom = fake.events.length;
    await u.client.post('/api/subscription/cancel');
    await deliverAll(fake.events.slice(againFrom));
    sent = await mails(u, 'subscription is cancelled');
    expect(sent).toHaveLength(2);
  });

  it('a cancel in the trial with a referral month applied is confirmed too', async () => {
    const referrer = await signedInUser(t.app);
    const code = (await referrer.client.get('/api/referrals/code')).json().referralCode as string;
    const u = await signedInUser(t.app);
    const res = await u.client.post('/api/create-subscription', { planId: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    const applied = await u.client.post('/api/subscription/referral', { code });
    expect(applied.statusCode, applied.body).toBe(201);
    await deliverAll(fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]));
    await deliverAll(fake.events);
    const from = fake.events.length;
    expect((await u.client.post('/api/subscription/cancel', { reason: 'unused' })).statusCode).toBe(200);
    await deliverAll(fake.events.slice(from));
    const sent = await mails(u, 'subscription is cancelled');
    expect(sent).toHaveLength(1);
    const ends = longDate(Date.parse((await u.client.get('/api/subscription')).json().trialEndsAt));
    expect(sent[0]!.subject).toBe(`Your ChairNotes subscription is cancelled: it ends on ${ends}`);
  });

  it('a cancellation undone before its event arrives is not confirmed', async () => {
    const u = await signedInUser(t.app);
    await trialing(u);
    const from = fake.events.length;
    await u.client.post('/api/subscription/cancel');
    await u.client.post('/api/subscription/keep');
    await deliverAll(fake.events.slice(from));
    expect(await mails(u, 'subscription is cancelled')).toHaveLength(0);
  });

  it('a freeze says the note app closes, nothing is charged for 30 days, and the date it resumes; a resume says so', async () => {
    const u = await signedInUser(t.app);
    await trialing(u);
    const from = fake.events.length;
    expect((await u.client.post('/api/subscription/freeze')).statusCode).toBe(200);
    const frozen = fake.events.slice(from);
    await deliverAll(frozen);
    await deliverAgain(frozen);
    const resumes = longDate(Date.parse((await u.client.get('/api/subscription')).json().pausedUntil));
    const sent = await mails(u, 'subscription is frozen');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Your ChairNotes subscription is frozen until ${resumes}`);
    expect(sent[0]!.text).toContain(
      'The note app is closed to you until it resumes, and nothing is charged for 30 days.',
    );
    expect(sent[0]!.text).toContain(`It resumes by itself on ${resumes}`);

    const resumedFrom = fake.events.length;
    expect((await u.client.post('/api/subscription/freeze')).statusCode).toBe(200);
    const resumed = fake.events.slice(resumedFrom);
    await deliverAll(resumed);
    await deliverAgain(resumed);
    const back = await mails(u, 'subscription has resumed');
    expect(back).toHaveLength(1);
    expect(back[0]!.text).toContain('the note app is open to you again');
  });
});

describe('a failed renewal keeps access for 7 days (docs/decisions/066-failed-renewal-grace-and-money-mails.md)', {
  tags: ['database-differences'],
}, () => {
  /** Moves the app's clock (Date only: timers, the database and the fake Stripe keep theirs). */
  function daysLater(days: number, from: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(from + days * DAY);
  }

  it('open on day 6, closed on day 8; the date holds however often the failure is told; paying opens it again', async () => {
    const u = await signedInUser(t.app);
    const { sub } = await trialing(u);
    const failedAt = Date.now();
    const events = fake.endTrial(sub, { paymentFails: true });
    await deliverAll(events);

    const details = (await u.client.get('/api/subscription')).json();
    expect(details.status).toBe('past_due');
    const until = Date.parse(details.pastDueAccessUntil);
    expect(until - failedAt).toBeGreaterThanOrEqual(7 * DAY);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * DAY);
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      subscriptionStatus: 'past_due',
      noteAppAccess: true,
    });

    daysLater(6, failedAt);
    // Told again on day 6 (a redelivery, a late event): the 7 days do not start again.
    await deliverAgain(events);
    await u.client.post('/api/subscription/sync');
    expect(Date.parse((await u.client.get('/api/subscription')).json().pastDueAccessUntil)).toBe(until);
    expect((await u.client.get('/api/user')).json().noteAppAccess).toBe(true);

    daysLater(8, failedAt);
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      subscriptionStatus: 'past_due',
      noteAppAccess: false,
    });

    // A new card pays the open renewal at once: access again, and no days counted any more.
    const setup = (await u.client.post('/api/billing/card')).json().clientSecret.split('_secret_')[0];
    await deliverAll(fake.confirmSetupIntent(setup, { last4: '4444' }));
    const paid = await u.client.post('/api/billing/card/confirm', { setupIntentId: setup });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ subscriptionStatus: 'active', noteAppAccess: true });
    expect((await u.client.get('/api/subscription')).json().pastDueAccessUntil).toBeNull();
  });

  it("Stripe's retries ending (unpaid) close access at once, until the invoice is paid", async () => {
    const u = await signedInUser(t.app);
    const { sub } = await trialing(u);
    await deliverAll(fake.endTrial(sub, { paymentFails: true }));
    expect((await u.client.get('/api/user')).json().noteAppAccess).toBe(true);

    const ended = fake.endRetries(sub);
    await deliverAll(ended);
    expect(fake.state.subscriptions.get(sub)!.status).toBe('unpaid');
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      subscriptionStatus: 'past_due',
      noteAppAccess: false,
    });
    // The last retry's failure is the same invoice: no second mail.
    expect(await mails(u, 'payment failed')).toHaveLength(1);

    const setup = (await u.client.post('/api/billing/card')).json().clientSecret.split('_secret_')[0];
    await deliverAll(fake.confirmSetupIntent(setup));
    const paid = await u.client.post('/api/billing/card/confirm', { setupIntentId: setup });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ subscriptionStatus: 'active', noteAppAccess: true });
    expect(fake.state.subscriptions.get(sub)!.status).toBe('active');
  });
});

describe('billing history in words that match the money', () => {
  it('each invoice has its net, VAT and total, its status, and its hosted page (a receipt, or where to pay)', async () => {
    const u = await signedInUser(t.app);
    const { sub } = await trialing(u);
    await deliverAll(fake.endTrial(sub));
    await deliverAll(fake.advancePeriod(sub, { paymentFails: true }));
    const invoices = (await u.client.get('/api/billing/invoices')).json() as {
      status: string;
      net: number;
      vat: number;
      total: number;
      amount: number;
      url: string;
    }[];
    const money = { net: 83.17, vat: 16.63, total: 99.8, amount: 99.8 };
    const open = invoices.filter((i) => i.status === 'open');
    const paid = invoices.filter((i) => i.status === 'paid' && i.total > 0);
    expect(open).toEqual([expect.objectContaining(money)]);
    expect(paid).toEqual([expect.objectContaining(money)]);
    const open0 = fake.state.invoices.get(fake.state.subscriptions.get(sub)!.latest_invoice!)!;
    expect(open[0]!.url).toBe(`https://invoice.stripe.test/${open0.id}`);
    // The trial's own invoice: nothing, and paid.
    expect(invoices).toContainEqual(expect.objectContaining({ status: 'paid', net: 0, vat: 0, total: 0 }));
  });
});
