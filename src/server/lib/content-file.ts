import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { repositoryRoot } from './repository-root';
import { sha256Hex } from './tokens';

/**
 * The operator's texts live in `content/` at the repository's root (the image copies it to /app/content,
 * and an operator may mount their own over it).
 */
const contentFolder = () => path.join(repositoryRoot(import.meta.url), 'content');

type ContentFile = { text: string; version: string };

/**
 * One of the operator's texts, with its version (the SHA-256 of its text, in hex), read again only when
 * the file's modification time changes: an operator's edit is a new version without a restart.
 */
function contentFile(name: string, folder = contentFolder()) {
  const file = path.join(folder, name);
  let cached: { mtimeMs: number; content: ContentFile } | null = null;
  return async (): Promise<ContentFile> => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const bytes = await readFile(file);
      const text = bytes.toString('utf8');
      cached = { mtimeMs, content: { text, version: sha256Hex(text) } };
    }
    return cached.content;
  };
}

/** The practice terms an owner accepts (docs/decisions/093-practice-terms-accepted-by-version.md). */
export const practiceTerms = contentFile('practice-terms.md');
