/**
 * The client's typed fetch (src/client/lib/api.ts) asks and answers as the untyped one did: the session
 * cookie on every call, the JSON content type only with a body, an ApiError whose message is the server's
 * (the words a person reads) with its status and the answer's other fields, and a session check that asks nothing without the marker and reads a 401 as
 * "signed out".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const ORIGIN = 'http://localhost:5000';
/** The browser resolves '/api/...' against the page; Node's Request needs the page given. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
  }
}
vi.stubGlobal('Request', PageRequest);
const { api, answer, ApiError, describeFailure, getSession } = await import('../../src/client/lib/api');

const sent: Request[] = [];
function answerWith(response: Response) {
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push(request);
    return response;
  });
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  sent.length = 0;
  vi.unstubAllGlobals();
  vi.stubGlobal('Request', PageRequest);
});

describe('the typed fetch', () => {
  it('sends the session cookie, and the JSON content type only with a body', async () => {
    answerWith(json(200, { message: 'Logged out' }));
    expect(await answer(api.POST('/api/logout'))).toEqual({ message: 'Logged out' });
    answerWith(json(200, { message: 'Password changed' }));
    await answer(
      api.POST('/api/user/change-password', {
        body: {
          currentPassword: 'old password 1',
          newPassword: 'new password 2',
          confirmPassword: 'new password 2',
        },
      }),
    );
    const [bodiless, withBody] = sent;
    expect(bodiless?.credentials).toBe('include');
    expect(bodiless?.headers.get('content-type')).toBeNull();
    expect(bodiless?.url).toBe(`${ORIGIN}/api/logout`);
    expect(withBody?.credentials).toBe('include');
    expect(withBody?.headers.get('content-type')).toBe('application/json');
    expect(await withBody?.json()).toEqual({
      currentPassword: 'old password 1',
      newPassword: 'new password 2',
      confirmPassword: 'new password 2',
    });
  });

  it('puts path parameters and query strings in the URL', async () => {
    answerWith(json(200, { message: 'Signed out' }));
    await answer(api.DELETE('/api/user/sessions/{id}', { params: { path: { id: 'a/b c' } } }));
    answerWith(json(200, {}));
    await answer(
      api.GET('/api/subscription/change-plan/preview', { params: { query: { planId: 'clinic' } } }),
    );
    expect(sent.map((r) => r.url)).toEqual([
      `${ORIGIN}/api/user/sessions/a%2Fb%20c`,
      `${ORIGIN}/api/subscription/change-plan/preview?planId=clinic`,
    ]);
  });

  it('throws the server’s message with its status and the answer’s other fields; a body that is not JSON is the message', async () => {
    answerWith(json(403, { message: 'Please confirm it is you', reauthRequired: true }));
    const refused = await answer(api.POST('/api/user/2fa/recovery-codes')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      message: 'Please confirm it is you',
      status: 403,
      serverMessage: 'Please confirm it is you',
      details: { message: 'Please confirm it is you', reauthRequired: true },
    });
    expect(describeFailure(refused as Error)).toBe('Please confirm it is you');
    // A log line keeps the status (docs/architecture.md#errors).
    expect(String(refused)).toBe('ApiError: 403: Please confirm it is you');

    answerWith(new Response('Bad Gateway from the proxy', { status: 502 }));
    const text = await answer(api.GET('/api/config')).catch((e: unknown) => e);
    expect(text).toMatchObject({ message: 'Bad Gateway from the proxy', status: 502, details: {} });

    answerWith(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const empty = await answer(api.GET('/api/config')).catch((e: unknown) => e);
    expect(empty).toMatchObject({ message: 'Service Unavailable', status: 503 });
  });

  it('describes a network failure as one to try again', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const failed = await answer(api.GET('/api/config')).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(TypeError);
    expect(describeFailure(failed as Error)).toBe('Please try again later');
  });
});

describe('getSession', () => {
  const user = () => api.GET('/api/user');

  it('asks nothing without the session marker', async () => {
    answerWith(json(200, {}));
    expect(await getSession('user', user)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('reads a 401 as signed out, and another refusal as an error', async () => {
    vi.stubGlobal('document', { cookie: 'cn_signed_in=1' });
    answerWith(json(401, { message: 'Not authenticated' }));
    expect(await getSession('user', user)).toBeNull();
    expect(sent.map((r) => r.url)).toEqual([`${ORIGIN}/api/user`]);
    answerWith(json(500, { message: 'Something went wrong' }));
    await expect(getSession('user', user)).rejects.toMatchObject({
      message: 'Something went wrong',
      status: 500,
    });
  });
});
