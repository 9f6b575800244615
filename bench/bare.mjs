// The bench's references (docs/architecture.md#budgets): what the app does for an answer, done on bare
// node:http, in a process of its own, as the app runs in one. Started by bench/api.mjs:
//   node bench/bare.mjs bytes            answers every request with BARE_ANSWER's status, headers and body
//   node bench/bare.mjs fastify-bytes    the same, from one route of a Fastify server with no logger and no
//                                        hook: what the framework itself costs an answer, its floor
//   node --import tsx bench/bare.mjs user   GET /api/user on DATABASE_URL: the app's own session SQL
// It listens on PORT and answers GET /ready once it can serve.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const port = Number(process.env.PORT);
const mode = process.argv[2];

/** The same headers the app sends, with a request id of the same form (each answer has its own). */
const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}');

let answer;
if (mode === 'bytes') {
  const { status, body } = JSON.parse(process.env.BARE_ANSWER);
  const bytes = Buffer.from(body);
  answer = (_request, response) => {
    response.writeHead(status, { ...headers, 'content-length': bytes.length, 'x-request-id': randomUUID() });
    response.end(bytes);
  };
} else if (mode === 'fastify-bytes') {
  const { status, body } = JSON.parse(process.env.BARE_ANSWER);
  const bytes = Buffer.from(body);
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/ready', async () => 'ready');
  app.get(process.env.BARE_PATH, (_request, reply) => {
    reply
      .code(status)
      .headers({ ...headers, 'x-request-id': randomUUID() })
      .send(bytes);
  });
  await app.listen({ port, host: '127.0.0.1' });
} else if (mode === 'user') {
  // The app's modules, not a copy: the look-up's SQL (prepared, as the app prepares it), the cookie's
  // hash and the answer's shape. One query per request: what the app's batching is measured against.
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { sessionLookup } = await import('../src/server/auth/sessions.ts');
  const { toPublicUser } = await import('../src/server/auth/users-repo.ts');
  const { sha256Hex } = await import('../src/server/lib/tokens.ts');
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const findSessions = sessionLookup(database.db, 'user').prepare('find_user_sessions');
  const cookieName = process.env.BARE_COOKIE ?? 'cn_session';
  const unauthorized = JSON.stringify({ message: 'Not authenticated' });
  const tokenOf = (cookie = '') => {
    for (const part of cookie.split(';')) {
      const at = part.indexOf('=');
      if (part.slice(0, at).trim() === cookieName) return decodeURIComponent(part.slice(at + 1).trim());
    }
    return undefined;
  };
  answer = async (request, response) => {
    const token = tokenOf(request.headers.cookie);
    const [found] = token ? await findSessions.execute({ ids: [sha256Hex(token)] }) : [];
    const live = found && found.expiresAt.getTime() > Date.now();
    const body = live ? JSON.stringify(toPublicUser(found.owner, found)) : unauthorized;
    response.writeHead(live ? 200 : 401, {
      ...headers,
      'content-length': Buffer.byteLength(body),
      'x-request-id': randomUUID(),
    });
    response.end(body);
  };
} else {
  throw new Error(`bench/bare.mjs: unknown mode ${mode}`);
}

// The fastify-bytes server listens on its own, above.
if (answer)
  http
    .createServer((request, response) => {
      if (request.url === '/ready') return response.end('ready');
      Promise.resolve(answer(request, response)).catch((error) => {
        response.writeHead(500);
        response.end(String(error));
      });
    })
    .listen(port, '127.0.0.1');
