import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE } from '../../src/server/auth/password-reset';
import { APP_URL, client, createTestApp, signedInUser, type TestApp } from '../support/app';
import { softwarePasskey } from '../support/passkey-authenticator';
import { startSmtpCatcher } from '../support/smtp';
import { enrolTotp } from '../support/two-factor';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function tokenFrom(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const u = await signedInUser(t.app);
    const res = await client(t.app).post('/api/password-reset/request', { email: u.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });

    const mail = await smtp.waitFor(u.email, 'Reset');
    expect(mail.subject).toBe('Reset your ChairNotes password');
    expect(mail.text).toContain('http://localhost:5000/reset-password?token=');
    const token = tokenFrom(mail.text);

    const confirm = await client(t.app).post('/api/password-reset/confirm', {
      token,
      password: 'my new password',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({
      message: 'Your password has been reset. You can now sign in with your new password.',
      secondFactors: { totp: false, passkeys: [] },
    });
    expect((await u.client.get('/api/user')).statusCode).toBe(401);
    expect(
      (await client(t.app).post('/api/login', { username: u.username, password: u.password })).statusCode,
    ).toBe(401);
    expect(
      (await client(t.app).post('/api/login', { username: u.username, password: 'my new password' }))
        .statusCode,
    ).toBe(200);

    const again = await client(t.app).post('/api/password-reset/confirm', {
      token,
      password: 'another password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: RESET_INVALID_MESSAGE });
  });

  // Someone else's passkey or app survives the reset: the person is shown what remains, to remove
  // what they do not recognise.
  it('answers the second factors the account still has: the app on or off, the passkeys by name', {
    timeout: 90_000,
  }, async () => {
    const u = await signedInUser(t.app);
    await enrolTotp(u.client, '/api/user');
    for (const name of ['Work laptop', 'Unknown key']) {
      const options = await u.client.post('/api/user/passkeys/registration-options');
      const passkey = softwarePasskey({ origin: APP_URL });
      const added = await u.client.post('/api/user/passkeys/registration', {
        name,
        response: passkey.register(options.json()),
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    await client(t.app).post('/api/password-reset/request', { email: u.email });
    const token = tokenFrom((await smtp.waitFor(u.email, 'Reset')).text);
    const confirm = await client(t.app).post('/api/password-reset/confirm', {
      token,
      password: 'my new password',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().secondFactors).toEqual({ totp: true, passkeys: ['Work laptop', 'Unknown key'] });
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await client(t.app).post('/api/password-reset/request', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    // A request for a known address, made after it, goes the same way: once its mail has arrived,
    // a mail for the unknown one would have been stored and sent too.
    const u = await signedInUser(t.app);
    await client(t.app).post('/api/password-reset/request', { email: u.email });
    await smtp.waitFor(u.email, 'Reset');
    const resets = smtp.mails.slice(before).filter((m) => m.subject.startsWith('Reset'));
    expect(resets.map((m) => m.to)).toEqual([u.email]);
    const outbox = await t.db.execute<{ to: string }>(sql`select "to" from outbox`);
    expect(outbox.rows.map((r) => r.to)).not.toContain('nobody@example.com');
  });

  it('refuses a link older than one hour', async () => {
    const u = await signedInUser(t.app);
    await client(t.app).post('/api/password-reset/request', { email: u.email });
    const token = tokenFrom((await smtp.waitFor(u.email, 'Reset')).text);
    await t.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    const res = await client(t.app).post('/api/password-reset/confirm', {
      token,
      password: 'my new password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: RESET_INVALID_MESSAGE });
  });

  it('refuses a made-up token and a short password', async () => {
    const made = await client(t.app).post('/api/password-reset/confirm', {
      token: 'x'.repeat(27),
      password: 'long enough',
    });
    expect(made.statusCode).toBe(400);
    const short = await client(t.app).post('/api/password-reset/confirm', {
      token: 'x'.repeat(27),
      password: 'short',
    });
    expect(short.json()).toEqual({ message: 'password: Password must be at least 8 characters' });
  });

  it('only one of two simultaneous uses of a link succeeds', { tags: ['database-differences'] }, async () => {
    const u = await signedInUser(t.app);
    await client(t.app).post('/api/password-reset/request', { email: u.email });
    const token = tokenFrom((await smtp.waitFor(u.email, 'Reset')).text);
    const [a, b] = await Promise.all([
      client(t.app).post('/api/password-reset/confirm', { token, password: 'first new password' }),
      client(t.app).post('/api/password-reset/confirm', { token, password: 'second new password' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('a failure while setting the password leaves the link usable and nothing changed', async () => {
    const u = await signedInUser(t.app);
    await client(t.app).post('/api/password-reset/request', { email: u.email });
    const token = tokenFrom((await smtp.waitFor(u.email, 'Reset')).text);
    // The password's update fails once, as a lost connection or a full disk would. A sequence counts
    // the attempts: unlike a row, its value survives the rollback.
    await t.db.execute(sql`create sequence refuse_once`);
    await t.db.execute(sql`
      create function refuse_password_once() returns trigger language plpgsql as $$
      begin
        if nextval('refuse_once') = 1 then
          raise exception 'refused by the test';
        end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_password_once before update of password on users
        for each row execute function refuse_password_once()`);
    try {
      const failed = await client(t.app).post('/api/password-reset/confirm', {
        token,
        password: 'first try password',
      });
      expect(failed.statusCode).toBe(500);
      // Still signed in, the old password still works: the reset did not half happen.
      expect((await u.client.get('/api/user')).statusCode).toBe(200);

      const retried = await client(t.app).post('/api/password-reset/confirm', {
        token,
        password: 'second try password',
      });
      expect(retried.statusCode).toBe(200);
      expect((await u.client.get('/api/user')).statusCode).toBe(401);
      const login = await client(t.app).post('/api/login', {
        username: u.username,
        password: 'second try password',
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`drop trigger refuse_password_once on users`);
      await t.db.execute(sql`drop function refuse_password_once()`);
      await t.db.execute(sql`drop sequence refuse_once`);
    }
  });
});

describe('mail without SMTP', () => {
  it('keeps the mail in the outbox, so nothing is lost', async () => {
    const noSmtp = await createTestApp();
    try {
      const u = await signedInUser(noSmtp.app);
      await client(noSmtp.app).post('/api/password-reset/request', { email: u.email });
      await noSmtp.app.close(); // waits for mail sent in the background
      const rows = await noSmtp.db.execute<{ to: string; text: string; sent_at: Date | null }>(
        // Beside the registration's verification mail.
        sql`select "to", text, sent_at from outbox where subject like 'Reset%'`,
      );
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]).toMatchObject({ to: u.email, sent_at: null });
      expect(rows.rows[0]?.text).toContain('/reset-password?token=');
    } finally {
      await noSmtp.database.drop();
    }
  });
});
