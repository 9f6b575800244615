import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signedInUser, type TestApp } from '../support/app';
import { startSmtpCatcher } from '../support/smtp';

const smtp = await startSmtpCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

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

    // The person hears of it, with the way back if it was not them.
    const mail = await smtp.waitFor(u.email, 'Your ChairNotes password was changed');
    expect(mail.text).toContain('Every other device signed in to it');
    expect(mail.text).toContain('/forgot-password');
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
    // No mail for a refusal: once a real change is mailed, it is the only such mail.
    await u.client.post('/api/user/change-password', {
      currentPassword: u.password,
      newPassword: 'the right way round',
      confirmPassword: 'the right way round',
    });
    await smtp.waitFor(u.email, 'Your ChairNotes password was changed');
    expect(
      smtp.mails.filter((m) => m.to.includes(u.email) && /password was changed/.test(m.subject)),
    ).toHaveLength(1);
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
