import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { PASSWORD_MIN } from '../../shared/constants';
import { registerRequestSchema } from '../../shared/schemas/auth';
import { adminsRepo } from '../auth/admins-repo';
import { refusingCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/password';
import { loadConfig } from '../config';
import { HttpError } from '../lib/http-error';
import { openMigratedDatabase } from '../start';

// `npm run admin:create -- --username x --email y --password z`, or answer the prompts.
const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
});

// Without a terminal to ask in (input closed, piped, or a CI job) there is no one to answer.
const missing = (['username', 'email', 'password'] as const).filter((name) => !values[name]);
if (missing.length && !process.stdin.isTTY) {
  const list = missing
    .map((name) => `--${name}`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
  console.error(
    `Missing ${list}: give them as options (npm run admin:create -- --username U --email E --password P), or run this in a terminal to be asked.`,
  );
  process.exit(1);
}
// Opened before asking: if the server is using the embedded database, say so before any typing.
const database = await openMigratedDatabase(loadConfig());

/** Asks in the terminal; a hidden answer is not echoed (readline echoes through `output`, muted here). */
async function ask(question: string, current?: string, hidden = false): Promise<string> {
  if (current) return current;
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  // In raw mode Ctrl+C reaches readline, not the process: stop as the terminal would have.
  rl.on('SIGINT', () => process.exit(130));
  try {
    const answer = rl.question(question);
    muted = hidden;
    return (await answer).trim();
  } finally {
    rl.close();
    if (hidden) process.stdout.write('\n');
  }
}

// An admin's name, email and password follow the rules a user's do at registration.
const input = refusingCommonPassword(registerRequestSchema.omit({ agreeTerms: true }), 'password').safeParse({
  username: await ask('Admin username: ', values.username),
  email: await ask('Admin email: ', values.email),
  password: await ask(`Admin password (${PASSWORD_MIN}+ characters): `, values.password, true),
});
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'));
  await database.close();
  process.exit(2);
}

const { username, email, password } = input.data;
const saved = await adminsRepo(database.db)
  .upsert({ username, email, passwordHash: await hashPassword(password) })
  .catch(async (error: unknown) => {
    if (!(error instanceof HttpError)) throw error;
    // A user's name, or one that looks like another's: the admin would be mistaken for them.
    console.error(
      `${error.message}: '${username}' is a user's or looks like one already taken. Choose another.`,
    );
    await database.close();
    process.exit(2);
  });
const { created } = saved;
console.log(
  created ? `Admin '${username}' created.` : `Admin '${username}' updated: new email and password.`,
);
await database.close();
