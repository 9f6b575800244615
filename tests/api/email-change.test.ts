/**
 * Changing the email (docs/architecture.md#settled-points and docs/architecture.md#identity): the current password, then a link to the new
 * address; only the link applies it. A stolen session alone cannot move the account to another inbox.
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_LINK_INVALID_MESSAGE } from '../../src/server/account/email-address-service';
import { client, signedInUser, stripeApp } from '../support/app';
import { emailLinkToken, startSmtpCatcher } from '../support/smtp';

const smtp = await startSmtpCatcher();
const t = await stripeApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });

let counter = 0;
const newAddress = () => `moved${Date.now().toString(36)}${++counter}@example.org`;

const changeLink = async (email: string) =>
  emailLinkToken((await smtp.waitFor(email, 'Confirm your new ChairNotes email address')).text);

describe('changing the email', () => {
  it('with a stolen session and no password: the email stays, and a reset goes to the owner', async () => {
    const u = await signedInUser(t.app);
    const thief = newAddress();
    const noPassword = await u.client.patch('/api/user', { username: u.username, email: thief });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ message: 'Current password is required to change your email' });
    const wrong = await u.client.patch('/api/user', {
      username: u.username,
      email: thief,
      currentPassword: 'a guess at the password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect' });
    expect((await u.client.get('/api/user')).json().email).toBe(u.email);

    await client(t.app).post('/api/password-reset/request', { email: thief });
    await client(t.app).post('/api/password-reset/request', { email: u.email });
    await smtp.waitFor(u.email, 'Reset your ChairNotes password');
    expect(smtp.mails.filter((m) => m.to === thief)).toEqual([]);
  });

  it('sends a link to the new address; opening it applies the change, ends the other sessions and tells the old address', async () => {
    const u = await signedInUser(t.app);
    const laptop = client(t.app, '10.2.0.1');
    await laptop.post('/api/login', { username: u.username, password: u.password });
    const next = newAddress();

    const res = await u.client.patch('/api/user', {
      username: u.username,
      email: next.toUpperCase(),
      currentPassword: u.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: u.email,
      message: `We sent a confirmation link to ${next}. Your email changes when you open it.`,
    });
    expect((await u.client.get('/api/user')).json().email).toBe(u.email);
    const token = await changeLink(next);

    const confirm = await u.client.post('/api/user/verify-email', { token });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ message: `Your email address is now ${next}.` });
    expect((await u.client.get('/api/user')).json()).toMatchObject({ email: next, emailVerified: true });
    expect((await laptop.get('/api/user')).statusCode).toBe(401);

    const notice = await smtp.waitFor(u.email, 'Your ChairNotes email address was changed');
    expect(notice.text).toContain(next);
    expect(notice.text).toContain('http://localhost:5000/forgot-password');

    const again = await u.client.post('/api/user/verify-email', { token });
    expect(again.json()).toEqual({ message: EMAIL_LINK_INVALID_MESSAGE });
    const signIn = await client(t.app).post('/api/login', { username: next, password: u.password });
    expect(signIn.statusCode).toBe(200);
  });

  it('opened signed out on another device, it ends every session', async () => {
    const u = await signedInUser(t.app);
    const next = newAddress();
    await u.client.patch('/api/user', { username: u.username, email: next, currentPassword: u.password });
    const confirm = await client(t.app, '10.2.0.2').post('/api/user/verify-email', {
      token: await changeLink(next),
    });
    expect(confirm.statusCode).toBe(200);
    expect((await u.client.get('/api/user')).statusCode).toBe(401);
  });

  it("moves the payment provider's customer to the new email", async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.post('/api/create-subscription', { planId: 'pro' })).statusCode).toBe(200);
    const next = newAddress();
    await u.client.patch('/api/user', { username: u.username, email: next, currentPassword: u.password });
    await u.client.post('/api/user/verify-email', { token: await changeLink(next) });

    const { stripe } = t.app.ctx.billing!;
    const customers = await stripe.customers.search({ query: `metadata['userId']:'${u.id}'` });
    expect(customers.data.map((c) => c.email)).toEqual([next]);
  });

  it('answers 409 when the address was taken meanwhile, and keeps the old one', async () => {
    const u = await signedInUser(t.app);
    const next = newAddress();
    await u.client.patch('/api/user', { username: u.username, email: next, currentPassword: u.password });
    const token = await changeLink(next);
    await signedInUser(t.app, { email: next });

    const confirm = await u.client.post('/api/user/verify-email', { token });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({ message: 'Email already registered' });
    expect((await u.client.get('/api/user')).json().email).toBe(u.email);
  });
});
