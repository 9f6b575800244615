import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_THANKS, NEWSLETTER_ALREADY, NEWSLETTER_WELCOME } from '../../src/server/marketing/routes';
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
  it('subscribes, mails a working unsubscribe link, and the link removes the address', async () => {
    const res = await client(t.app).post('/api/newsletter', { email: 'Reader@Example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: NEWSLETTER_WELCOME });
    const mail = await smtp.waitFor('reader@example.com');
    const link = /http:\/\/localhost:5000(\/api\/newsletter\/unsubscribe\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    expect(await count('subscribers')).toBe(1);

    const unsubscribe = await t.app.inject({ method: 'GET', url: link! });
    expect(unsubscribe.statusCode).toBe(303);
    expect(unsubscribe.headers.location).toBe('/newsletter/unsubscribed');
    expect(await count('subscribers')).toBe(0);

    const again = await t.app.inject({ method: 'GET', url: link! });
    expect(again.headers.location).toBe('/newsletter/unsubscribed?invalid=1');
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
