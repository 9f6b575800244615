import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/server/admin/first-admin';
import { adminsRepo } from '../../src/server/auth/admins-repo';
import { hashPassword } from '../../src/server/auth/password';
import { fillUsernameKeys, usernameKey } from '../../src/server/auth/usernames';
import { admins, users } from '../../src/server/db/schema';
import { client, createTestApp, newUser, signedInUser, type TestApp } from '../support/app';

// One name is one person's, users and admins alike, whatever its case or look-alike letters
// (docs/decisions/071-usernames-as-they-look.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TAKEN = { message: 'Username already exists' };
const CYRILLIC_A = '\u0430';
/** 'abc' in fullwidth letters, as some keyboards type them. */
const fullwidth = (s: string) =>
  [...s].map((c) => (/[a-z]/i.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');

const register = (username: string) => client(t.app).post('/api/register', newUser({ username }));

async function admin(username: string) {
  return adminsRepo(t.db).upsert({
    username,
    email: `${username.toLowerCase().replace(/[^a-z0-9]/g, '')}${Date.now()}@chairnotes.co.uk`,
    passwordHash: await hashPassword('admin secret 1'),
  });
}

describe('the look of a name', () => {
  it('is the same for case, fullwidth letters and look-alikes from other scripts', () => {
    const key = usernameKey('Amanda');
    expect(usernameKey('amanda')).toBe(key);
    expect(usernameKey('AMANDA')).toBe(key);
    expect(usernameKey(`Am${CYRILLIC_A}nd${CYRILLIC_A}`)).toBe(key);
    expect(usernameKey(fullwidth('Amanda'))).toBe(key);
    expect(usernameKey('\u0391manda')).toBe(key); // Greek capital alpha
    expect(usernameKey('drsmith1')).toBe(usernameKey('drsmithl'));
    expect(usernameKey('Amanda')).not.toBe(usernameKey('Amandas'));
  });
});

describe('registering', () => {
  it('refuses a name that differs from a user’s only by look-alike letters or fullwidth forms', async () => {
    const first = await signedInUser(t.app, { username: `grace${Date.now()}` });
    const cyrillic = await register(first.username.replace('a', CYRILLIC_A));
    expect(cyrillic.statusCode).toBe(409);
    expect(cyrillic.json()).toEqual(TAKEN);
    const wide = await register(fullwidth(first.username.toUpperCase()));
    expect(wide.statusCode).toBe(409);
    expect(wide.json()).toEqual(TAKEN);
  });

  it("refuses an admin's name, in any case or look", async () => {
    const name = `Boss${Date.now()}`;
    await admin(name);
    for (const taken of [name, name.toLowerCase(), name.replace('o', '\u043e'), fullwidth(name)]) {
      const res = await register(taken);
      expect(res.statusCode, taken).toBe(409);
      expect(res.json()).toEqual(TAKEN);
    }
    const rows = await t.db
      .select()
      .from(users)
      .where(eq(users.usernameKey, usernameKey(name)));
    expect(rows).toEqual([]);
  });

  it('lets one of many look-alike registrations at once win, the others 409', {
    tags: ['database-differences'],
  }, async () => {
    const base = `racer${Date.now()}`;
    const variants = [
      base,
      base.toUpperCase(),
      base.replace('a', CYRILLIC_A),
      fullwidth(base),
      base.replace('e', '\u0435'),
    ];
    const answers = await Promise.all(
      [...variants, ...variants].map((name, i) =>
        client(t.app, `10.9.0.${i + 1}`).post('/api/register', newUser({ username: name })),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toEqual(TAKEN);
  });

  it('a user and an admin claiming look-alike names at once: one of them has it', {
    tags: ['database-differences'],
  }, async () => {
    const base = `clash${Date.now()}`;
    const [user, boss] = await Promise.allSettled([register(base), admin(base.replace('a', CYRILLIC_A))]);
    const userWon = user.status === 'fulfilled' && user.value.statusCode === 201;
    const adminWon = boss.status === 'fulfilled';
    expect([userWon, adminWon].filter(Boolean)).toHaveLength(1);
  });

  it('still signs in by the username in any case, or by the email', async () => {
    const u = newUser({ username: `Zoë${Date.now()}` });
    expect((await client(t.app).post('/api/register', u)).statusCode).toBe(201);
    for (const login of [u.username, u.username.toLowerCase(), u.email]) {
      const res = await client(t.app).post('/api/login', { username: login, password: u.password });
      expect(res.statusCode, login).toBe(200);
    }
    // A look-alike is not the name: it signs no one in.
    const lookAlike = await client(t.app).post('/api/login', {
      username: u.username.replace('o', '\u043e'),
      password: u.password,
    });
    expect(lookAlike.statusCode).toBe(401);
  });
});

describe('PATCH /api/user', () => {
  it("refuses an admin's name, and another user's look-alike", async () => {
    const name = `Head${Date.now()}`;
    await admin(name);
    const u = await signedInUser(t.app);
    const asAdmin = await u.client.patch('/api/user', { username: name.toUpperCase(), email: u.email });
    expect(asAdmin.statusCode).toBe(409);
    expect(asAdmin.json()).toEqual(TAKEN);

    const other = await signedInUser(t.app, { username: `mara${Date.now()}` });
    const lookAlike = await u.client.patch('/api/user', {
      username: other.username.replaceAll('a', CYRILLIC_A),
      email: u.email,
    });
    expect(lookAlike.statusCode).toBe(409);
    expect(lookAlike.json()).toEqual(TAKEN);
    expect((await u.client.get('/api/user')).json().username).toBe(u.username);
  });

  it('lets a user write their own name in another case', async () => {
    const u = await signedInUser(t.app);
    const res = await u.client.patch('/api/user', { username: u.username.toUpperCase(), email: u.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(u.username.toUpperCase());
  });
});

describe('creating an admin (npm run admin:create)', () => {
  it("refuses a user's name in any case or look, and creates none", async () => {
    const u = await signedInUser(t.app, { username: `nadia${Date.now()}` });
    for (const name of [u.username, u.username.toUpperCase(), u.username.replace('a', CYRILLIC_A)]) {
      await expect(admin(name), name).rejects.toMatchObject({ statusCode: 409, message: TAKEN.message });
    }
    const rows = await t.db
      .select()
      .from(admins)
      .where(eq(admins.usernameKey, usernameKey(u.username)));
    expect(rows).toEqual([]);
  });

  it("refuses another admin's look-alike, but still resets the admin of that very name", async () => {
    const name = `chief${Date.now()}`;
    expect((await admin(name)).created).toBe(true);
    await expect(admin(name.replace('c', '\u0441'))).rejects.toMatchObject({ statusCode: 409 });
    expect((await admin(name.toUpperCase())).created).toBe(false);
  });
});

describe('the first admin of a fresh install', () => {
  it("is not made with a user's name: the operator is told to choose ADMIN_USERNAME", async () => {
    const fresh = await createTestApp();
    try {
      await client(fresh.app).post('/api/register', newUser({ username: 'Admin' }));
      const errors: unknown[] = [];
      const log = { ...fresh.app.log, error: (...args: unknown[]) => errors.push(args) };
      await ensureFirstAdmin(fresh.db, fresh.config, log as typeof fresh.app.log);
      expect(await adminsRepo(fresh.db).count()).toBe(0);
      expect(JSON.stringify(errors)).toContain('set ADMIN_USERNAME');
    } finally {
      await fresh.close();
    }
  });
});

describe('accounts from before the keys (migration 0020)', () => {
  it('get their keys at start; the older of two look-alikes keeps it, the newer is reported', async () => {
    const stamp = Date.now();
    const raw = (username: string) =>
      t.db
        .insert(users)
        .values({ username, email: `${stamp}${username.length}${Math.random()}@example.com`, password: 'x' })
        .returning();
    const [older] = await raw(`olga${stamp}`);
    const [newer] = await raw(`\u043elga${stamp}`);
    const [boss] = await t.db
      .insert(admins)
      .values({ username: `Viktor${stamp}`, email: `viktor${stamp}@chairnotes.co.uk`, password: 'x' })
      .returning();

    const clashes = await fillUsernameKeys(t.db);
    expect(clashes).toEqual([{ table: 'users', id: newer!.id, username: newer!.username }]);
    const keyOf = async (id: number) =>
      (await t.db.select().from(users).where(eq(users.id, id)))[0]!.usernameKey;
    expect(await keyOf(older!.id)).toBe(usernameKey(older!.username));
    expect(await keyOf(newer!.id)).toBeNull();

    expect((await register(`OLGA${stamp}`)).json()).toEqual(TAKEN);
    expect((await register(`viktor${stamp}`)).json()).toEqual(TAKEN);
    expect((await t.db.select().from(admins).where(eq(admins.id, boss!.id)))[0]!.usernameKey).toBe(
      usernameKey(boss!.username),
    );
    // Run again (every start does): nothing new to fill, the same clash reported.
    expect(await fillUsernameKeys(t.db)).toEqual(clashes);
  });
});
