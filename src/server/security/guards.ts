import type { FastifyInstance } from 'fastify';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type GuardOptions = { appUrl: string; originExempt: string[] };

/**
 * Cross-site request defences for every route: a mutating request must come from our own origin
 * (SameSite=Lax alone lets top-level POSTs from other sites through in some browsers), and API
 * answers are never cached unless a route says otherwise.
 */
export function registerGuards(app: FastifyInstance, opts: GuardOptions): void {
  const allowed = new URL(opts.appUrl).origin;
  // preParsing, not onRequest: every onRequest hook (the security headers among them) has run, so
  // the refusal carries them too, and a cross-site body is still never parsed.
  // Callback hooks, not async ones: they run on every request, and an async hook costs each request a
  // promise and a turn of the microtask queue (docs/decisions/095-one-log-line-a-request-and-answers-built-once.md).
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (
      MUTATING.has(request.method) &&
      !opts.originExempt.includes(request.url.split('?')[0] ?? '') &&
      request.headers.origin !== allowed
    ) {
      // Answered here: the request goes no further (Fastify's way for a callback hook is not to call done).
      reply.status(403).send({ message: 'Cross-origin request refused' });
      return;
    }
    done(null, payload);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
