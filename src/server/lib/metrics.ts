import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// Every metric the app exports (GET /metrics, Prometheus text), registered here and nowhere else.
// Labels hold only bounded values we chose (route patterns, outcomes, event types), never a raw URL,
// an id, an address or a token: each label value is a time series kept for ever by Prometheus.

/** What a node-postgres pool says of itself; PGlite has none. */
export type PoolStats = { totalCount: number; idleCount: number; waitingCount: number };

export type SignInMethod = 'password' | 'passkey' | 'second_factor' | 'microsoft';
export type WebhookReceipt = 'accepted' | 'duplicate' | 'bad_signature' | 'invalid_event' | 'not_configured';
export type MailOutcome = 'sent' | 'failed' | 'kept_in_outbox';

/**
 * Stripe's event types are a fixed set of dotted lower-case names; anything else is one label, and an
 * event not verified (a bad signature) has no type we believe.
 */
function eventTypeLabel(type: unknown): string {
  if (type === null || type === undefined) return 'unknown';
  return typeof type === 'string' && type.length <= 80 && /^[a-z_]+(\.[a-z_]+)*$/.test(type) ? type : 'other';
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * One registry per app: tests build several apps in one process, and prom-client's global registry
 * would refuse a second metric of the same name.
 */
export function createMetrics(opts: { pool?: PoolStats } = {}) {
  const registry = new Registry();
  const registers = [registry];
  // Process and runtime figures, the event loop's lag among them (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });

  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter({ name, help, labelNames, registers });

  const httpLabels = ['method', 'route', 'status_code'] as const;
  const httpRequests = counter(
    'chairnotes_http_requests_total',
    'HTTP requests answered, by route pattern ("unmatched": no route, a page or a 404) and status',
    httpLabels,
  );
  const httpDuration = new Histogram({
    name: 'chairnotes_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and status',
    labelNames: httpLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const stripeLabels = ['method', 'path', 'status'] as const;
  const stripeDuration = new Histogram({
    name: 'chairnotes_stripe_request_duration_seconds',
    help: 'Requests to the Stripe API, each attempt (retries count apart), until its answer arrives; status "error" when none did',
    labelNames: stripeLabels,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
    registers,
  });
  const stripeFailures = counter(
    'chairnotes_stripe_request_failures_total',
    'Stripe API attempts that failed: an error status from Stripe, a timeout, or no connection',
    ['method', 'path', 'reason'],
  );

  const webhookReceived = counter(
    'chairnotes_stripe_webhook_events_received_total',
    'Stripe webhook deliveries, by event type and what the endpoint did with them',
    ['type', 'outcome'],
  );
  const webhookProcessed = counter(
    'chairnotes_stripe_webhook_events_processed_total',
    'Attempts at processing a recorded Stripe event (a failed one is retried later)',
    ['type', 'outcome'],
  );

  const mails = counter(
    'chairnotes_mails_total',
    'Mails, by outcome: sent over SMTP, failed (kept in the outbox), or kept in the outbox without SMTP',
    ['outcome'],
  );

  const signIns = counter(
    'chairnotes_sign_ins_total',
    'Sign-in steps, by account kind, the method of the step and its outcome (a success opens a session)',
    ['kind', 'method', 'outcome'],
  );

  const rateLimited = counter(
    'chairnotes_rate_limit_refusals_total',
    'Requests refused by a rate limit (429), by the limit',
    ['limit'],
  );

  const pool = opts.pool;
  if (pool) {
    // Read when scraped: the pool's own counts, no bookkeeping of ours.
    const poolGauge = (name: string, help: string, read: (p: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge(
      'chairnotes_db_pool_connections',
      'PostgreSQL connections open in the pool',
      (p) => p.totalCount,
    );
    poolGauge(
      'chairnotes_db_pool_idle_connections',
      'PostgreSQL connections open and idle',
      (p) => p.idleCount,
    );
    poolGauge(
      'chairnotes_db_pool_waiting_queries',
      'Queries waiting for a connection (the pool is at its limit)',
      (p) => p.waitingCount,
    );
  }

  return {
    registry,
    httpRequest(method: string, route: string, statusCode: number, seconds: number): void {
      const labels = { method, route, status_code: statusCode };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    /** One attempt at a Stripe request: `status` is Stripe's, or null when no answer came (`failure` says why). */
    stripeRequest(
      method: string,
      path: string,
      status: number | null,
      seconds: number,
      failure?: string,
    ): void {
      stripeDuration.observe({ method, path, status: status ?? 'error' }, seconds);
      if (status === null || status >= 400)
        stripeFailures.inc({ method, path, reason: status === null ? (failure ?? 'error') : status });
    },
    webhookReceived(type: unknown, outcome: WebhookReceipt): void {
      webhookReceived.inc({ type: eventTypeLabel(type), outcome });
    },
    webhookProcessed(type: unknown, outcome: 'processed' | 'failed'): void {
      webhookProcessed.inc({ type: eventTypeLabel(type), outcome });
    },
    mail(outcome: MailOutcome): void {
      mails.inc({ outcome });
    },
    signIn(kind: 'user' | 'admin', method: SignInMethod, outcome: 'success' | 'failure'): void {
      signIns.inc({ kind, method, outcome });
    },
    rateLimited(limit: string): void {
      rateLimited.inc({ limit });
    },
  };
}
