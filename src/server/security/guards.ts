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
  app.addHook('preParsing', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (opts.originExempt.includes(path)) return;
    const origin = request.headers.origin;
    if (origin !== allowed) {
      return reply.status(403).send({ message: 'Cross-origin request refused' });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
