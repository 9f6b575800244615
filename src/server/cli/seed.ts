import { parseArgs } from 'node:util';
import { hashPassword } from '../auth/password';
import { loadConfig } from '../config';
import { SAMPLE_PASSWORD, seedSampleData } from '../seed/sample-data';
import { openMigratedDatabase } from '../start';

// `npm run seed` (1,000 sample users) or `npm run seed -- --users 100000`: sample data for the admin
// area, in the database the app uses (DATABASE_URL, else DATA_DIR).
const { values } = parseArgs({ options: { users: { type: 'string', default: '1000' } } });
const users = Number(values.users);
if (!Number.isInteger(users) || users < 1 || users > 1_000_000) {
  console.error('--users must be a whole number from 1 to 1,000,000');
  process.exit(2);
}
const database = await openMigratedDatabase(loadConfig());
const started = performance.now();
await seedSampleData(database.db, { users, passwordHash: await hashPassword(SAMPLE_PASSWORD) });
console.log(
  `Seeded ${users.toLocaleString('en-GB')} sample users (password '${SAMPLE_PASSWORD}'), subscribers, referrals and practices in ${Math.round(performance.now() - started)} ms.`,
);
await database.close();
