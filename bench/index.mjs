// `npm run bench`: every budget of docs/architecture.md#budgets in one run, printed and written to
// docs/performance.md with the machine it ran on. Not part of `npm test` (figures, not pass/fail).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { printAdminReport, runAdminBench } from './admin.mjs';
import { printApiReport, runApiBench } from './api.mjs';
import { printWebReport, runWebBench } from './web.mjs';

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.versions.node}`;
const date = new Date().toISOString().slice(0, 10);
console.log(`ChairNotes budgets, ${date}, on ${machine}`);

// `node bench/index.mjs api` (`npm run bench -- api`) runs only the parts named (api, admin, web); the
// others' figures are kept from docs/performance.md as the last run wrote them.
const PARTS = {
  api: [runApiBench, printApiReport],
  admin: [runAdminBench, printAdminReport],
  web: [runWebBench, printWebReport],
};
const asked = process.argv.slice(2);
for (const part of asked)
  if (!(part in PARTS)) throw new Error(`unknown part ${part}: ${Object.keys(PARTS).join(', ')}`);

// The figures timed by hand (docs/performance.md#measured-by-hand) are kept as they are.
const handMark = '<a id="measured-by-hand"></a>';
const previous = existsSync('docs/performance.md') ? readFileSync('docs/performance.md', 'utf8') : '';
const byHand = previous.includes(handMark) ? `\n${previous.slice(previous.indexOf(handMark))}` : '';

/** A part's text as the last run wrote it: from its first line to the next part's (or the hand-timed figures). */
const FIRST_LINES = { api: '\nAPI under load', admin: '\nAdmin lists', web: '\nLighthouse' };
function previousText(part) {
  const from = previous.indexOf(FIRST_LINES[part]);
  if (from < 0) return `\n(${part}: not measured yet)`;
  const ends = Object.values(FIRST_LINES)
    .map((line) => previous.indexOf(line, from + 1))
    .concat(previous.indexOf(handMark))
    .filter((at) => at > from);
  return previous.slice(from, Math.min(...ends, previous.length)).trimEnd();
}

const results = {};
for (const [part, [run, print]] of Object.entries(PARTS))
  results[part] =
    asked.length === 0 || asked.includes(part)
      ? print(await run())
      : { allMet: !previousText(part).includes('MISSED'), text: previousText(part), kept: true };
const { api, admin, web } = results;
const allMet = api.allMet && admin.allMet && web.allMet;
const kept = Object.keys(results).filter((part) => results[part].kept);
console.log(`\nBudgets: ${allMet ? 'all met' : 'some MISSED (see above)'}`);
writeFileSync(
  'docs/performance.md',
  `# Performance figures

Written by \`npm run bench\` (bench/index.mjs) on ${date}, on ${machine}${kept.length ? ` (${kept.join(' and ')}: from an earlier run)` : ''}.
Each API figure sits beside a bare \`node:http\` server doing the same work, and a hello-world, measured in the same run: the machines are
shared and noisy, so only the ratios and the budgets' margins mean much. ${process.env.TEST_DATABASE_URL ? '' : 'PostgreSQL figures need TEST_DATABASE_URL.'}

Budgets (docs/architecture.md#budgets): ${allMet ? 'all met' : 'some missed, marked MISSED below'}.
${api.text}
${admin.text}
${web.text}
${byHand}`,
);
