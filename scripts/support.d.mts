export function freePort(): Promise<number>;
export const CHROME_ARGS: string[];
export function findChrome(): Promise<string | undefined>;
export function bundleTestServers(
  entryPoints: string[] | Record<string, string>,
  outdir: string,
): Promise<void>;
export function cookieClient(base: string): {
  call(method: string, url: string, body?: unknown): Promise<unknown>;
  cookies(): { name: string; value: string }[];
};
