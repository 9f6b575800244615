import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/support.mjs';
import { waitForPort } from './net';

/**
 * A real load balancer in front of the app's instances: Debian's haproxy, round robin, adding
 * X-Forwarded-For (`option forwardfor`) as a balancer would, and naming the instance that answered in
 * `x-served-by` (its position in `backendPorts`, from 1), so a test can tell where each step landed.
 * Listens on `port` (a free one when not given: the app's APP_URL may need it before it starts);
 * resolves once it accepts connections; `close` stops it.
 */
export async function startHaproxy(
  backendPorts: number[],
  port?: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-haproxy-'));
  port ??= await freePort();
  const config = path.join(tmp, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'defaults',
      '  mode http',
      '  option forwardfor',
      '  timeout connect 5s',
      '  timeout client 30s',
      '  timeout server 30s',
      'frontend web',
      `  bind 127.0.0.1:${port}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  http-response set-header x-served-by %s',
      ...backendPorts.map((p, i) => `  server ${i + 1} 127.0.0.1:${p}`),
      '',
    ].join('\n'),
  );
  let output = '';
  let exited: number | null | undefined;
  // Debian installs it in /usr/sbin, which a non-root PATH may lack.
  const proxy: ChildProcess = spawn('haproxy', ['-db', '-f', config], {
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proxy.stdout!.on('data', (d) => (output += d));
  proxy.stderr!.on('data', (d) => (output += d));
  proxy.on('error', (error) => (output += String(error)));
  proxy.on('exit', (code) => (exited = code));
  const close = async () => {
    if (exited === undefined) {
      const gone = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill();
      await gone;
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, 10_000, () =>
      exited !== undefined || output.includes('ENOENT') ? `haproxy did not start:\n${output}` : undefined,
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { port, close };
}
