import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Makes the server's closeIdleConnections (which server.close() calls as it stops accepting) close
 * every connection with no request in progress: kept-alive ones between requests, as Node's does, and
 * also ones that never sent a request, which Node's leaves open, so server.close() waited on them
 * until they timed out or were forced. Counted per socket: a request may arrive on a socket while an
 * earlier answer is still being written.
 */
export function closeEveryIdleConnection(server: Server): void {
  const inProgress = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    inProgress.set(socket, 0);
    socket.once('close', () => inProgress.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket: Socket = request.socket;
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const requests = inProgress.get(socket);
      if (requests) inProgress.set(socket, requests - 1);
    });
  });
  const nodeCloseIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    nodeCloseIdle();
    for (const [socket, requests] of inProgress) if (requests === 0) socket.destroy();
  };
}
