// The fake Stripe API as a process of its own, for the browser tests (scripts/run-e2e.mjs bundles it).
// Beside it, a small control server lets a browser test move Stripe's clock the way time would
// (POST /end-trial?email=...): the events that follow are signed and delivered to the app's webhook,
// exactly as Stripe would deliver them.
import { createServer } from 'node:http';
import type Stripe from 'stripe';
import { signedWebhook, startFakeStripe } from './fake-stripe';

const fake = await startFakeStripe(Number(process.env.FAKE_STRIPE_PORT ?? 12111));
const webhookUrl = process.env.WEBHOOK_URL;
const webhookSecret = process.env.WEBHOOK_SECRET ?? '';

async function deliver(events: Stripe.Event[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const event of events) {
    const { payload, headers } = signedWebhook(event, webhookSecret);
    const res = await fetch(webhookUrl!, { method: 'POST', headers, body: payload });
    statuses.push(res.status);
  }
  return statuses;
}

const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://control');
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST' || url.pathname !== '/end-trial' || !webhookUrl)
    return answer(404, { error: 'POST /end-trial?email=... (with WEBHOOK_URL set)' });
  const email = url.searchParams.get('email');
  const customer = [...fake.state.customers.values()].find((c) => c.email === email);
  const sub = [...fake.state.subscriptions.values()].find(
    (s) => s.customer === customer?.id && s.status === 'trialing',
  );
  if (!sub) return answer(404, { error: `no trialing subscription for ${email}` });
  deliver(fake.endTrial(sub.id)).then(
    (statuses) => answer(200, { subscription: sub.id, statuses }),
    (error: unknown) => answer(502, { error: String(error) }),
  );
});
control.listen(Number(process.env.FAKE_STRIPE_CONTROL_PORT ?? 12112), '127.0.0.1');

process.on('SIGTERM', () => {
  control.close();
  void fake.close().then(() => process.exit(0));
});
