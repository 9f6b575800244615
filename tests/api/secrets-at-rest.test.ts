/**
 * No live secret is kept or logged after use (docs/architecture.md#safety): a sent mail's links are not left
 * readable in the outbox, the mail logged without SMTP has its links hidden, request URLs are logged
 * without their tokens, and a failed query does not log its parameters (a new user's argon2 hash).
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, createTestApp, newUser, signedInUser, type TestApp } from '../support/app';
import { startSmtpCatcher } from '../support/smtp';

/** Every line the app logs from now on, as it would reach stdout (see errors.test.ts). */
function captureLog(app: FastifyInstance): string[] {
  const lines: string[] = [];
  const stream = Object.getOwnPropertySymbols(app.log).find((s) => s.description === 'pino.stream');
  if (!stream) throw new Error("pino's stream symbol not found on the app's logger");
  (app.log as unknown as Record<symbol, unknown>)[stream] = { write: (line: string) => lines.push(line) };
  return lines;
}

const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let withSmtp: TestApp;
let noSmtp: TestApp;
let smtpLog: string[];
let noSmtpLog: string[];
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  withSmtp = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'info' });
  noSmtp = await createTestApp({ LOG_LEVEL: 'info' });
  smtpLog = captureLog(withSmtp.app);
  noSmtpLog = captureLog(noSmtp.app);
});
afterAll(async () => {
  await withSmtp.close();
  await noSmtp.close();
  await smtp.close();
});

describe('the outbox', () => {
  it('once the reset mail is sent, keeps it without a link that works', async () => {
    const u = await signedInUser(withSmtp.app);
    await client(withSmtp.app).post('/api/password-reset/request', { email: u.email });
    const token = tokenIn((await smtp.waitFor(u.email, 'Reset')).text);
    expect(token, 'the mail itself carries the link').toBeDefined();
    const kept = await vi.waitFor(async () => {
      const rows = await withSmtp.db.execute<{ text: string; sent_at: Date | null }>(
        sql`select text, sent_at from outbox where "to" = ${u.email} and subject like 'Reset your%'`,
      );
      expect(rows.rows[0]?.sent_at).not.toBeNull();
      return rows.rows[0]!;
    });
    expect(kept.text).not.toContain(token);
    expect(kept.text).toContain('/reset-password?token=[redacted]');
    // The link still works: only the copy was blanked.
    const reset = await client(withSmtp.app).post('/api/password-reset/confirm', {
      token,
      password: 'a safe new one',
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('the log', () => {
  it('without SMTP, logs the mail with its link hidden (the outbox keeps it, unsent)', async () => {
    const u = await signedInUser(noSmtp.app);
    await client(noSmtp.app).post('/api/password-reset/request', { email: u.email });
    const logged = await vi.waitFor(() => {
      const line = noSmtpLog.find(
        (l) => l.includes('mail kept in outbox') && l.includes(u.email) && l.includes('Reset your'),
      );
      expect(line).toBeDefined();
      return line!;
    });
    const rows = await noSmtp.db.execute<{ text: string }>(
      sql`select text from outbox where "to" = ${u.email} and subject like 'Reset your%'`,
    );
    const token = tokenIn(rows.rows[0]!.text)!;
    expect(token).toBeDefined();
    expect(logged).toContain('token=[redacted]');
    expect(noSmtpLog.join('\n')).not.toContain(token);
  });

  it('logs request URLs without their tokens', async () => {
    const secret = 'AbCdEfGhIjKlMnOpQrStUvWxYz0';
    const res = await withSmtp.app.inject({ method: 'GET', url: `/reset-password?token=${secret}&x=1` });
    const lines = smtpLog.filter((l) => l.includes(res.headers['x-request-id'] as string));
    expect(lines.some((l) => l.includes('/reset-password?token=[redacted]&x=1'))).toBe(true);
    expect(smtpLog.join('\n')).not.toContain(secret);
  });

  it("logs the OpenID Provider's URLs without their ID tokens, codes, states and hints", async () => {
    const idToken = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJzb21lb25lIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
    const secrets = {
      id_token_hint: idToken,
      code: 'a-live-authorization-code-0123',
      state: 'the-note-apps-state-4567',
      login_hint: 'dr.jones@example.co.uk',
    };
    const query = new URLSearchParams({ ...secrets, post_logout_redirect_uri: 'https://notes.example/out' });
    const res = await withSmtp.app.inject({ method: 'GET', url: `/oidc/session/end?${query}` });
    const lines = smtpLog.filter((l) => l.includes(res.headers['x-request-id'] as string));
    expect(lines.length).toBeGreaterThan(0);
    const kept = 'post_logout_redirect_uri=https%3A%2F%2Fnotes.example%2Fout';
    expect(lines.some((l) => l.includes(kept) && l.includes('id_token_hint=[redacted]'))).toBe(true);
    const all = smtpLog.join('\n');
    for (const [name, value] of Object.entries(secrets)) {
      expect(all, name).not.toContain(value);
      expect(all, name).not.toContain(encodeURIComponent(value));
    }
  });

  it('a database error during sign-up is logged without the password hash', async () => {
    await withSmtp.db.execute(sql`
      create function refuse_user() returns trigger language plpgsql as
        $$ begin raise exception 'refused by the test'; end $$`);
    await withSmtp.db.execute(sql`
      create trigger refuse_user before insert on users for each row execute function refuse_user()`);
    try {
      const res = await client(withSmtp.app).post('/api/register', newUser());
      expect(res.statusCode).toBe(500);
      const line = smtpLog.find(
        (l) => l.includes(res.headers['x-request-id'] as string) && l.includes('"err"'),
      );
      expect(line, 'the 500 was not logged').toBeDefined();
      // The cause is still there for whoever reads the log; the parameters are not.
      expect(line).toContain('refused by the test');
      expect(line).toContain('insert into');
      expect(line).not.toContain('$argon2');
    } finally {
      await withSmtp.db.execute(sql`drop trigger refuse_user on users`);
      await withSmtp.db.execute(sql`drop function refuse_user()`);
    }
  });
});
