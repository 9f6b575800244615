// What the cluster test runs: N instances of the built server (`node dist/server/main.js`, as
// production runs it) on one PostgreSQL and one Redis, behind Debian's haproxy configured from the
// shipped deploy/haproxy.cfg (docs/deploy.md), and a browser-like HTTP client for the balancer.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { freePort } from '../../scripts/support.mjs';
import { waitForPort } from '../support/net';

export type Instance = {
  name: string;
  port: number;
  /** Starts (or starts again) the process; resolves once it answers /api/health. */
  start(): Promise<void>;
  /** SIGTERM, as `docker stop` sends it; resolves with the exit code. */
  stop(): Promise<number | null>;
  output(): string;
};

export function instance(name: string, env: Record<string, string>): Instance & { ready: Promise<void> } {
  let child: ChildProcess | null = null;
  let out = '';
  let port = 0;
  const self = {
    name,
    get port() {
      return port;
    },
    ready: Promise.resolve(),
    async start() {
      port ||= await freePort();
      const proc = spawn('node', ['dist/server/main.js'], {
        env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      proc.stdout!.on('data', (d) => (out += d));
      proc.stderr!.on('data', (d) => (out += d));
      await waitForPort(port, 120_000, () =>
        proc.exitCode !== null ? `${name} exited (${proc.exitCode}):\n${out}` : undefined,
      );
      // Listening is not answering: the database and migrations come first.
      await vi.waitFor(
        async () => {
          if (proc.exitCode !== null) throw new Error(`${name} exited (${proc.exitCode}):\n${out}`);
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          if (!res.ok) throw new Error(`${name}: /api/health answered ${res.status}`);
        },
        { timeout: 120_000, interval: 100 },
      );
    },
    async stop() {
      const proc = child;
      if (!proc || proc.exitCode !== null) return proc?.exitCode ?? null;
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      proc.kill('SIGTERM');
      return exited;
    },
    output: () => out,
  };
  return self;
}

/**
 * haproxy with the shipped configuration (deploy/haproxy.cfg), changed only where this machine differs
 * from compose.yaml: it listens on `port` on 127.0.0.1, and the servers are these instances' ports
 * instead of Docker's DNS (same check options). Each answer names its instance in x-served-by.
 */
export async function balancer(port: number, instances: Instance[]) {
  const shipped = readFileSync('deploy/haproxy.cfg', 'utf8');
  const template = /^\s*server-template \S+ \d+ \S+ (.*)$/m.exec(shipped);
  if (!template) throw new Error('deploy/haproxy.cfg has no server-template line');
  const checkOptions = template[1]!.replace(/\s*resolvers \S+/, '').replace(/\s*init-addr \S+/, '');
  const config = shipped
    .replace(/^resolvers docker\n(?:[ \t]+.*\n)*/m, '')
    .replace(/^(\s*)bind :\d+$/m, `$1bind 127.0.0.1:${port}`)
    .replace(
      template[0],
      [
        '  http-response set-header x-served-by %s',
        ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} ${checkOptions}`),
      ].join('\n'),
    )
    .replace(/^\s*log stdout.*$/m, '');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-cluster-'));
  const file = path.join(tmp, 'haproxy.cfg');
  writeFileSync(file, config);
  let out = '';
  const proxy = spawn('haproxy', ['-db', '-f', file], {
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proxy.stdout!.on('data', (d) => (out += d));
  proxy.stderr!.on('data', (d) => (out += d));
  await waitForPort(port, 10_000, () => (proxy.exitCode !== null ? `haproxy exited:\n${out}` : undefined));
  return {
    config,
    output: () => out,
    async close() {
      if (proxy.exitCode === null) {
        const gone = new Promise((r) => proxy.once('exit', r));
        proxy.kill();
        await gone;
      }
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * A browser-like client of the balancer: keeps its cookies, sends the Origin on writes. Each comes from
 * an address of its own on the loopback network (127.x.y.z), which haproxy passes on as the client's:
 * the rate limits count it alone, whatever else ran before.
 */
export function httpClient(base: string) {
  const localAddress = `127.${1 + randomInt(250)}.${randomInt(250)}.${1 + randomInt(250)}`;
  const cookies = new Map<string, string>();
  const request = (method: string, url: string, body?: unknown) =>
    // biome-ignore lint/suspicious/noExplicitAny: an answer's JSON, read by each test as it expects (as light-my-request's json())
    new Promise<{ status: number; servedBy: string | null; text: string; json: () => any }>(
      (resolve, reject) => {
        const headers: Record<string, string> = {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        };
        if (method !== 'GET') headers.origin = base;
        const payload = body === undefined ? undefined : JSON.stringify(body);
        if (payload) headers['content-type'] = 'application/json';
        const req = http.request(`${base}${url}`, { method, headers, localAddress, agent: false }, (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const at = pair!.indexOf('=');
            cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
          }
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              servedBy: (res.headers['x-served-by'] as string | undefined) ?? null,
              text,
              json: () => JSON.parse(text),
            }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(payload);
      },
    );
  return {
    localAddress,
    get: (url: string) => request('GET', url),
    post: (url: string, body?: unknown) => request('POST', url, body ?? {}),
    patch: (url: string, body?: unknown) => request('PATCH', url, body ?? {}),
  };
}
