import { hasSessionMarker } from './session-marker';
/** A non-OK answer. `message` reads "<status>: <message>" (docs/architecture.md#errors); the parts stay available. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    /** The answer's JSON fields besides `message` (e.g. `reauthRequired`), when it was JSON. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  let message = text;
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') details = parsed as Record<string, unknown>;
    if (typeof details.message === 'string') message = details.message;
  } catch {
    // Not JSON: the raw body text is the message.
  }
  throw new ApiError(res.status, message || res.statusText, details);
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every call carries the session cookie; the JSON content type is only sent with a body. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal,
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the JSON answer. */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const res = await apiRequest(method, url, body, signal);
  return (await res.json()) as T;
}

/** A failed call as a toast describes it: the server's "<status>: <message>", or else the network failed. */
export function describeFailure(error: Error): string {
  return error instanceof ApiError ? error.message : 'Please try again later';
}

/** The current user or admin from `url`: null when signed out (a 401 is an answer, not an error). */
export async function getSession<T>(
  url: string,
  kind: 'user' | 'admin',
  signal?: AbortSignal,
): Promise<T | null> {
  // Without a request when there is plainly no session.
  if (!hasSessionMarker(kind)) return null;
  const res = await fetch(url, { credentials: 'include', signal });
  if (res.status === 401) {
    // Read the (small) body anyway: an unread body leaves the request open in the browser.
    await res.text().catch(() => '');
    return null;
  }
  await throwIfNotOk(res);
  return (await res.json()) as T;
}
