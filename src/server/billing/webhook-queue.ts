import type { FastifyInstance } from 'fastify';
import { cancelUnconfirmedTrials } from './unconfirmed-trials';
import { webhookRepo } from './webhook-repo';
import { processStripeEvent } from './webhook-service';

/**
 * Events left by another instance (a crash, an expired lease) are looked for this often, and trials
 * left a day without their card cancelled (unconfirmed-trials.ts).
 */
const POLL_MS = 30_000;
/** Events looked at per query; the queue asks again while it gets somewhere. */
const BATCH = 50;
/**
 * The longest the queue sleeps before looking again: a retry further off is looked for again then
 * (Node fires a timer over 2^31-1 ms, 24.8 days, at once).
 */
const MAX_WAKE_MS = 60 * 60_000;

export type StripeEventQueue = {
  /** Processes every due event now, in the background (the webhook calls it after recording one). */
  kick(): void;
  /** Resolves once every event due now is processed or waiting for its back-off (tests wait on it). */
  drained(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** null when Stripe is not configured. */
    stripeEvents: StripeEventQueue | null;
  }
}

/**
 * Processes the Stripe events the webhook recorded (docs/decisions/043-stripe-events-queued.md): in this process, one at a time,
 * each under a lease so no two instances process one event; a failure is retried after a back-off
 * (1 s, doubling, up to an hour), and whatever is left when the process stops is found again by the
 * next start or by another instance's poll. The same poll ends the trials whose card never came.
 */
export function stripeEventQueue(app: FastifyInstance): StripeEventQueue | null {
  const { ctx, log } = app;
  const billing = ctx.billing;
  if (!billing) return null;
  const repo = webhookRepo(ctx.database.db);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let wake: NodeJS.Timeout | undefined;

  /** One attempt at one event; false when another worker holds it. */
  async function attempt(id: string): Promise<boolean> {
    if (!(await repo.claim(id))) return false;
    let type: string | undefined;
    try {
      const event = await repo.payload(id);
      type = event.type;
      await processStripeEvent(ctx, billing!, event, log);
      ctx.metrics.webhookProcessed(type, 'processed');
    } catch (err) {
      ctx.metrics.webhookProcessed(type, 'failed');
      const next = await repo.markFailed(id, err instanceof Error ? err.message : String(err));
      log.warn({ err, eventId: id, retryAt: next }, 'Stripe event not processed; it will be retried');
    }
    return true;
  }

  /** Wakes the queue when the next back-off ends (one after a failure, or one left by an earlier run). */
  async function wakeForNextRetry(): Promise<void> {
    // By the database's clock, which set the retry and decides what is due: the process's may differ.
    const ms = await repo.msUntilNextRetry();
    clearTimeout(wake);
    if (ms !== null && !stopped)
      wake = setTimeout(() => void drain(), Math.min(Math.max(0, Math.ceil(ms)), MAX_WAKE_MS)).unref();
  }

  async function drainOnce(): Promise<void> {
    let progressed = true;
    while (progressed && !stopped) {
      progressed = false;
      for (const id of await repo.due(BATCH)) {
        if (stopped) return;
        if (await attempt(id)) progressed = true;
      }
    }
  }

  /** Runs the queue until nothing is due; a call while it runs makes it look once more. */
  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again && !stopped);
        await wakeForNextRetry();
      } catch (err) {
        log.error({ err }, 'Stripe events not processed; the next run retries');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  // One sweep at a time in this process; other instances' sweeps are kept apart by their leases.
  let sweeping: Promise<void> | null = null;
  function sweepUnconfirmed(): void {
    if (stopped || sweeping) return;
    sweeping = cancelUnconfirmedTrials(ctx, billing!, log)
      .then(() => undefined)
      .catch((err) => log.error({ err }, 'unconfirmed trials not swept; the next poll retries'))
      .finally(() => {
        sweeping = null;
      });
  }

  const poll = setInterval(() => {
    void drain();
    sweepUnconfirmed();
  }, POLL_MS).unref();
  // Events recorded before a restart are processed as soon as the app is up.
  app.addHook('onReady', async () => {
    void drain();
  });
  // Before the database closes: no new attempt, and the one in flight finishes.
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(poll);
    clearTimeout(wake);
    await Promise.all([running, sweeping]);
  });

  return {
    kick: () => void drain(),
    drained: drain,
  };
}
