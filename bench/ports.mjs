// Ports for the bench's servers: from BENCH_PORTS ("5700-5749": the range a shared machine gives this
// run), each the next one free in it; without it, any free port the system gives.
import { createServer } from 'node:net';
import { freePort } from '../scripts/support.mjs';

const [first, last] = (process.env.BENCH_PORTS ?? '').split('-').map(Number);
let next = first;

const free = (port) =>
  new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

export async function benchPort() {
  if (!first) return freePort();
  for (let tries = 0; tries <= last - first; tries++) {
    const port = next;
    next = next >= last ? first : next + 1;
    if (await free(port)) return port;
  }
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}
