import { connect } from 'node:net';
import { vi } from 'vitest';

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
      .once('connect', () => {
        socket.destroy();
        resolve(true);
      })
      .once('error', () => resolve(false));
  });

/**
 * Resolves once something accepts connections on the port; rejects after `ms`, with what `failed()`
 * says went wrong (a process that exited, its output) when it says anything.
 */
export async function waitForPort(port: number, ms: number, failed: () => string | undefined): Promise<void> {
  await vi.waitFor(
    async () => {
      if (await accepts(port)) return;
      throw new Error(failed() ?? `nothing listens on port ${port} after ${ms} ms`);
    },
    { timeout: ms, interval: 50 },
  );
}
