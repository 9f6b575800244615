import createClient from 'openapi-fetch';
import type { paths } from './api-types';
import { hasSessionMarker } from './session-marker';

/**
 * A non-OK answer. `message` is the server's, the words a person reads; the status stays beside it, and a
 * log line reads "ApiError: <status>: <message>" (docs/architecture.md#errors).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    /** The answer's JSON fields besides `message` (e.g. `reauthRequired`), when it was JSON. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(serverMessage);
    this.name = 'ApiError';
  }

  override toString(): string {
    return `${this.name}: ${this.status}: ${this.serverMessage}`;
  }
}

/**
 * The server's API, typed by its OpenAPI document (api-types.ts, `npm run api:types`): a wrong path,
 * body or answer field fails the type check. Every call carries the session cookie; openapi-fetch sends
 * the JSON content type only with a body. `fetch` is looked up at each call, not once here.
 */
export const api = createClient<paths>({ credentials: 'include', fetch: (request) => fetch(request) });

/** What a call of `api` resolves to (openapi-fetch's answer): `error` is set when the answer was not OK. */
type Result = { data?: unknown; error?: unknown; response: Response };
/** The data of an OK answer, as the document describes the operation's. */
type DataOf<R> = R extends { data: infer D; error?: never } ? D : never;

/** The answer's data, or an ApiError for a non-OK answer. */
function dataOf<R extends Result>(result: R): DataOf<R> {
  const { data, error, response } = result;
  // openapi-fetch sets `data` exactly when the answer was OK: R's OK member says its type.
  if (response.ok) return data as DataOf<R>;
  // openapi-fetch has read the body: parsed when it was JSON, else its text (undefined when empty). The
  // message is the JSON's `message`, else the body as it came.
  const details: Record<string, unknown> = error && typeof error === 'object' ? { ...error } : {};
  const body = typeof error === 'string' ? error : error === undefined ? '' : JSON.stringify(error);
  const message = typeof details.message === 'string' ? details.message : body;
  throw new ApiError(response.status, message || response.statusText, details);
}

/** The data of an `api` call: `answer(api.GET('/api/config', { signal }))`; a non-OK answer throws ApiError. */
export async function answer<R extends Result>(call: Promise<R>): Promise<DataOf<R>> {
  return dataOf(await call);
}

/** `answer`, with the Response besides (its headers): for a download, `parseAs: 'blob'`. */
export async function answerAndResponse<R extends Result>(
  call: Promise<R>,
): Promise<{ data: DataOf<R>; response: Response }> {
  const result = await call;
  return { data: dataOf(result), response: result.response };
}

/** A failed call in a person's words, in a toast or where they act: the server's message, or else the network failed. */
export function describeFailure(error: Error): string {
  return error instanceof ApiError ? error.serverMessage : 'Please try again later';
}

/**
 * The current user or admin (`call` asks for them): null when signed out (a 401 is an answer, not an
 * error), and without a request when there is plainly no session.
 */
export async function getSession<R extends Result>(
  kind: 'user' | 'admin',
  call: () => Promise<R>,
): Promise<DataOf<R> | null> {
  if (!hasSessionMarker(kind)) return null;
  // openapi-fetch reads every answer's body, a 401's too: an unread body leaves the request open in the browser.
  const result = await call();
  return result.response.status === 401 ? null : dataOf(result);
}

/** A failed call as a toast describes it: the server's "<status>: <message>", or else the network failed. */
