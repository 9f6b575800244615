import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../lib/tokens';
import { sealedCookie } from './sealed-cookies';

// A browser that signed in to an account before is known by a device cookie (OWASP's "device cookies",
// docs/decisions/109-device-cookies.md): issued at each successful sign-in, sealed, naming the account and a
// random id of its own. A password typed in it is held only by that device's own failures, not by the
// account's hold, so a stranger failing from many addresses does not keep the owner out of their usual
// browser (auth/sign-in-throttle.ts).

const COOKIE = 'cn_device';
/** How long a browser is known after its last sign-in. */
const LIFETIME_MS = 180 * 24 * 60 * 60_000;

/** A browser's device cookie: the account it signed in to (the throttle's name for it), and its own id. */
export type KnownDevice = { account: string; id: string };

function deviceCookie(request: FastifyRequest) {
  return sealedCookie<KnownDevice>(COOKIE, LIFETIME_MS, request.server.ctx);
}

/** At a successful sign-in to `account` (the throttle's name): this browser is known to it from now. */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, account: string): void {
  deviceCookie(request).put(reply, { account, id: randomToken() });
}

/** The device cookie this browser holds, or null (none, altered, or too old). */
export function knownDevice(request: FastifyRequest): KnownDevice | null {
  const device = deviceCookie(request).read(request);
  return device && typeof device.account === 'string' && typeof device.id === 'string' ? device : null;
}
