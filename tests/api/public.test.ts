import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/shared/plans';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NOTE_APP_URL: 'https://notes.chairnotes.co.uk' });
});
afterAll(() => t.close());

describe('public endpoints', () => {
  it('GET /api/health answers ok when the database does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/subscription-plans serves the three plans, cacheable for an hour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription-plans' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const plans = res.json();
    expect(plans.map((p: { id: string; price: number }) => [p.id, p.price])).toEqual([
      ['free', 0],
      ['pro', 99.8],
      ['clinic', 149.8],
    ]);
    expect(plans).toEqual(JSON.parse(JSON.stringify(PLANS)));
  });

  it('GET /api/config tells the client where the note app is, and that Microsoft sign-in is not set up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      noteAppUrl: 'https://notes.chairnotes.co.uk',
      stripePublishableKey: null,
      stripeJsUrl: null,
      microsoftSignIn: false,
    });
    // The same for every visitor until the next deployment: a browser reading it twice asks once.
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
