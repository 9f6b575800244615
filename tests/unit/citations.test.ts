import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every document a comment or a lint message names is in the repository (docs/architecture.md#decisions):
 * a cited file exists, a cited anchor exists in it, and nothing cites the design brief or the product
 * description this repository was built from (they are not in it), nor a decision by its bare number.
 */

const root = path.resolve(import.meta.dirname, '../..');

/** Where comments and lint messages live: the code, its tests and tools, and the files at the root. */
const scanned = ['src', 'tests', 'scripts', 'bench', 'deploy'];
const rootFiles = ['biome.json', 'knip.jsonc', 'package.json', 'Dockerfile', 'compose.yaml', 'README.md'];
const docFiles = [
  'docs/architecture.md',
  'docs/deploy.md',
  'docs/performance.md',
  'docs/note-app-integration.md',
  'docs/trying-it-locally.md',
];
const textFile = /\.(ts|tsx|mts|mjs|js|cjs|css|html|json|jsonc|md|sh|yaml|yml)$/;

function walk(dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'migrations') return [];
    if (statSync(path.join(root, relative)).isDirectory()) return walk(relative);
    return textFile.test(name) ? [relative] : [];
  });
}

const self = 'tests/unit/citations.test.ts';
const files = [...scanned.flatMap(walk), ...rootFiles, ...docFiles].filter(
  (file) => file !== self && existsSync(path.join(root, file)),
);

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The anchors a Markdown document offers: its `<a id>` marks and its headings' slugs (as GitHub makes them). */
function anchorsOf(document: string): Set<string> {
  const ids = [...document.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1] ?? '');
  const slugs = [...document.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
    (match[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replaceAll(' ', '-'),
  );
  return new Set([...ids, ...slugs]);
}

/** `docs/architecture.md#safety`, `docs/decisions/044-new-passwords.md`: a path in docs/, and perhaps an anchor. */
const citation = /\bdocs\/[\w./-]*[\w-](?:\.md)?(?:#[\w-]+)?/g;
const stale = [
  {
    pattern: /design\.md/i,
    says: 'the design brief is not in the repository: cite docs/architecture.md#...',
  },
  {
    pattern: /\bspec(?:ification)? sections? \d/i,
    says: 'the product description is not in the repository: cite docs/architecture.md#...',
  },
  {
    pattern: /product[-_]spec/i,
    says: 'the product description is not in the repository: cite docs/architecture.md#...',
  },
  // A Markdown link may read '[decision 066](docs/decisions/066-...md)': the link names the file.
  {
    pattern: /(?<!\[)\bdecisions? \d{3}\b/i,
    says: 'cite a decision by its file, docs/decisions/NNN-name.md',
  },
];

describe('citations', () => {
  it('finds the files to check', () => {
    expect(files).toContain('biome.json');
    expect(files).toContain('src/server/app.ts');
  });

  it('every cited document exists, and every cited anchor is in it', () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const file of files) {
      read(file)
        .split('\n')
        .forEach((line, index) => {
          for (const [cited] of line.matchAll(citation)) {
            const [target = cited, anchor] = cited.split('#');
            const where = `${file}:${index + 1}: ${cited}`;
            if (!existsSync(path.join(root, target))) {
              broken.push(`${where} (no such file)`);
              continue;
            }
            if (!anchor) continue;
            if (!anchors.has(target)) anchors.set(target, anchorsOf(read(target)));
            if (!anchors.get(target)?.has(anchor)) broken.push(`${where} (no such anchor)`);
          }
        });
    }
    expect(broken).toEqual([]);
  });

  it('nothing cites a document outside the repository, or a decision by its bare number', () => {
    const found: string[] = [];
    for (const file of files) {
      read(file)
        .split('\n')
        .forEach((line, index) => {
          for (const { pattern, says } of stale)
            if (pattern.test(line)) found.push(`${file}:${index + 1}: ${says}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('the anchors architecture.md promises are there', () => {
    const anchors = anchorsOf(read('docs/architecture.md'));
    for (const anchor of [
      'product',
      'layout',
      'request-flow',
      'client-build',
      'safety',
      'budgets',
      'decisions',
    ])
      expect(anchors, anchor).toContain(anchor);
  });
});
