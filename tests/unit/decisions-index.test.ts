import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decisions index (docs/decisions/README.md) says what each decision file says of itself
 * (docs/architecture.md#decisions): a row for every file and a file for every row, and each row's Status the
 * file's own Status line, up to the explanation a file may add in brackets.
 */

const folder = path.resolve(import.meta.dirname, '../../docs/decisions');
const decisionFiles = readdirSync(folder).filter(
  (name) => /^\d{3}-[a-z0-9-]+\.md$/.test(name) && !name.startsWith('000'),
);
const readme = readFileSync(path.join(folder, 'README.md'), 'utf8');

type Row = { number: string; file: string; status: string };
const rows: Row[] = readme
  .split('\n')
  .filter((line) => /^\|\s*\[\d{3}\]/.test(line))
  .map((line) => {
    const cells = line
      .replace(/^\||\|\s*$/g, '')
      .split(' | ')
      .map((cell) => cell.trim());
    const link = /^\[(\d{3})\]\(([^)]+)\)$/.exec(cells[0] ?? '');
    return { number: link?.[1] ?? '', file: link?.[2] ?? '', status: cells.at(-1) ?? '' };
  });

/** 'accepted; superseded in part by [066](066-x.md) (what changed)' -> 'accepted; superseded in part by [066](066-x.md)'. */
function ownStatus(file: string): string | undefined {
  const line = /^Status: (.+)$/m.exec(readFileSync(path.join(folder, file), 'utf8'))?.[1];
  if (line === undefined) return undefined;
  const explanation = line.indexOf(' (');
  return (explanation === -1 ? line : line.slice(0, explanation)).replace(/\.$/, '').trim();
}

describe('the decisions index', () => {
  it('has one row for each decision file, in order, each linking its own file', () => {
    expect(rows.map((row) => row.file)).toEqual(decisionFiles);
    for (const row of rows) expect(row.file.startsWith(`${row.number}-`), row.file).toBe(true);
  });

  it('gives each decision the status its file gives itself', () => {
    const mismatches = rows
      .map((row) => ({ decision: row.file, index: row.status, file: ownStatus(row.file) }))
      .filter((entry) => entry.index !== entry.file);
    expect(mismatches).toEqual([]);
  });

  it('every status is one the template allows, and names a decision that exists', () => {
    for (const file of decisionFiles) {
      const status = ownStatus(file) ?? '';
      expect(status, file).toMatch(/^(proposed|accepted|rejected|deprecated|superseded)\b/);
      for (const [, target] of status.matchAll(/\]\(([^)]+)\)/g))
        expect(decisionFiles, file).toContain(target);
    }
  });

  it('008 is superseded by 044, which raised the minimum to 8', () => {
    expect(rows.find((row) => row.number === '008')?.status).toBe(
      'superseded by [044](044-new-passwords.md)',
    );
  });
});
