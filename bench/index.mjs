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

const api = printApiReport(await runApiBench());
const admin = printAdminReport(await runAdminBench());
const web = printWebReport(await runWebBench());
const allMet = api.allMet && admin.allMet && web.allMet;
console.log(`\nBudgets: ${allMet ? 'all met' : 'some MISSED (see above)'}`);

// The figures timed by hand (docs/performance.md#measured-by-hand) are kept as they are.
const handMark = '<a id="measured-by-hand"></a>';
const previous = existsSync('docs/performance.md') ? readFileSync('docs/performance.md', 'utf8') : '';
const byHand = previous.includes(handMark) ? `\n${previous.slice(previous.indexOf(handMark))}` : '';
writeFileSync(
  'docs/performance.md',
  `# Performance figures

Written by \`npm run bench\` (bench/index.mjs) on ${date}, on ${machine}.
Each API figure sits beside a raw \`node:http\` hello-world measured in the same run: the machines are
shared and noisy, so only the ratios and the budgets' margins mean much. ${process.env.TEST_DATABASE_URL ? '' : 'PostgreSQL figures need TEST_DATABASE_URL.'}

Budgets (docs/architecture.md#budgets): ${allMet ? 'all met' : 'some missed, marked MISSED below'}.
${api.text}
${admin.text}
${web.text}
${byHand}`,
);
