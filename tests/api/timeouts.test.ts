/**
 * Time limits, through real sockets: a client that trickles its request (slow loris) is cut off after
 * REQUEST_TIMEOUT_MS instead of holding a socket, and a database that accepts connections but never
 * answers gives a prompt 503 instead of a hanging request. (Statement timeouts need a PostgreSQL that
 * can hold a lock: tests/services/database-timeouts.test.ts.)
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { APP_URL, createTestApp, TEST_SECRETS_KEY } from '../support/app';

const REQUEST_TIMEOUT_MS = 1000;

/** Resolves after `ms`, to a message saying what did not happen in time. */
const deadline = (ms: number, what: string) =>
  new Promise<string>((resolve) =>
    setTimeout(() => resolve(`${what}: still open after ${ms} ms`), ms).unref(),
  );

/** Sends `head`, then one more byte every 100 ms until the server hangs up; resolves to what it answered. */
function trickle(port: number, head: string, more: string): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    let answer = '';
    let dribble: NodeJS.Timeout | undefined;
    // The trickle begins once the head is written: a byte queued before the connection opened would
    // go out ahead of it (as 'xPOST', refused as a malformed request when connecting took 100 ms).
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      dribble = setInterval(() => {
        if (!socket.destroyed) socket.write(more);
      }, 100);
    });
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(dribble);
      resolve({ answer, ms: Date.now() - started });
    });
  });
}

describe('a slow client', async () => {
  const t = await createTestApp({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  afterAll(() => t.close());

  it('sending its body a byte at a time is answered 408 and cut off', async () => {
    const head = [
      'POST /api/login HTTP/1.1',
      'Host: localhost',
      `Origin: ${APP_URL}`,
      'Content-Type: application/json',
      'Content-Length: 60000',
      '',
      '{"username":"',
    ].join('\r\n');
    const result = await Promise.race([trickle(port, head, 'x'), deadline(5000, 'slow body')]);
    expect(typeof result === 'string' ? result : '').toBe('');
    const { answer, ms } = result as { answer: string; ms: number };
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Cut at the limit (checked every second), not the 95 s it used to take.
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2500);
  });

  it('sending its headers a byte at a time is cut off too', async () => {
    const head = `GET /api/health HTTP/1.1\r\nHost: localhost\r\n`;
    const result = await Promise.race([trickle(port, head, 'X-Slow: y\r\n'), deadline(5000, 'slow headers')]);
    expect(typeof result === 'string' ? result : '').toBe('');
    expect((result as { answer: string }).answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('the production limits: 30 s for a request, 10 s for its headers', async () => {
    const app = await createTestApp();
    try {
      expect(app.app.server.requestTimeout).toBe(30_000);
      expect(app.app.server.headersTimeout).toBe(10_000);
    } finally {
      await app.close();
    }
  });
});

describe('a database that stopped answering', { tags: ['database-differences'] }, () => {
  let frozen: Server;
  const held: Socket[] = [];
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => frozen.close(resolve));
  });

  it('gives a prompt 503, not a request that hangs', async () => {
    // Accepts connections, then says nothing: a PostgreSQL frozen solid (or a dead network path).
    frozen = createServer((socket) => held.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => frozen.once('listening', resolve));
    const { port } = frozen.address() as { port: number };
    const timeoutMs = 500;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL,
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
    const database = await openDatabase({
      databaseUrl: `postgres://app:secret@127.0.0.1:${port}/chairnotes`,
      timeoutMs,
    });
    const app = await buildApp({ config, database, billing: null });
    try {
      const started = Date.now();
      const res = await Promise.race([
        app.inject({ method: 'GET', url: '/api/health' }),
        deadline(5000, 'GET /api/health'),
      ]);
      expect(typeof res === 'string' ? res : '').toBe('');
      const answer = res as Awaited<ReturnType<typeof app.inject>>;
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json().message).toMatch(/^Service temporarily unavailable/);
      expect(Date.now() - started).toBeLessThan(timeoutMs + 1500);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
