import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_LINK_INVALID_MESSAGE } from '../../src/server/account/email-address-service';
import { client, createTestApp, newUser, signedInUser } from '../support/app';
import { emailLinkToken, startSmtpCatcher } from '../support/smtp';

const smtp = await startSmtpCatcher();
const t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000', FORM_RATE_LIMIT: '1000' });
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const verifyLink = async (email: string) => emailLinkToken((await smtp.waitFor(email, 'Verify')).text);

describe('email verification', () => {
  it('mails every new account a link that verifies it once, even opened signed out', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.get('/api/user')).json().emailVerified).toBe(false);
    const mail = await smtp.waitFor(u.email);
    expect(mail.subject).toBe('Verify your ChairNotes email address');
    expect(mail.text).toContain('http://localhost:5000/verify-email?token=');

    const token = emailLinkToken(mail.text);
    const otherDevice = client(t.app, '10.1.0.1');
    const res = await otherDevice.post('/api/user/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Thank you: your email address is verified.' });
    expect((await u.client.get('/api/user')).json().emailVerified).toBe(true);
    // Verifying ends no session.
    expect((await u.client.get('/api/user')).statusCode).toBe(200);

    const again = await otherDevice.post('/api/user/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: EMAIL_LINK_INVALID_MESSAGE });
  });

  it('stores only the hash of the link', async () => {
    const u = await signedInUser(t.app);
    const token = await verifyLink(u.email);
    const rows = await t.db.execute<{ id: string }>(sql`select id from email_tokens where user_id = ${u.id}`);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows[0]!.id).not.toContain(token);
  });

  it('refuses a link older than 24 hours, and a made-up one', async () => {
    const u = await signedInUser(t.app);
    const token = await verifyLink(u.email);
    await t.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 minute' where user_id = ${u.id}`,
    );
    const expired = await u.client.post('/api/user/verify-email', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: EMAIL_LINK_INVALID_MESSAGE });
    const madeUp = await u.client.post('/api/user/verify-email', { token: 'not-a-real-token' });
    expect(madeUp.json()).toEqual({ message: EMAIL_LINK_INVALID_MESSAGE });
    expect((await u.client.get('/api/user')).json().emailVerified).toBe(false);
  });

  it('resends a fresh link to a signed-in unverified user, and nothing once verified', async () => {
    const u = await signedInUser(t.app);
    const first = await verifyLink(u.email);
    const res = await u.client.post('/api/user/verify-email/resend');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `We sent a new verification link to ${u.email}.` });
    await expect.poll(() => smtp.mails.filter((m) => m.to === u.email).length).toBe(2);
    const second = await verifyLink(u.email);
    expect(second).not.toBe(first);
    expect((await u.client.post('/api/user/verify-email', { token: second })).statusCode).toBe(200);

    const done = await u.client.post('/api/user/verify-email/resend');
    expect(done.json()).toEqual({ message: 'Your email address is already verified.' });
    expect((await client(t.app).post('/api/user/verify-email/resend')).statusCode).toBe(401);
  });

  it('limits resending, which sends mail', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '2' });
    try {
      const u = await signedInUser(limited.app);
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await u.client.post('/api/user/verify-email/resend')).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the data export and an unproven address', () => {
  it("leaves out a stranger's contact message and newsletter sign-up until the address is verified", async () => {
    const victim = newUser();
    const stranger = client(t.app, '10.1.0.2');
    await stranger.post('/api/contact', {
      kind: 'contact',
      name: 'Dr Real Owner',
      email: victim.email,
      message: 'About my patient Mrs Jones, please call me back.',
    });
    expect((await stranger.post('/api/newsletter', { email: victim.email })).statusCode).toBe(201);
    await smtp.waitFor(victim.email, "You're subscribed");

    // Someone registers with the address without owning it.
    const u = await signedInUser(t.app, victim);
    const before = (await u.client.get('/api/user/export')).json();
    expect(before.contactMessages).toEqual([]);
    expect(before.newsletter).toBeNull();
    expect(before.account.emailVerified).toBe(false);
    expect(JSON.stringify(before)).not.toContain('Mrs Jones');
    expect(JSON.stringify(before)).not.toMatch(/subscribed to ChairNotes news/);

    // The owner of the address verifies it: it is their data after all.
    await expect
      .poll(() => smtp.mails.some((m) => m.to === u.email && m.subject.startsWith('Verify')))
      .toBe(true);
    const mail = smtp.mails.find((m) => m.to === u.email && m.subject.startsWith('Verify'))!;
    await u.client.post('/api/user/verify-email', { token: emailLinkToken(mail.text) });
    const after = (await u.client.get('/api/user/export')).json();
    expect(after.contactMessages).toEqual([expect.objectContaining({ name: 'Dr Real Owner' })]);
    expect(after.newsletter).toEqual({ subscribedAt: expect.any(String) });
  });
});
