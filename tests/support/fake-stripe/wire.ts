/**
 * Stripe's wire format: form-encoded bracket parameters in, Stripe-shaped errors out.
 * Values stay strings, as on the wire; handlers convert what they read (the SDK sends `true`, `14`).
 */
import { randomBytes } from 'node:crypto';

export type Param = string | Param[] | { [key: string]: Param };
export type Params = { [key: string]: Param };
export type Json = null | boolean | number | string | Json[] | JsonObject;
export type JsonObject = { [key: string]: Json };

/** `items[0][price]=p&expand[]=x&metadata[userId]=1` → `{ items: [{ price: 'p' }], expand: ['x'], metadata: { userId: '1' } }` */
export function parseForm(encoded: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Params | Param[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] ?? '';
      const last = i === path.length - 1;
      const slot: string | number = Array.isArray(node) && segment === '' ? node.length : segment;
      const container = node as Record<string | number, Param>;
      if (last) {
        container[slot] = value;
        break;
      }
      let child: Param | undefined = container[slot];
      if (child === undefined || typeof child === 'string') {
        child = /^\d*$/.test(path[i + 1] ?? '') ? [] : {};
        container[slot] = child;
      }
      node = child;
    }
  }
  return root;
}

export interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

/** Thrown by handlers; the server turns it into `{ error: body }` with this status. */
export class StripeFault extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const invalid = (message: string, param?: string, code?: string) =>
  new StripeFault(400, { type: 'invalid_request_error', message, param, code });

export const missingParam = (param: string) =>
  invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

/** An unknown id in the URL is a 404; an unknown id named by a parameter is a 400, as in Stripe. */
export const noSuch = (kind: string, id: string, param?: string) =>
  new StripeFault(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: param ?? 'id',
  });

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function newId(prefix: string, length = 14): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

// Typed readers over the parsed params. Each names the parameter in its error, like Stripe does.

export function str(p: Params, key: string): string | undefined {
  const value = p[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${key}`, key);
  return value;
}

export function need(p: Params, key: string, name = key): string {
  const value = str(p, key);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function int(p: Params, key: string, name = key): number | undefined {
  const value = str(p, key);
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw invalid(`Invalid integer: ${value}`, name, 'parameter_invalid_integer');
  return n;
}

export function bool(p: Params, key: string): boolean | undefined {
  const value = str(p, key);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, key);
  return value === 'true';
}

export function obj(p: Params, key: string): Params | undefined {
  const value = p[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid object`, key);
  return value;
}

/** An array param; the SDK always sends indexed brackets (`items[0][price]`). */
export function list(p: Params, key: string): Param[] | undefined {
  const value = p[key];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalid(`Invalid array`, key);
  return value;
}

export function strings(p: Params, key: string): string[] {
  return (list(p, key) ?? []).filter((v): v is string => typeof v === 'string');
}

/** Stripe refuses parameters it does not know; so does the fake, so a typo fails in tests too. */
export function allowOnly(p: Params, allowed: readonly string[], within?: string): void {
  for (const key of Object.keys(p)) {
    const name = within ? `${within}[${key}]` : key;
    if (key !== 'expand' && !allowed.includes(key))
      throw invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
  }
}

/** Metadata updates merge; an empty value deletes a key and `metadata=` clears them all (Stripe's rules). */
export function mergeMetadata(current: Record<string, string>, p: Params): Record<string, string> {
  const value = p.metadata;
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid metadata', 'metadata');
  const next = { ...current };
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw invalid('Invalid metadata value', `metadata[${k}]`);
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}
