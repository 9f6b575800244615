import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the Security tab shows it: the address and the browser's own description. */
export type Client = { ip: string; userAgent: string | null };

export function clientOf(request: FastifyRequest): Client {
  const userAgent = request.headers['user-agent'];
  // A header is attacker-chosen text: keep it short in the database.
  return { ip: request.ip, userAgent: userAgent ? userAgent.slice(0, 512) : null };
}

/** 'Chrome on Linux', from a User-Agent header; 'Unknown device' when it says nothing we recognise. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || os.name || 'Unknown device';
}
