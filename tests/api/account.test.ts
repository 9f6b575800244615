import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signedInUser, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PATCH /api/user', () => {
  it('saves a new username at once, with no password (the email changes by link: email-change.test.ts)', async () => {
    const u = await signedInUser(t.app);
    const res = await u.client.patch('/api/user', {
      username: `${u.username}x`,
      email: u.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: `${u.username}x`, email: u.email });
    expect(res.json().message).toBeUndefined();
    expect((await u.client.get('/api/user')).json().username).toBe(`${u.username}x`);
  });

  it('applies the profile rules, with their full stops', async () => {
    const u = await signedInUser(t.app);
    const res = await u.client.patch('/api/user', { username: 'ab', email: u.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'username: Username must be at least 3 characters.' });
    const bad = await u.client.patch('/api/user', { username: u.username, email: 'nope' });
    expect(bad.json()).toEqual({ message: 'email: Please enter a valid email address.' });
  });

  it("answers 409 naming which, when another user's name or email is taken", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const name = await b.client.patch('/api/user', { username: a.username, email: b.email });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ message: 'Username already exists' });
    const mail = await b.client.patch('/api/user', {
      username: b.username,
      email: a.email,
      currentPassword: b.password,
    });
    expect(mail.json()).toEqual({ message: 'Email already registered' });
  });

  it('needs a session', async () => {
    const res = await client(t.app).patch('/api/user', { username: 'whoever', email: 'w@example.com' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/user/change-password', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const u = await signedInUser(t.app);
    const other = client(t.app);
    await other.post('/api/login', { username: u.username, password: u.password });
    expect((await other.get('/api/user')).statusCode).toBe(200);

    const res = await u.client.post('/api/user/change-password', {
      currentPassword: u.password,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(res.statusCode).toBe(200);
    expect((await u.client.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);

    const oldLogin = await client(t.app).post('/api/login', { username: u.username, password: u.password });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await client(t.app).post('/api/login', {
      username: u.username,
      password: 'a brand new secret',
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses a wrong current password and leaves the password as it was', async () => {
    const u = await signedInUser(t.app);
    const res = await u.client.post('/api/user/change-password', {
      currentPassword: 'not my password',
      newPassword: 'whatever123',
      confirmPassword: 'whatever123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Current password is incorrect' });
    const login = await client(t.app).post('/api/login', { username: u.username, password: u.password });
    expect(login.statusCode).toBe(200);
  });

  it('needs 8 characters (docs/architecture.md#settled-points), and the confirmation must match', async () => {
    const u = await signedInUser(t.app);
    const short = await u.client.post('/api/user/change-password', {
      currentPassword: u.password,
      newPassword: 'short12',
      confirmPassword: 'short12',
    });
    expect(short.json()).toEqual({ message: 'newPassword: Password must be at least 8 characters.' });
    const mismatch = await u.client.post('/api/user/change-password', {
      currentPassword: u.password,
      newPassword: 'chair side 1',
      confirmPassword: 'chair side 2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ message: 'confirmPassword: Passwords do not match' });
  });
});
