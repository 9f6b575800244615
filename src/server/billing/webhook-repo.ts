import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Tx } from '../db/client';
import { lease } from '../db/lease';
import { stripeEvents } from '../db/schema';

/** The longest wait between two attempts at one event (the back-off doubles from 1 s up to this). */
const MAX_BACKOFF_SECONDS = 60 * 60;

/** Stripe events: recorded by the webhook, processed by the queue; each write may join the caller's transaction. */
export function webhookRepo(db: Db | Tx) {
  const processing = lease(stripeEvents, 'claimedAt');
  const byId = (id: string) => eq(stripeEvents.id, id);
  const unprocessed = (id: string) => and(byId(id), isNull(stripeEvents.processedAt));

  return {
    /** Records a verified event, id and payload in one insert; false when it was recorded before (a redelivery). */
    async record(event: Stripe.Event, tx: Db | Tx = db): Promise<boolean> {
      const fresh = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, payload: event })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return fresh.length > 0;
    },

    /** Unprocessed events whose back-off is over, unleased ones first, oldest first. */
    async due(limit: number, tx: Db | Tx = db): Promise<string[]> {
      const rows = await tx
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(and(isNull(stripeEvents.processedAt), lte(stripeEvents.nextAttemptAt, sql`now()`)))
        .orderBy(sql`${stripeEvents.claimedAt} nulls first`, asc(stripeEvents.receivedAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * How long until the earliest unleased, unprocessed event is due, in ms by the database's clock (the
     * clock that set it; the process's may differ): positive while its back-off runs, zero or less when
     * it fell due while the queue was busy (a back-off that ended between the queue's look at what is
     * due and this question must not wait for the next poll). Leased events are their holder's.
     */
    async msUntilNextRetry(tx: Db | Tx = db): Promise<number | null> {
      const [row] = await tx
        .select({
          ms: sql<number | null>`extract(epoch from min(${stripeEvents.nextAttemptAt}) - now()) * 1000`,
        })
        .from(stripeEvents)
        .where(and(isNull(stripeEvents.processedAt), isNull(stripeEvents.claimedAt)));
      return row?.ms == null ? null : Number(row.ms);
    },

    /** The right to process the event, one worker at a time (any instance): when taken, or null. */
    claim: (id: string, tx: Db | Tx = db) => processing.claim(tx, unprocessed(id)),

    async payload(id: string, tx: Db | Tx = db): Promise<Stripe.Event> {
      const [row] = await tx.select({ payload: stripeEvents.payload }).from(stripeEvents).where(byId(id));
      return row!.payload as Stripe.Event;
    },

    /**
     * Marks the event processed, in the transaction of its effects; false when it already was (a worker
     * whose lease had expired got there first), and then the caller must not apply them.
     */
    async markProcessed(id: string, tx: Db | Tx = db): Promise<boolean> {
      const marked = await tx
        .update(stripeEvents)
        .set({ processedAt: sql`now()`, claimedAt: null })
        .where(unprocessed(id))
        .returning({ id: stripeEvents.id });
      return marked.length > 0;
    },

    /** Counts a failed attempt, gives the lease back and sets the next one after the back-off; returns when. */
    async markFailed(id: string, error: string, tx: Db | Tx = db): Promise<Date | null> {
      const [row] = await tx
        .update(stripeEvents)
        .set({
          attempts: sql`${stripeEvents.attempts} + 1`,
          lastError: error,
          claimedAt: null,
          nextAttemptAt: sql`now() + make_interval(secs => least(power(2, ${stripeEvents.attempts}), ${MAX_BACKOFF_SECONDS}))`,
        })
        .where(unprocessed(id))
        .returning({ next: stripeEvents.nextAttemptAt });
      return row?.next ?? null;
    },
  };
}
