import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { requesterOf } from '../auth/require';

// One log line per request (docs/decisions/095-one-log-line-a-request-and-answers-built-once.md): the
// completion line below. Fastify's own pair ('incoming request', 'request completed') cost two
// serialised lines a request; what the first said is in the second.

const DEBUG_LEVELS = new Set(['debug', 'trace']);

/**
 * Fastify's request log without its two per-request lines; its other lines (a stream that failed
 * after its headers, a serializer that threw) stay. 'incoming request' is kept at debug level, for
 * whoever needs to see a request arrive before it is answered (the shutdown tests do); at the
 * default level pino's debug is a no-op. A response that failed on its socket is logged as an error
 * beside its completion line.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // At the default level the line's object is not even built.
    if (DEBUG_LEVELS.has(request.log.level)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) reply.log.error({ err: error, route: routeOf(request) }, 'request errored');
  }
}

/** The route's pattern (`/api/admin/users/:id/end-sessions`), never the URL; null when none matched. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? null;

/**
 * The completion line, once the answer is sent: the request (method, URL with its secrets hidden,
 * host, client address: lib/redact.ts), the route's pattern, the status, the time in milliseconds,
 * and who asked when a guard found them. `reqId` comes from the request's logger.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        req: request,
        route: routeOf(request),
        res: reply,
        responseTime: reply.elapsedTime,
        ...requesterOf(request),
      },
      'request completed',
    );
    done();
  });
}
