import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { OPERATOR_CONTENT, type OperatorContentFile, suppliedContent } from '../../shared/operator-content';
import { repositoryRoot } from './repository-root';
import { sha256Hex } from './tokens';

/**
 * The operator's texts live in `content/` at the repository's root (the image copies it to /app/content,
 * and an operator may mount their own over it); their samples in `content/samples/`, used only with
 * SAMPLE_CONTENT (docs/decisions/103-operator-content-shown-only-when-supplied.md).
 */
const contentFolder = () => path.join(repositoryRoot(import.meta.url), 'content');

type ContentFile = { text: string; version: string };

/** The file's modification time, or undefined when there is none. */
const modified = (file: string) =>
  stat(file).then(
    (s) => s.mtimeMs,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    },
  );

/**
 * One of the operator's texts, with its version (the SHA-256 of its text, in hex), read again only when
 * the file's modification time changes: an operator's edit is a new version without a restart. Null
 * while neither the operator's file nor (with `samples`) its sample is there.
 */
function contentFile(name: OperatorContentFile, folder = contentFolder()) {
  const cached = new Map<string, { mtimeMs: number; content: ContentFile }>();
  return async ({ samples }: { samples: boolean }): Promise<ContentFile | null> => {
    const operator = path.join(folder, name);
    const sample = path.join(folder, 'samples', name);
    const operatorTime = await modified(operator);
    // The sample is looked at only where it could stand in.
    const sampleTime = samples && operatorTime === undefined ? await modified(sample) : undefined;
    const file = suppliedContent(
      operatorTime === undefined ? undefined : { path: operator, mtimeMs: operatorTime },
      sampleTime === undefined ? undefined : { path: sample, mtimeMs: sampleTime },
      samples,
    );
    if (!file) return null;
    const hit = cached.get(file.path);
    if (hit?.mtimeMs === file.mtimeMs) return hit.content;
    const text = (await readFile(file.path)).toString('utf8');
    const content = { text, version: sha256Hex(text) };
    cached.set(file.path, { mtimeMs: file.mtimeMs, content });
    return content;
  };
}

/** The practice terms an owner accepts (docs/decisions/093-practice-terms-accepted-by-version.md); null: none. */
export const practiceTerms = contentFile('practice-terms.md');

/**
 * The operator's texts missing from `content/`, with what each absence leaves out: the server names
 * them in its start log. With SAMPLE_CONTENT the samples stand in for them, and the log says that.
 */
async function missingOperatorContent(folder = contentFolder()) {
  const present = await Promise.all(
    OPERATOR_CONTENT.map(async (c) => (await modified(path.join(folder, c.file))) !== undefined),
  );
  return OPERATOR_CONTENT.filter((_, i) => !present[i]);
}

/**
 * Names in the start log the operator's texts missing from `content/` and what each absence leaves out
 * (a warning: customers see less than the operator may think), or, with SAMPLE_CONTENT, which samples
 * stand in for them.
 */
export async function logMissingOperatorContent(
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  { samples }: { samples: boolean },
  folder = contentFolder(),
): Promise<void> {
  const missing = await missingOperatorContent(folder);
  if (missing.length === 0) return;
  const files = missing.map((c) => c.file);
  if (samples)
    log.info(
      { samples: files },
      `SAMPLE_CONTENT=true: the samples of content/samples/ stand in for ${files.join(', ')} (never for customers)`,
    );
  else
    log.warn(
      { missing: files },
      `operator content missing from content/ (see content/README.md): ${missing
        .map((c) => `${c.file}, read ${c.read}: without it ${c.without}`)
        .join('; ')}`,
    );
}
