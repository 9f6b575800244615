import { stdSerializers } from 'pino';

// Live secrets kept out of what outlives a request: the outbox once a mail is sent, and every log line
// (docs/architecture.md#safety).

/**
 * Link parameters whose value is a live secret or personal: `token` (reset, verification,
 * unsubscribe links) and OpenID Connect's `id_token_hint` (a whole ID token), `code`, `state`,
 * `login_hint` and `logout_hint` (the hints often carry the person's email: the note app's sign-in and
 * sign-out URLs, docs/decisions/069-openid-conformance.md).
 */
const SECRET_PARAMETERS = /([?&](?:token|id_token_hint|code|state|login_hint|logout_hint)=)[^&\s"'<>]+/g;

/** The text with the value of every secret link parameter hidden. */
export function redactTokens(text: string): string {
  return text.replace(SECRET_PARAMETERS, '$1[redacted]');
}

/**
 * The request as logged: Fastify's default fields, with tokens in the URL hidden
 * (`/reset-password?token=...` would otherwise reach the log as sent). The URL is the one the browser
 * asked for: a handler that mounts another app below a prefix (the OpenID Provider under /oidc) strips
 * the prefix from `url` and keeps the whole in `originalUrl`.
 */
function req(request: {
  method?: string;
  url?: string;
  originalUrl?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactTokens(request.originalUrl ?? request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * An error as logged (pino's serializer, with its causes), without a failed query's parameters:
 * drizzle writes them into the message and keeps them as `params`, so a failed sign-up would log the
 * new user's argon2 hash, and any query its personal data. The query text itself stays: it is ours.
 */
function err(error: Error) {
  return stdSerializers.err(withoutParams(error, 0) as Error);
}

/** A copy of the error and its causes, each without `params`, and their text out of its message. */
function withoutParams(error: unknown, depth: number): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const copy: Error & { params?: unknown } = Object.assign(
    Object.create(Object.getPrototypeOf(error)),
    error,
  );
  let message = error.message;
  if ('params' in copy) {
    delete copy.params;
    message = message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  }
  Object.defineProperty(copy, 'message', { value: message, enumerable: false });
  Object.defineProperty(copy, 'stack', {
    value: error.stack?.replace(error.message, message),
    enumerable: false,
  });
  if (error.cause !== undefined) copy.cause = withoutParams(error.cause, depth + 1);
  return copy;
}

export const logSerializers = { req, err };

const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'stripe-signature'];
const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'confirmPassword', 'token', 'secret'];

/**
 * pino's redaction, behind the serializers: the request serializer above logs no header, but a line
 * that carries headers or a body (a debugging line, an error holding its request) must still not
 * write a credential. Each path is fixed, none a wildcard: pino runs a line's field through the
 * redaction only when a path starts with its name, and a path starting with `*` sends every field of
 * every line through it (docs/decisions/095-one-log-line-a-request-and-answers-built-once.md). So the
 * request log's own fields (`req`, `res`: serialized without headers or body) are not among them, and
 * a secret is redacted where a line puts it: `headers`, `body`, or the line's top level.
 */
export const logRedaction = {
  paths: [
    ...['headers', 'request.headers', 'err.headers'].flatMap((where) =>
      SECRET_HEADERS.map((header) => `${where}["${header}"]`),
    ),
    ...SECRET_FIELDS.flatMap((field) => [field, `body.${field}`]),
    'body.code',
  ],
  censor: '[redacted]',
};
