import { connect } from 'node:net';

/** Resolves once something accepts connections on the port; rejects after `ms` or if `failed()` says so. */
export async function waitForPort(port: number, ms: number, failed: () => string | undefined): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
        .once('connect', () => {
          socket.destroy();
          resolve(true);
        })
        .once('error', () => resolve(false));
    });
    if (open) return;
    const why = failed();
    if (why || Date.now() > deadline)
      throw new Error(why ?? `nothing listens on port ${port} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
