// Runs the Dockerfile outside a container (this machine and CI have no container engine), so the image
// cannot rot: lints it, then in a clean copy of the repository runs its build stage's steps
// (scripts/image-build.sh), assembles the runtime stage from its `COPY --from=build` lines, starts its
// CMD there as its environment says, and runs its HEALTHCHECK against it. Prints what it checked.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './support.mjs';

const dockerfile = readFileSync('Dockerfile', 'utf8');
// Continuation lines joined, comments dropped: one instruction per line.
const instructions = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const stage = (name) => {
  const start = instructions.findIndex((l) => new RegExp(`^FROM .* AS ${name}$`, 'i').test(l));
  const end = instructions.findIndex((l, i) => i > start && l.startsWith('FROM '));
  if (start < 0) throw new Error(`Dockerfile: no stage ${name}`);
  return instructions.slice(start + 1, end < 0 ? undefined : end);
};
const run = (cmd, args, cwd) => {
  console.log(`$ ${[cmd, ...args].join(' ')}${cwd ? `   (in ${cwd})` : ''}`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
};
const execForm = (line, keyword) => JSON.parse(line.slice(line.indexOf(keyword) + keyword.length).trim());

// 1. The linter (dockerfile-utils: the rules VS Code's Docker support uses).
run('npm', ['run', '--silent', 'lint:dockerfile']);
const fromImages = instructions.filter((l) => l.startsWith('FROM ')).map((l) => l.split(/\s+/)[1]);
const engines = JSON.parse(readFileSync('package.json', 'utf8')).engines.node;
console.log(
  `base images ${fromImages.join(', ')}; package.json engines.node ${engines}; this Node ${process.version}`,
);
if (!fromImages.every((image) => /^node:22\b/.test(image)))
  throw new Error('the image must run Node 22 (engines)');

// 2. The build stage's RUN lines, in a clean copy (what `COPY . .` with .dockerignore would give).
const work = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-image-'));
const app = path.join(work, 'app');
const runtime = path.join(work, 'runtime');
let server;
try {
  mkdirSync(app);
  // Tracked and new files, not ignored ones: what `COPY . .` takes past .dockerignore.
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .stdout.split('\0')
    .filter((file) => file && existsSync(file));
  for (const file of files) cpSync(file, path.join(app, file), { recursive: true });
  for (const line of stage('build').filter((l) => l.startsWith('RUN '))) {
    // `sh image-build.sh deps` runs where only the manifest and the script were copied: same script.
    const args = line.slice(4).trim().split(/\s+/);
    const script = args[1] === 'image-build.sh' ? 'scripts/image-build.sh' : args[1];
    run(args[0], [script, ...args.slice(2)], app);
  }

  // 3. The runtime stage, from its COPY --from=build lines.
  const runtimeStage = stage('runtime');
  mkdirSync(runtime);
  for (const line of runtimeStage.filter((l) => l.startsWith('COPY --from=build'))) {
    const parts = line.split(/\s+/);
    const [from, to] = parts.slice(-2);
    const source = path.join(app, path.relative('/app', from));
    console.log(`copy ${path.relative(work, source)} -> runtime/${to}`);
    cpSync(source, path.join(runtime, to), { recursive: true });
  }
  const env = Object.fromEntries(
    runtimeStage
      .filter((l) => l.startsWith('ENV '))
      .flatMap((l) => l.slice(4).trim().split(/\s+/))
      .map((pair) => pair.split('=')),
  );
  const cmd = execForm(
    runtimeStage.find((l) => l.startsWith('CMD ')),
    'CMD',
  );
  const healthcheck = execForm(
    runtimeStage.find((l) => l.startsWith('HEALTHCHECK ')),
    ' CMD',
  );

  // 4. Its CMD, with the image's environment and what an operator must add (PGlite here: a volume).
  const port = String(await freePort());
  const serverEnv = {
    PATH: process.env.PATH,
    ...env,
    PORT: port,
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: path.join(work, 'data'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
  };
  console.log(`$ ${cmd.join(' ')}   (in runtime/, NODE_ENV=${serverEnv.NODE_ENV}, PORT=${port})`);
  server = spawn(cmd[0], cmd.slice(1), {
    cwd: runtime,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Printed as it comes, and kept: the start log is checked below.
  let serverLog = '';
  server.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    serverLog += chunk;
  });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

  // 5. Its HEALTHCHECK, as the engine would run it, until healthy (the start period: 60 s here).
  const started = Date.now();
  for (;;) {
    const r = spawnSync(healthcheck[0], healthcheck.slice(1), { cwd: runtime, env: serverEnv });
    if (r.status === 0) break;
    if (server.exitCode !== null) throw new Error('the server exited before it was healthy');
    if (Date.now() - started > 60_000) throw new Error('HEALTHCHECK never passed');
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`HEALTHCHECK passed after ${Date.now() - started} ms`);
  const home = await fetch(`http://127.0.0.1:${port}/`);
  if (!home.ok || !(await home.text()).includes('ChairNotes'))
    throw new Error(`GET / answered ${home.status}`);
  console.log('GET / answered the landing page');

  // 5b. Built and run as production is, with none of the operator's texts and no SAMPLE_CONTENT: no
  // sample reaches a customer, and the start log names what is missing
  // (docs/decisions/103-operator-content-shown-only-when-supplied.md).
  const page = async (url) => (await fetch(`http://127.0.0.1:${port}${url}`)).text();
  const landing = await page('/');
  if (/What dentists say|href="\/#testimonials"|Dr A\. Sample|C\. Placeholder/.test(landing))
    throw new Error('the landing page shows testimonials, or a sample, with none supplied');
  if ((await page('/security')).includes('Where your data is kept'))
    throw new Error("/security shows 'Where your data is kept' with no content/security-hosting.md");
  for (const file of ['practice-terms.md', 'security-hosting.md', 'testimonials.json'])
    if (!new RegExp(`operator content missing from content/.*${file.replace('.', '\\.')}`).test(serverLog))
      throw new Error(`the start log does not name content/${file} as missing`);
  console.log(
    'no sample shown: no testimonials, no hosting paragraph; the start log names the 3 missing texts',
  );

  // 6. docker stop: SIGTERM to node itself, which must exit by itself, cleanly.
  server.kill('SIGTERM');
  const { code, signal } = await exited;
  if (code !== 0) throw new Error(`after SIGTERM the server exited with ${code ?? signal}`);
  console.log('SIGTERM: the server stopped cleanly (exit 0)');
  console.log('image steps: all checks passed');
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
