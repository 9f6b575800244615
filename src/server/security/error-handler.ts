import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError } from '../db/errors';
import { HttpError } from '../lib/http-error';

/**
 * The one error handler: 4xx messages pass through (a 400 names the field), 5xx bodies are
 * generic with the request id (or an HttpError's message for the user), and every 5xx is logged
 * with its cause under the request's id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const message = field ? `${field}: ${first?.message}` : (first?.message ?? 'Invalid request');
      return reply.status(400).send({ message });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send({ ...error.body, message: error.message });
    }
    if (isConnectionError(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          message: `Service temporarily unavailable. Please try again shortly. (request ${request.id})`,
        });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large, rate limit).
      return reply.status(status).send({ message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: `Something went wrong on our side. (request ${request.id})` });
  });
}

/**
 * Fastify's refusals before any route runs (Fastify's `frameworkErrors` option): a URL that does not
 * decode, a path parameter too long. Otherwise Fastify writes its own `{error, code, message,
 * statusCode}`; every error body is `{message}` (docs/decisions/070-graceful-shutdown-and-error-bodies.md).
 * No hook runs for these, so the answer carries every answer's headers itself.
 */
export function frameworkErrors(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode ?? 500;
    const message =
      status < 500 ? clientMessage(error) : `Something went wrong on our side. (request ${request.id})`;
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    void reply.headers(headers).header('x-request-id', request.id).status(status).send({ message });
  };
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/**
 * What Node refuses before there is a request (Fastify's `clientErrorHandler` option): a malformed
 * request, headers too large, a request too slow. Written on the socket, as Fastify's default does,
 * but as `{message}`; a connection already gone gets nothing.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty: send a JSON object';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_BAD_URL':
      return 'The address is not a valid URL';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long';
    default:
      return error.message;
  }
}
