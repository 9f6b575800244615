import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { PASSWORD_MIN } from '../shared/constants';
import { registerRequestSchema } from '../shared/schemas/auth';
import { adminsRepo } from './admin/admins-repo';
import { refusingCommonPassword } from './auth/common-passwords';
import { hashPassword } from './auth/password';
import { loadConfig } from './config';
import { openMigratedDatabase } from './start';

// `npm run admin:create -- --username x --email y --password z`, or answer the prompts.
const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
});

async function ask(question: string, current?: string): Promise<string> {
  if (current) return current;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

// An admin's name, email and password follow the rules a user's do at registration.
const input = refusingCommonPassword(registerRequestSchema, 'password').safeParse({
  username: await ask('Admin username: ', values.username),
  email: await ask('Admin email: ', values.email),
  password: await ask(`Admin password (${PASSWORD_MIN}+ characters): `, values.password),
});
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'));
  process.exit(2);
}

const database = await openMigratedDatabase(loadConfig());
const { username, email, password } = input.data;
const { created } = await adminsRepo(database.db).upsert({
  username,
  email,
  passwordHash: await hashPassword(password),
});
console.log(
  created ? `Admin '${username}' created.` : `Admin '${username}' updated: new email and password.`,
);
await database.close();
