import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sha256Hex } from './lib/tokens';
import { errors } from './openapi';

/** Whether the Authorization header is `Bearer <token>`, compared in constant time (hashes: equal lengths). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(Buffer.from(sha256Hex(given)), Buffer.from(sha256Hex(token)));
}

// Described, not validated: the answer is prom-client's text exposition format.
const metricsDescription = {
  headers: z.object({ authorization: z.string().describe('Bearer METRICS_TOKEN') }),
  response: {
    200: z.string().describe('Prometheus text exposition format (text/plain; version=0.0.4)'),
    ...errors({ 401: 'No or a wrong bearer token' }, { 404: 'Metrics are off: METRICS_TOKEN is not set' }),
  },
};

/**
 * GET /metrics, Prometheus text, for the scraper holding METRICS_TOKEN. Not public: route names,
 * volumes and failure rates tell an attacker what is worth trying. Without the token configured it
 * answers as a route that does not exist.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { config, metrics } = app.ctx;

  app.get('/metrics', { config: { openapi: metricsDescription } }, async (request, reply) => {
    const token = config.METRICS_TOKEN;
    if (!token) return reply.callNotFound();
    if (!bearerMatches(request.headers.authorization, token))
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Not authenticated' });
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
