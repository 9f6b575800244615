import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, signedInUser, stripeApp, subscribeWithCard } from '../support/app';

const t = await stripeApp();
const { fake } = t;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.db.execute<{ n: number }>(query)).rows[0]!.n);

describe('POST /api/user/sign-out-others', () => {
  it('ends every other session and keeps this one', async () => {
    const u = await signedInUser(t.app);
    const laptop = client(t.app);
    const phone = client(t.app);
    for (const c of [laptop, phone])
      await c.post('/api/login', { username: u.username, password: u.password });
    const res = await u.client.post('/api/user/sign-out-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out of all other devices', count: 2 });
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await u.client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('GET /api/user/export', () => {
  it('downloads everything held about the user as JSON, without secrets', async () => {
    const u = await signedInUser(t.app);
    await u.client.post('/api/referrals', { friendEmail: 'colleague@example.co.uk' });
    const res = await u.client.get('/api/user/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="chairnotes-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ username: u.username, email: u.email, loginCount: 1 });
    expect(data.referrals.invitationsSent).toEqual([
      expect.objectContaining({ friendEmail: 'colleague@example.co.uk' }),
    ]);
    expect(data.signedInDevices).toHaveLength(1);
    expect(data.subscription).toMatchObject({ billingDetails: null, cancellations: [] });
    expect(res.body).not.toContain('$argon2');
    expect(JSON.stringify(data)).not.toMatch(/"password"|"id":\s*"[0-9a-f]{64}"/);
  });

  it('holds their billing details and why they cancelled, in their words', async () => {
    const u = await signedInUser(t.app);
    const details = {
      name: 'Export Dental',
      line1: '1 Data Lane',
      city: 'York',
      postcode: 'YO1 7HH',
      vatNumber: '',
    };
    expect((await u.client.put('/api/billing/details', details)).statusCode).toBe(200);
    await subscribeWithCard(t, u);
    const cancelled = await u.client.post('/api/subscription/cancel', {
      reason: 'unused',
      comment: 'Back in the spring.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const data = (await u.client.get('/api/user/export')).json();
    expect(data.subscription.billingDetails).toEqual({ ...details, line2: '' });
    expect(data.subscription.cancellations).toEqual([
      expect.objectContaining({ plan: 'pro', reason: 'unused', comment: 'Back in the spring.' }),
    ]);
  });

  it('needs a session', async () => {
    expect((await client(t.app).get('/api/user/export')).statusCode).toBe(401);
  });
});

describe('DELETE /api/user', () => {
  it('asks for the password and keeps the account on a wrong one', async () => {
    const u = await signedInUser(t.app);
    const res = await u.client.delete('/api/user', { password: 'not my password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Password is incorrect' });
    expect((await u.client.get('/api/user')).statusCode).toBe(200);
  });

  it('cancels the live subscription in Stripe, then erases the account and its sessions', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.post('/api/create-subscription', { planId: 'pro' })).statusCode).toBe(200);
    const [row] = (
      await t.db.execute<{ sub: string }>(
        sql`select stripe_subscription_id as sub from users where id = ${u.id}`,
      )
    ).rows;
    const res = await u.client.delete('/api/user', { password: u.password });
    expect(res.statusCode).toBe(200);
    expect(fake.state.subscriptions.get(row!.sub)!.status).toBe('canceled');
    expect(await count(sql`select count(*) as n from users where id = ${u.id}`)).toBe(0);
    expect(await count(sql`select count(*) as n from user_sessions where user_id = ${u.id}`)).toBe(0);
    expect((await u.client.get('/api/user')).statusCode).toBe(401);
    const login = await client(t.app).post('/api/login', { username: u.username, password: u.password });
    expect(login.statusCode).toBe(401);
  });

  it('deletes nothing when Stripe cannot cancel the subscription', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.post('/api/create-subscription', { planId: 'pro' })).statusCode).toBe(200);
    fake.failNext('DELETE', '/v1/subscriptions/', { status: 500, message: 'Stripe is down' });
    const res = await u.client.delete('/api/user', { password: u.password });
    expect(res.statusCode).toBe(502);
    expect((await u.client.get('/api/user')).statusCode).toBe(200);
  });
});
