import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's request log, with the route on each completion line: its pattern
 * (`/api/admin/users/:id/end-sessions`), which groups requests without the ids and tokens a URL has;
 * null when no route matched (a page of the client, a 404).
 */
export class RouteLogController extends LogController {
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { res: reply, route: request.routeOptions.url ?? null, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
