import type { QueryFunction } from '@tanstack/react-query';

/** A non-OK answer. `message` reads "<status>: <message>" (spec section 8); the parts stay available. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  let message = text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      message = parsed.message;
    }
  } catch {
    // Not JSON: the raw body text is the message.
  }
  throw new ApiError(res.status, message || res.statusText);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every call carries the session cookie; the JSON content type is only sent with a body. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the JSON answer. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data load: a GET of the query key's first element. Only session checks pass 'returnNull'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) {
      // Read the (small) body anyway: an unread body leaves the request open in the browser.
      await res.text().catch(() => '');
      return null as T;
    }
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * Whether the server's readable "a session exists" marker cookie is set (SIGNED_IN_MARKER on the
 * server). Without it the session check is skipped: a signed-out visitor's page asks nothing that
 * would answer 401.
 */
export function hasSessionMarker(kind: 'user' | 'admin'): boolean {
  const name = kind === 'user' ? 'cn_signed_in' : 'cn_admin_signed_in';
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${name}=1`);
}

/** The current user or admin: null when signed out, without a request when there is plainly no session. */
export function sessionQueryFn<T>(kind: 'user' | 'admin'): QueryFunction<T | null> {
  const fetchSession = getQueryFn<T | null>({ on401: 'returnNull' });
  return (context) => (hasSessionMarker(kind) ? fetchSession(context) : Promise.resolve(null));
}
