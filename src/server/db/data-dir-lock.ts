import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Another live process has the embedded database open; the message says what to do. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(`The server is using ${dataDir}: stop it first, or set DATABASE_URL to use PostgreSQL.`);
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes the embedded database directory this process's alone: PGlite is a single-process database,
 * and a second process writing beside the first (a script while the server runs) loses data. The lock
 * is a file holding our pid, created exclusively; a lock left by a process that died is taken over.
 * Returns the release, to call once the database is closed.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'chairnotes.lock');
  // Written aside, then linked into place: the lock appears whole, never empty, or not at all.
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(mine, file);
        return () => unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (isAlive(Number(readFileSync(file, 'utf8')))) throw new DataDirInUseError(dataDir);
        rmSync(file, { force: true });
      }
    }
    throw new DataDirInUseError(dataDir);
  } finally {
    unlinkSync(mine);
  }
}
