export function freePort(): Promise<number>;
export const CHROME_ARGS: string[];
export function findChrome(): Promise<string | undefined>;
