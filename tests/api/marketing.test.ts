import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_THANKS,
  NEWSLETTER_ALREADY,
  NEWSLETTER_UNSUBSCRIBED,
  NEWSLETTER_WELCOME,
  UNSUBSCRIBE_LINK_INVALID,
} from '../../src/server/marketing/routes';
import { client, createTestApp, type TestApp } from '../support/app';
import { startSmtpCatcher } from '../support/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    SALES_EMAIL: 'sales@chairnotes.test',
    FORM_RATE_LIMIT: '1000',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const count = async (table: 'subscribers' | 'contact_messages') =>
  (await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n;

describe('newsletter', () => {
  /** Subscribes an address and returns the welcome mail's unsubscribe token, link and headers. */
  async function subscribed(email: string) {
    const res = await client(t.app).post('/api/newsletter', { email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: NEWSLETTER_WELCOME });
    const mail = await smtp.waitFor(email.toLowerCase());
    const token = /http:\/\/localhost:5000\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    return { token: token!, headers: mail.headers };
  }
  const isSubscribed = async (email: string) =>
    (await t.db.execute(sql`select 1 from subscribers where email = ${email}`)).rows.length === 1;

  it('mails a link to a page that asks, and opening the API address changes nothing', async () => {
    const { token } = await subscribed('Reader@Example.com');
    expect(await isSubscribed('reader@example.com')).toBe(true);
    // A mail app may open the List-Unsubscribe address: it is sent to the page, the subscriber kept.
    const opened = await t.app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${token}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/newsletter/unsubscribe?token=${token}`);
    expect(await isSubscribed('reader@example.com')).toBe(true);
  });

  it("the page's button unsubscribes (POST with the token); a used or unknown token is refused", async () => {
    const { token } = await subscribed('button@example.com');
    const reader = client(t.app);
    const res = await reader.post('/api/newsletter/unsubscribe', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_UNSUBSCRIBED });
    expect(await isSubscribed('button@example.com')).toBe(false);
    const again = await reader.post('/api/newsletter/unsubscribe', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: UNSUBSCRIBE_LINK_INVALID });
    const none = await reader.post('/api/newsletter/unsubscribe', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'token: Required' });
  });

  it('carries one-click List-Unsubscribe headers, and the one-click POST works from a mail provider', async () => {
    const { token, headers } = await subscribed('oneclick@example.com');
    const oneClick = `http://localhost:5000/api/newsletter/unsubscribe?token=${token}`;
    expect(headers['list-unsubscribe']).toBe(`<${oneClick}>`);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // RFC 8058: the provider POSTs the form body to the header's address, with no Origin of ours.
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(oneClick).pathname + new URL(oneClick).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await isSubscribed('oneclick@example.com')).toBe(false);
  });

  it('accepts form bodies on the unsubscribe path only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:5000' },
      payload: 'email=form%40example.com',
    });
    expect(res.statusCode).toBe(415);
    expect(await isSubscribed('form@example.com')).toBe(false);
  });

  it('answers a second sign-up kindly, without an error or a second row', async () => {
    await client(t.app).post('/api/newsletter', { email: 'twice@example.com' });
    const res = await client(t.app).post('/api/newsletter', { email: 'TWICE@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_ALREADY });
    const rows = await t.db.execute(sql`select 1 from subscribers where email = 'twice@example.com'`);
    expect(rows.rows).toHaveLength(1);
  });

  it('refuses a bad address with 400 naming the field, storing nothing', async () => {
    const before = await count('subscribers');
    const res = await client(t.app).post('/api/newsletter', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'email: Please enter a valid email address' });
    expect(await count('subscribers')).toBe(before);
  });
});

describe('contact', () => {
  it('stores a demo request and mails it to sales with the sender as reply-to', async () => {
    const res = await client(t.app).post('/api/contact', {
      kind: 'demo',
      name: 'Dr Priya Shah',
      email: 'priya@smile.example',
      practice: 'Smile Dental, Leeds',
      message: 'We have four surgeries and would like a demo next week.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: CONTACT_THANKS });
    const mail = await smtp.waitFor('sales@chairnotes.test');
    expect(mail.subject).toBe('Demo request from Dr Priya Shah');
    expect(mail.text).toContain('Smile Dental, Leeds');
    expect(mail.text).toContain('four surgeries');
    expect(await count('contact_messages')).toBe(1);
  });

  it('refuses a message that is too short, storing nothing', async () => {
    const res = await client(t.app).post('/api/contact', {
      name: 'Al',
      email: 'al@example.com',
      message: 'hi',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'message: Please write a message of at least 10 characters' });
    expect(await count('contact_messages')).toBe(1);
  });
});

describe('rate limits on mail-sending forms', () => {
  it('refuses the sixth sign-up from one address within 10 minutes', async () => {
    const limited = await createTestApp();
    try {
      const c = client(limited.app, '198.51.100.9');
      const codes = [];
      for (let i = 0; i < 6; i++)
        codes.push((await c.post('/api/newsletter', { email: `r${i}@example.com` })).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
