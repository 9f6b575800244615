import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The server's layers import one way only: routes -> services -> repositories -> db (biome.json's
// overrides, docs/architecture.md#request-flow). Each probe is a file written where the rule applies,
// linted, and removed: biome reads an import by its text, so the module it names need not exist.
const biome = path.resolve('node_modules/.bin/biome');
const probes: string[] = [];
afterAll(() => {
  for (const file of probes) rmSync(file, { recursive: true, force: true });
});

function lint(file: string, code: string) {
  const dir = path.resolve('src/server', `zz-zone-probe-${process.pid}`);
  const target = path.join(dir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  if (!probes.includes(dir)) probes.push(dir);
  writeFileSync(target, `${code}\n`);
  const run = spawnSync(biome, ['lint', target], { encoding: 'utf8' });
  return { ok: run.status === 0, output: run.stdout + run.stderr };
}

describe('import zones of the server', () => {
  it.each([
    ['a repository importing its routes', 'probe-repo.ts', "import './routes';"],
    ['a repository importing a service', 'probe-repo.ts', "import '../auth/auth-service';"],
    ['the database layer importing a service', 'db/probe.ts', "import '../billing/subscription-service';"],
    ['a helper of lib importing routes', 'lib/probe.ts', "import '../practices/routes';"],
    ['a service importing routes', 'probe-service.ts', "import '../billing/routes';"],
  ])('refuses %s', (_what, file, code) => {
    const result = lint(file, code);
    expect(result.ok, result.output).toBe(false);
    expect(result.output).toContain('noRestrictedImports');
  });

  it.each([
    ['a service importing a repository', 'probe-service.ts', "import './users-repo';"],
    ['routes importing a service', 'routes.ts', "import './subscription-service';"],
    ['a repository importing the database layer', 'probe-repo.ts', "import '../db/schema';"],
  ])('allows %s', (_what, file, code) => {
    expect(lint(file, code).output).not.toContain('noRestrictedImports');
  });
});

describe('auth/ imports nothing of the areas above it', () => {
  /** A probe file directly in auth/, where its rule's `../area/*` patterns apply. */
  function lintInAuth(code: string) {
    const target = path.resolve('src/server/auth', `zz-zone-probe-${process.pid}.ts`);
    probes.push(target);
    writeFileSync(target, `${code}\n`);
    const run = spawnSync(biome, ['lint', target], { encoding: 'utf8' });
    rmSync(target, { force: true });
    return { ok: run.status === 0, output: run.stdout + run.stderr };
  }

  it.each([
    ['a passkey service', "import '../passkeys/passkey-service';"],
    ['the Microsoft area', "import '../microsoft/microsoft-service';"],
    ["the practices' repository", "import '../practices/practices-repo';"],
    ['the admin area', "import '../admin/admin-actions';"],
    ['the account area', "import '../account/account-service';"],
  ])('refuses %s', (_what, code) => {
    const result = lintInAuth(code);
    expect(result.ok, result.output).toBe(false);
    expect(result.output).toContain('AppContext.signInChecks');
  });

  it.each([
    ["a practice membership's SQL", "import '../practices/membership';"],
    ['its own repositories', "import './admins-repo';"],
  ])('allows %s', (_what, code) => {
    expect(lintInAuth(code).output).not.toContain('noRestrictedImports');
  });
});
