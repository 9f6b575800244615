import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

const SECRETS_KEY_MISSING =
  'SECRETS_KEY is required in production with DATABASE_URL: 32 random bytes in base64 (make one with `openssl rand -base64 32`), ' +
  'the same for every instance, kept like a database password. It seals the two-factor secrets at rest.';

/**
 * The key that seals second-factor secrets. From SECRETS_KEY; required in production on PostgreSQL
 * (DATABASE_URL), where several instances share one database and must share the key. With the embedded
 * database (one process, its data in DATA_DIR: `npm start` on a fresh machine) or in development, when
 * unset, one is made once and kept in `<DATA_DIR>/secrets.key` (mode 0600, outside the database, so a read
 * of the database alone gives no working codes), and its making is said once, as the first admin's
 * password is.
 */
export async function resolveSecretsKey(
  config: Pick<Config, 'SECRETS_KEY' | 'NODE_ENV' | 'DATA_DIR' | 'DATABASE_URL'>,
  say: (line: string) => void = console.log,
): Promise<Buffer> {
  if (config.SECRETS_KEY) return config.SECRETS_KEY;
  if (config.NODE_ENV === 'production' && config.DATABASE_URL) throw new Error(SECRETS_KEY_MISSING);
  const file = path.join(config.DATA_DIR, 'secrets.key');
  const kept = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (kept !== undefined) {
    const key = Buffer.from(kept.trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  const key = randomBytes(32);
  await mkdir(config.DATA_DIR, { recursive: true });
  // 'wx': two processes starting together cannot both write one; the loser reads the winner's.
  try {
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return resolveSecretsKey(config, say);
    throw error;
  }
  say(
    `\nNo SECRETS_KEY: made one and kept it in ${file}.\n` +
      'On PostgreSQL in production set SECRETS_KEY (openssl rand -base64 32) instead.\n',
  );
  return key;
}
