// @module-tag database-differences: the queue's row locks and the database's clock (vitest.config.ts).
/**
 * The Stripe webhook records an event and answers at once; the queue processes it afterwards
 * (docs/decisions/043-stripe-events-queued.md). Whatever Stripe does meanwhile (slow, failing) or the app (restarting, running
 * twice), each event has its effect once: here, a failed renewal makes the account past_due and
 * sends one 'payment failed' mail.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import {
  type StripeTestApp,
  signedInUser,
  startStripeApp,
  stripeApp,
  subscribeWithCard,
} from '../support/app';

const t = await stripeApp();
const { fake, send } = t;

/** Until the queue has done its work in the background: bounded, polled, never a fixed sleep. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

/** A subscriber whose trial just ended with a declined card: the event to process, and how to see its effect. */
async function failedRenewal(s: StripeTestApp = t) {
  const u = await signedInUser(s.app);
  await subscribeWithCard(s, u);
  const { rows } = await s.db.execute<{ sub: string }>(
    sql`select stripe_subscription_id as sub from users where id = ${u.id}`,
  );
  const event = s.fake
    .endTrial(rows[0]!.sub, { paymentFails: true })
    .find((e) => e.type === 'invoice.payment_failed')!;
  const status = async () => (await u.client.get('/api/user')).json().subscriptionStatus as string;
  const mails = async () =>
    Number(
      (
        await s.db.execute<{ n: number }>(
          sql`select count(*) as n from outbox where "to" = ${u.email} and subject like '%payment failed'`,
        )
      ).rows[0]!.n,
    );
  const row = async () =>
    (
      await s.db.execute<{ processed: boolean; attempts: number; last_error: string | null }>(
        sql`select processed_at is not null as processed, attempts, last_error from stripe_events where id = ${event.id}`,
      )
    ).rows[0];
  return { event, status, mails, row };
}

async function expectProcessedOnce(r: Awaited<ReturnType<typeof failedRenewal>>) {
  expect(await r.status()).toBe('past_due');
  expect(await r.mails()).toBe(1);
  expect(await r.row()).toMatchObject({ processed: true });
}

describe('the Stripe webhook', () => {
  it('answers within 2 s while Stripe is slow, and the state follows once Stripe has answered', async () => {
    const r = await failedRenewal();
    // Reading the subscription back takes Stripe 5 s (the app waits up to 8 s for an answer).
    fake.delayNext(5000, 'GET', '/v1/subscriptions');
    const started = Date.now();
    const res = await send(r.event);
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    // Recorded, payload and all, before the answer.
    const stored = await t.db.execute<{ payload: Stripe.Event }>(
      sql`select payload from stripe_events where id = ${r.event.id}`,
    );
    expect(stored.rows[0]!.payload).toEqual(r.event);
    expect(await r.status()).toBe('active');
    await eventually(() => expectProcessedOnce(r));
  });

  it('retries an event whose processing failed, and has its effect once', async () => {
    const r = await failedRenewal();
    fake.failNext('GET', '/v1/subscriptions', { status: 500, message: 'Stripe is down' });
    expect((await send(r.event)).statusCode).toBe(200);
    await eventually(async () =>
      expect(await r.row()).toMatchObject({ attempts: 1, last_error: 'Stripe is down' }),
    );
    expect(await r.mails()).toBe(0);
    // After the back-off (1 s) the queue tries again by itself.
    await eventually(() => expectProcessedOnce(r));
    expect((await send(r.event)).statusCode).toBe(200);
    await t.processed();
    await expectProcessedOnce(r);
  });

  it('ten concurrent deliveries, a redelivery and two instances draining at once: one effect', async () => {
    const r = await failedRenewal();
    // Each processing reads the subscription back from Stripe once.
    const lookups = () =>
      fake.requests.filter(
        (q) =>
          q.method === 'GET' &&
          q.path === '/v1/subscriptions' &&
          q.params.customer === r.event.data.object.customer,
      ).length;
    const before = lookups();
    const other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(r.event)));
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      await Promise.all([t.processed(), other.stripeEvents!.drained()]);
      expect((await send(r.event)).statusCode).toBe(200);
      await Promise.all([t.processed(), other.stripeEvents!.drained()]);
      await expectProcessedOnce(r);
      expect(lookups() - before).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('processes an event recorded but not processed before a restart when the next app starts', async () => {
    const first = await startStripeApp();
    try {
      const r = await failedRenewal(first);
      // Stripe fails the first attempt; the app stops before the retry.
      first.fake.failNext('GET', '/v1/subscriptions', { status: 500 });
      expect((await first.send(r.event)).statusCode).toBe(200);
      await eventually(async () => expect(await r.row()).toMatchObject({ processed: false, attempts: 1 }));
      await first.app.close();

      const next = await buildApp({ config: first.config, database: first.database });
      await next.ready();
      try {
        await eventually(async () => {
          expect(await r.row()).toMatchObject({ processed: true });
          expect(await r.mails()).toBe(1);
          const { rows } = await first.db.execute<{ status: string }>(
            sql`select subscription_status as status from users where stripe_customer_id = ${String(r.event.data.object.customer)}`,
          );
          expect(rows[0]!.status).toBe('past_due');
        });
      } finally {
        await next.close();
      }
    } finally {
      await first.database.drop();
      await first.fake.close();
    }
  });
});

describe("the queue's wake-up for the next retry", () => {
  /** An event whose next attempt is `interval` from now by the database's clock. */
  async function waitingEvent(interval: string) {
    const id = `evt_waiting_${randomBytes(6).toString('hex')}`;
    await t.db.execute(sql`
      insert into stripe_events (id, type, payload, attempts, next_attempt_at)
      values (${id}, 'invoice.paid', '{}'::jsonb, 30, now() + ${interval}::interval)`);
    return {
      async [Symbol.asyncDispose]() {
        await t.db.execute(sql`delete from stripe_events where id = ${id}`);
      },
    };
  }
  /** The delays the queue gave its timers while it drained. */
  async function wakeDelays(): Promise<number[]> {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      await t.processed();
      return timers.mock.calls.map(([, ms]) => Number(ms));
    } finally {
      timers.mockRestore();
    }
  }

  it('a retry more than 25 days ahead: no TimeoutOverflowWarning, and the queue does not spin', async () => {
    await using _ = await waitingEvent('30 days');
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const delays = await wakeDelays();
      // Node emits the warning on the next tick of setTimeout's call: let it arrive.
      await new Promise((done) => setImmediate(done));
      expect(warnings.map((w) => w.name)).not.toContain('TimeoutOverflowWarning');
      // It wakes within the hour to look again, not at once.
      expect(delays).toContainEqual(3_600_000);
    } finally {
      process.off('warning', onWarning);
    }
  });

  // Only on PostgreSQL: PGlite's clock is the process's own, so the two cannot differ there.
  if (process.env.TEST_DATABASE_URL)
    it("waits by the database's clock, whatever the process's says", async () => {
      await using _ = await waitingEvent('10 minutes');
      // The process's clock two days ahead of the database's: the retry is still ten minutes away.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2 * 86_400_000);
      try {
        const delays = await wakeDelays();
        expect(
          delays.some((ms) => ms > 9 * 60_000 && ms <= 10 * 60_000),
          `delays: ${delays}`,
        ).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });
});
