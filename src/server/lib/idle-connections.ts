import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Makes the server's closeIdleConnections (which server.close() calls as it stops accepting) close
 * every connection with no request in progress: kept-alive ones between requests, as Node's does, and
 * also ones that never sent a request, which Node's leaves open, so server.close() waited on them
 * until they timed out or were forced. Counted per socket: a request may arrive on a socket while an
 * earlier answer is still being written.
 */
export function closeEveryIdleConnection(server: Server): void {
  const open = new Set<Counted>();
  server.on('connection', (socket: Counted) => {
    socket[IN_PROGRESS] = 0;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  // Every request passes here: a counter on its socket and one shared listener, nothing allocated
  // (docs/decisions/095-one-log-line-a-request-and-answers-built-once.md).
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket as Counted;
    socket[IN_PROGRESS] = (socket[IN_PROGRESS] ?? 0) + 1;
    response.on('close', answered);
  });
  const nodeCloseIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    nodeCloseIdle();
    for (const socket of open) if (socket[IN_PROGRESS] === 0) socket.destroy();
  };
}

const IN_PROGRESS = Symbol('requests in progress');
type Counted = Socket & { [IN_PROGRESS]: number };

/** A response's 'close' (emitted once): its request is no longer in progress on its socket. */
function answered(this: ServerResponse): void {
  (this.req.socket as Counted)[IN_PROGRESS]--;
}
