import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_CODE_VALID } from '../../src/shared/schemas/referrals';
import { client, createTestApp, signedInUser, type TestApp } from '../support/app';
import { startSmtpCatcher } from '../support/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url, FORM_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('referral code and stats', () => {
  it("answers the user's own code, and zero stats for a new user", async () => {
    const u = await signedInUser(t.app);
    const code = (await u.client.get('/api/referrals/code')).json();
    expect(code.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await u.client.get('/api/referrals/stats')).json()).toEqual({
      totalReferrals: 0,
      pendingReferrals: 0,
      completedReferrals: 0,
      credits: 0,
    });
  });

  it('counts referrals by status', async () => {
    const referrer = await signedInUser(t.app);
    const code = (await referrer.client.get('/api/referrals/code')).json().referralCode;
    await t.db.execute(sql`insert into referrals (referrer_id, referral_code, friend_email, status)
      values (${referrer.id}, ${code}, 'a@example.com', 'pending'), (${referrer.id}, ${code}, 'b@example.com', 'completed'),
             (${referrer.id}, ${code}, 'c@example.com', 'expired')`);
    expect((await referrer.client.get('/api/referrals/stats')).json()).toMatchObject({
      totalReferrals: 3,
      pendingReferrals: 1,
      completedReferrals: 1,
    });
  });

  it('needs a session', async () => {
    expect((await client(t.app).get('/api/referrals/code')).statusCode).toBe(401);
    expect((await client(t.app).get('/api/referrals/stats')).statusCode).toBe(401);
  });
});

describe('POST /api/validate-referral-code', () => {
  it("accepts another user's code, in any case and with spaces", async () => {
    const referrer = await signedInUser(t.app);
    const friend = await signedInUser(t.app);
    const code = (await referrer.client.get('/api/referrals/code')).json().referralCode as string;
    const res = await friend.client.post('/api/validate-referral-code', { code: ` ${code.toLowerCase()} ` });
    expect(res.json()).toEqual({ valid: true, message: REFERRAL_CODE_VALID });
  });

  it('refuses unknown codes, the user’s own code, and users who already subscribed, saying which', async () => {
    const u = await signedInUser(t.app);
    const own = (await u.client.get('/api/referrals/code')).json().referralCode;
    expect((await u.client.post('/api/validate-referral-code', { code: 'NOSUCH99' })).json()).toEqual({
      valid: false,
      message: 'This referral code does not exist.',
    });
    expect((await u.client.post('/api/validate-referral-code', { code: own })).json().message).toBe(
      'You cannot use your own referral code.',
    );
    const referrer = await signedInUser(t.app);
    const code = (await referrer.client.get('/api/referrals/code')).json().referralCode;
    await t.db.execute(sql`update users set had_trial = true where id = ${u.id}`);
    expect((await u.client.post('/api/validate-referral-code', { code })).json().message).toBe(
      'Referral codes are for new subscribers only.',
    );
  });

  it('treats the code of a deleted account as unknown', async () => {
    const referrer = await signedInUser(t.app);
    const friend = await signedInUser(t.app);
    const code = (await referrer.client.get('/api/referrals/code')).json().referralCode;
    await t.db.execute(sql`delete from users where id = ${referrer.id}`);
    expect((await friend.client.post('/api/validate-referral-code', { code })).json().valid).toBe(false);
  });
});

describe('POST /api/referrals (invitations)', () => {
  it('mails the friend a link that carries the code', async () => {
    const u = await signedInUser(t.app);
    const code = (await u.client.get('/api/referrals/code')).json().referralCode;
    const res = await u.client.post('/api/referrals', { friendEmail: 'Colleague@Practice.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Invitation sent!' });
    const mail = await smtp.waitFor('colleague@practice.example');
    expect(mail.text).toContain(`http://localhost:5000/auth?ref=${code}`);
  });

  it("keeps the inviter's username, which anyone may choose, out of the subject", async () => {
    const u = await signedInUser(t.app, { username: `Your account is locked ${Date.now() % 1000}` });
    await u.client.post('/api/referrals', { friendEmail: 'subject.check@practice.example' });
    const mail = await smtp.waitFor('subject.check@practice.example');
    expect(mail.subject).toBe("You're invited to try ChairNotes, with a month free");
    expect(mail.subject).not.toMatch(/locked/);
    expect(mail.text).toContain(u.username);
  });

  it('refuses inviting yourself, a bad address, and the same address twice in a week', async () => {
    const u = await signedInUser(t.app);
    const self = await u.client.post('/api/referrals', { friendEmail: u.email });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot invite yourself.');
    const bad = await u.client.post('/api/referrals', { friendEmail: 'nope' });
    expect(bad.json()).toEqual({ message: 'friendEmail: Please enter a valid email address' });
    expect((await u.client.post('/api/referrals', { friendEmail: 'twice@example.com' })).statusCode).toBe(
      201,
    );
    const again = await u.client.post('/api/referrals', { friendEmail: 'twice@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You invited this address in the last 7 days.');
    await t.db.execute(sql`update referral_invitations set created_at = now() - interval '8 days'`);
    expect((await u.client.post('/api/referrals', { friendEmail: 'twice@example.com' })).statusCode).toBe(
      201,
    );
  });
});
