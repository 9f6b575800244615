import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { logMissingOperatorContent } from '../../src/server/lib/content-file';

// The start log names the operator's texts missing from content/ and what each absence leaves out
// (docs/decisions/103-operator-content-shown-only-when-supplied.md), read from a folder of the test's own.
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function contentFolder(files: string[]) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-content-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'samples'));
  for (const file of ['practice-terms.md', 'security-hosting.md', 'testimonials.json'])
    writeFileSync(path.join(folder, 'samples', file), 'sample');
  for (const file of files) writeFileSync(path.join(folder, file), 'the operator’s own');
  return folder;
}

/** What the server's logger (Fastify's pino) writes, as the lines a log reader gets. */
async function startLog(folder: string, samples: boolean) {
  const lines: { level: number; msg: string; missing?: string[]; samples?: string[] }[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
  });
  await logMissingOperatorContent(app.log, { samples }, folder);
  await app.close();
  return lines;
}

describe('the start log on the operator’s content', () => {
  it('says nothing when every text is supplied', async () => {
    const folder = contentFolder(['practice-terms.md', 'security-hosting.md', 'testimonials.json']);
    expect(await startLog(folder, false)).toEqual([]);
  });

  it('warns of each missing text and what customers will not see without it', async () => {
    const [line, ...more] = await startLog(contentFolder(['security-hosting.md']), false);
    expect(more).toEqual([]);
    expect(line?.level).toBe(40);
    expect(line?.missing).toEqual(['practice-terms.md', 'testimonials.json']);
    expect(line?.msg).toContain(
      'practice-terms.md, read while the server runs: without it practice owners are not asked to accept practice terms',
    );
    expect(line?.msg).toContain(
      'testimonials.json, read when the site is built: without it the landing page',
    );
    expect(line?.msg).not.toContain('security-hosting.md');
  });

  it('with SAMPLE_CONTENT, says which samples stand in, as information', async () => {
    const [line] = await startLog(contentFolder([]), true);
    expect(line?.level).toBe(30);
    expect(line?.samples).toEqual(['practice-terms.md', 'security-hosting.md', 'testimonials.json']);
    expect(line?.msg).toMatch(/^SAMPLE_CONTENT=true: the samples of content\/samples\/ stand in/);
  });
});
