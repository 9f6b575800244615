/**
 * An error whose message is meant for the user: the error handler passes it through with its status.
 * `cause` keeps what went wrong underneath, for the log (a 5xx is logged with it).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown; body?: Record<string, unknown> },
  ) {
    super(message, options);
    this.body = options?.body;
  }

  /** Fields the answer carries beside `message` (`reauthRequired: true`...), for the client to act on. */
  readonly body?: Record<string, unknown>;
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const conflict = (message: string) => new HttpError(409, message);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string, body?: Record<string, unknown>) =>
  new HttpError(403, message, { body });
export const tooManyRequests = (message: string) => new HttpError(429, message);
