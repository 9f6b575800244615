// Stripe's hosted invoice page and its PDF, as the local stand-in serves them (npm run start:local,
// docs/trying-it-locally.md): "Receipt" and "Pay now" in the app open a page that answers, where the
// tests' invoices point at a name that does not resolve. The page shows what Stripe's shows (the
// number, the lines, the total, what is due) and, for an invoice still open, pays it as the person
// would on Stripe's page: confirming the payment their bank asked about, or paying with a test card.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { escapeHtml } from '../../../src/server/oidc/pages';
import type { FakeStripe } from '../fake-stripe';
import { View } from './render';

const PAGE = /^\/invoices\/(in_\w+)(\/pdf|\/pay)?$/;

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const day = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function page(invoice: Stripe.Invoice, pdf: boolean, notice: string | null): string {
  const lines = invoice.lines.data
    .map((line) => `<tr><td>${escapeHtml(line.description ?? '')}</td><td>${pounds(line.amount)}</td></tr>`)
    .join('');
  const open = invoice.status === 'open';
  const title = `${invoice.status === 'paid' ? 'Receipt' : 'Invoice'} ${invoice.number ?? invoice.id}`;
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}
table{width:100%;border-collapse:collapse}td{padding:.4rem 0;border-bottom:1px solid #ddd}
td+td{text-align:right}.note{background:#f4f4f5;padding:.6rem .8rem;border-radius:.4rem}
button{font:inherit;padding:.5rem 1rem}</style></head>
<body><main>
<p class="note">The local stand-in for Stripe's ${pdf ? 'invoice PDF' : 'hosted invoice page'}: nothing here is charged.</p>
<h1>${escapeHtml(title)}</h1>
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
<p>Issued ${day(invoice.created)} · ${escapeHtml(invoice.status ?? '')}</p>
<table><tbody>${lines}
<tr><td>Total</td><td>${pounds(invoice.total)}</td></tr>
<tr><td>Paid</td><td>${pounds(invoice.amount_paid)}</td></tr>
<tr><td>Due</td><td>${pounds(invoice.amount_remaining)}</td></tr>
</tbody></table>
${
  open && !pdf
    ? `<form method="post" action="/invoices/${invoice.id}/pay"><p>Pays ${pounds(invoice.amount_remaining)} with the test card 4242 4242 4242 4242, or confirms the payment your bank asked about.</p><button>Pay ${pounds(invoice.amount_remaining)}</button></form>`
    : ''
}
${pdf ? '' : `<p><a href="/invoices/${invoice.id}/pdf">Download</a></p>`}
</main></body></html>`;
}

/**
 * The pages under /invoices/ on the stand-in's control server; `deliver` sends a payment's events to
 * the app's webhook as Stripe would. Answers whether the request was one of them.
 */
export function hostedInvoices(
  fake: FakeStripe,
  deliver: (events: Stripe.Event[]) => Promise<unknown>,
): (req: IncomingMessage, res: ServerResponse, url: URL) => boolean {
  const view = new View(fake.state);
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  };
  return (req, res, url) => {
    const match = PAGE.exec(url.pathname);
    if (!match) return false;
    const [, id, part] = match as unknown as [string, string, string | undefined];
    const record = fake.state.invoices.get(id);
    if (!record || record.status === 'draft') {
      html(res, 404, '<!doctype html><title>No such invoice</title><p>No such invoice.</p>');
      return true;
    }
    if (part === '/pay' && req.method === 'POST') {
      const intent = fake.state.paymentIntents.get(record.payment_intent ?? '');
      let events: Stripe.Event[] = [];
      if (record.status === 'open' && intent?.status === 'requires_action')
        events = fake.confirmRequiredAction(id);
      else if (record.status === 'open' && intent)
        events = fake.confirmPaymentIntent(intent.id, { card: { last4: '4242' } });
      void deliver(events).then(() => {
        res.writeHead(303, { location: `/invoices/${id}?paid=1` });
        res.end();
      });
      return true;
    }
    const notice = url.searchParams.has('paid')
      ? record.status === 'paid'
        ? 'Paid. Thank you.'
        : 'The payment did not go through.'
      : null;
    html(res, 200, page(view.invoice(id) as unknown as Stripe.Invoice, part === '/pdf', notice));
    return true;
  };
}
